import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed file URLs: `/uploads/<key>?exp=<unix seconds>&sig=<hmac>`. `<img src>` cannot send a bearer
 * header, so DTOs carry URLs signed for a short while. The expiry is rounded up to the next full hour plus
 * one, so a URL stays the same for an hour (browsers can cache it) and lives between one and two hours.
 */
export const SIGNED_URL_BUCKET_SECONDS = 3600;

export interface UrlSigner {
  /** A URL anyone holding it may use until it expires. */
  signed(key: string, now?: Date): string;
  /** A URL without signature: only for files the public listing shows. */
  unsigned(key: string): string;
  /** Whether `sig` is a valid, unexpired signature of `key`. */
  verify(key: string, exp: number | undefined, sig: string | undefined, now?: Date): boolean;
}

export const UPLOADS_PREFIX = '/uploads/';

/** Signed URLs remembered for the current bucket (about 100 bytes each). */
const MAX_REMEMBERED_URLS = 20_000;

export function createUrlSigner(secret: string): UrlSigner {
  const signingKey = createHmac('sha256', secret).update('rentora:uploads:v1').digest();
  const signatureOf = (key: string, exp: number) =>
    createHmac('sha256', signingKey).update(`${key}\n${exp}`).digest('base64url');

  // A URL is the same for a whole bucket, so it is signed once per bucket: lists of photos (several URLs a row)
  // otherwise spent more CPU on HMACs than on their query.
  let urlsOfBucket = new Map<string, string>();
  let bucketExp = 0;

  return {
    signed(key, now = new Date()) {
      const seconds = Math.floor(now.getTime() / 1000);
      const exp = (Math.floor(seconds / SIGNED_URL_BUCKET_SECONDS) + 2) * SIGNED_URL_BUCKET_SECONDS;
      if (exp !== bucketExp || urlsOfBucket.size >= MAX_REMEMBERED_URLS) {
        urlsOfBucket = new Map();
        bucketExp = exp;
      }
      let url = urlsOfBucket.get(key);
      if (!url) {
        url = `${UPLOADS_PREFIX}${key}?exp=${exp}&sig=${signatureOf(key, exp)}`;
        urlsOfBucket.set(key, url);
      }
      return url;
    },
    unsigned(key) {
      return `${UPLOADS_PREFIX}${key}`;
    },
    verify(key, exp, sig, now = new Date()) {
      if (exp === undefined || !sig) return false;
      if (exp * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(signatureOf(key, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
