import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/** 16 random bytes: 128 bits, 22 base64url characters (the issue asks for at least 96). */
export const PAY_LINK_TOKEN_BYTES = 16;
export const PAY_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/** The key that seals pay-link tokens, derived for this one purpose from the at-rest encryption key of the config. */
export function payLinkKey(masterKey: string): Buffer {
  return createHmac('sha256', masterKey).update('pay-link-token-v1').digest();
}

export function newPayLinkToken(): string {
  return b64(randomBytes(PAY_LINK_TOKEN_BYTES));
}

/** The lookup key of a token: SHA-256, base64url (a token is random, so no salt or slow hash is needed). */
export function hashPayLinkToken(token: string): string {
  return b64(createHash('sha256').update(token).digest());
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`. */
export function sealPayLinkToken(key: Buffer, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return ['v1', b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.');
}

/** The token, or null when it was sealed under another key (the key changed) or the text is not a sealed token. */
export function openPayLinkToken(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
