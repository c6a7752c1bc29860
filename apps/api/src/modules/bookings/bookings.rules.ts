import type { BookingStatusEntry } from '../../db/schema';

/** The rules every booking use case shares: its history entries, open statuses and dates. */

/** A status history entry, stamped now. */
export const entry = (status: string, note: string | null, byUserId: string | null): BookingStatusEntry => ({
  status,
  note,
  at: new Date().toISOString(),
  byUserId,
});

/** The statuses of a booking that still holds its unit. */
export const OPEN_STATUSES = ['pending_payment', 'partially_paid', 'confirmed'] as const;

/** `isoDate` plus `months` calendar months, on the same day or the month's last day when it has fewer. */
export function addMonths(isoDate: string, months: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
