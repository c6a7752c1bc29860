import { describe, expect, it } from 'vitest';
import { createUrlSigner, SIGNED_URL_BUCKET_SECONDS } from './signed-urls';

describe('createUrlSigner', () => {
  const signer = createUrlSigner('a-secret-for-this-test-only-0123456789');
  const now = new Date('2026-11-23T10:15:00Z');
  const nextBucket = new Date(now.getTime() + SIGNED_URL_BUCKET_SECONDS * 1000);

  it('gives one URL per key and bucket, valid until it expires', () => {
    const url = signer.signed('a/photo.webp', now);
    expect(signer.signed('a/photo.webp', new Date(now.getTime() + 60_000))).toBe(url);
    expect(signer.signed('b/photo.webp', now)).not.toBe(url);
    const later = signer.signed('a/photo.webp', nextBucket);
    expect(later).not.toBe(url);
    for (const signed of [url, later]) {
      const params = new URL(signed, 'http://x').searchParams;
      const exp = Number(params.get('exp'));
      expect(signer.verify('a/photo.webp', exp, params.get('sig') ?? undefined, now)).toBe(true);
      expect(signer.verify('b/photo.webp', exp, params.get('sig') ?? undefined, now)).toBe(false);
      expect(signer.verify('a/photo.webp', exp, params.get('sig') ?? undefined, new Date(exp * 1000))).toBe(
        false,
      );
    }
  });

  it('signs again after going back to an earlier bucket', () => {
    const current = signer.signed('c/photo.webp', nextBucket);
    const earlier = signer.signed('c/photo.webp', now);
    expect(earlier).not.toBe(current);
    expect(signer.signed('c/photo.webp', now)).toBe(earlier);
  });
});
