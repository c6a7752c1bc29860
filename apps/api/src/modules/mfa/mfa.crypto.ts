import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import { MFA_RECOVERY_CODE_COUNT, MFA_REMEMBER_DEVICE_DAYS } from '@rentora/shared';
import { Secret, TOTP } from 'otpauth';

const CHALLENGE_TTL_MS = 5 * 60_000;
const DEVICE_TTL_SECONDS = MFA_REMEMBER_DEVICE_DAYS * 24 * 3600;
const DEVICE_COOKIE_PATH = '/api/auth';
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/** The keys of two-factor sign-in, each derived from MFA_ENCRYPTION_KEY for one purpose. */
export function createMfaKeys(masterKey: string) {
  const derive = (purpose: string) => createHmac('sha256', masterKey).update(purpose).digest();
  return {
    secret: derive('mfa-secret-v1'),
    challenge: derive('mfa-challenge-v1'),
    device: derive('mfa-device-v1'),
  };
}
export type MfaKeys = ReturnType<typeof createMfaKeys>;

const sign = (key: Buffer, data: string) => b64(createHmac('sha256', key).update(data).digest());

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`. */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unknown two-factor secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

const TOTP_PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: 'Rentora',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The 30-second step a code belongs to: the current one or the one either side (clock drift); null if none. */
export function totpStepOf(secretBase32: string, code: string): number | null {
  const delta = totpOf(secretBase32, 'check').validate({ token: code.trim(), window: 1 });
  if (delta === null) return null;
  return Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: MFA_RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Recovery codes are compared without case, spaces or dashes. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

/** The signed, short-lived proof that the password was right, exchanged with a code for tokens. */
export function signChallenge(keys: MfaKeys, userId: string): string {
  const payload = b64(
    Buffer.from(JSON.stringify({ sub: userId, jti: randomUUID(), exp: Date.now() + CHALLENGE_TTL_MS })),
  );
  return `${payload}.${sign(keys.challenge, payload)}`;
}

export function verifyChallenge(keys: MfaKeys, token: string): { sub: string; jti: string } | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature || !sameText(signature, sign(keys.challenge, payload))) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      sub?: unknown;
      jti?: unknown;
      exp?: unknown;
    };
    if (typeof claims.sub !== 'string' || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') {
      return null;
    }
    return claims.exp > Date.now() ? { sub: claims.sub, jti: claims.jti } : null;
  } catch {
    return null;
  }
}

/** One cookie per account, so two people on one browser keep their own. */
export function deviceCookieName(userId: string): string {
  return `rentora_mfa_device_${createHash('sha256').update(userId).digest('hex').slice(0, 16)}`;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

interface CookieOptions {
  secure: boolean;
}

function cookieAttributes(maxAge: number, options: CookieOptions): string {
  return `Path=${DEVICE_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${options.secure ? '; Secure' : ''}`;
}

/** A Set-Cookie value remembering this device for the account at its current device epoch. */
export function rememberDeviceCookie(
  keys: MfaKeys,
  userId: string,
  epoch: number,
  options: CookieOptions,
): string {
  const exp = Math.floor(Date.now() / 1000) + DEVICE_TTL_SECONDS;
  const data = `${userId}.${epoch}.${exp}`;
  return `${deviceCookieName(userId)}=${data}.${sign(keys.device, data)}; ${cookieAttributes(DEVICE_TTL_SECONDS, options)}`;
}

export function forgetDeviceCookie(userId: string, options: CookieOptions): string {
  return `${deviceCookieName(userId)}=; ${cookieAttributes(0, options)}`;
}

/** The Cookie header remembers this device for the account at `epoch`, unexpired and correctly signed. */
export function isRememberedDevice(
  keys: MfaKeys,
  header: string | undefined,
  userId: string,
  epoch: number,
): boolean {
  const value = readCookie(header, deviceCookieName(userId));
  if (!value) return false;
  const [cookieUser, cookieEpoch, exp, signature] = value.split('.');
  if (!cookieUser || !cookieEpoch || !exp || !signature) return false;
  const data = `${cookieUser}.${cookieEpoch}.${exp}`;
  return (
    sameText(signature, sign(keys.device, data)) &&
    cookieUser === userId &&
    Number(cookieEpoch) === epoch &&
    Number(exp) > Date.now() / 1000
  );
}
