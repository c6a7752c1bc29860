import { createHmac, timingSafeEqual } from 'node:crypto';

export const AGREEMENT_URL_SECONDS = 300;

/** Short-lived signed links to `/api/bookings/:id/agreement/file?version=…` (the PDFs are private). */
export function createAgreementLinks(secret: string) {
  const key = createHmac('sha256', secret).update('rentora:booking-agreements:v1').digest();
  const sign = (bookingId: string, version: string, exp: number) =>
    createHmac('sha256', key).update(`${bookingId}\n${version}\n${exp}`).digest('base64url');
  return {
    url(bookingId: string, version: 'unsigned' | 'signed', now = new Date()): string {
      const exp = Math.floor(now.getTime() / 1000) + AGREEMENT_URL_SECONDS;
      return `/api/bookings/${bookingId}/agreement/file?version=${version}&exp=${exp}&sig=${sign(bookingId, version, exp)}`;
    },
    verify(
      bookingId: string,
      version: string,
      exp: number | undefined,
      sig: string | undefined,
      now = new Date(),
    ) {
      if (exp === undefined || !sig || exp * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(sign(bookingId, version, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
