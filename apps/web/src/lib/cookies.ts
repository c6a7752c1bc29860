/** Minimal document.cookie access (spec 01 §9: token 30 h, refresh token 7 d, currentCompanyId 7 d). */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${Math.round(
    maxAgeSeconds,
  )}; Path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser
  document.cookie = `${encodeURIComponent(name)}=; Max-Age=0; Path=/; SameSite=Lax`;
}

export const HOUR_SECONDS = 3600;
export const DAY_SECONDS = 24 * HOUR_SECONDS;

export interface CookieJar {
  read(name: string): string | null;
  write(name: string, value: string, maxAgeSeconds: number): void;
  remove(name: string): void;
}

export const documentCookies: CookieJar = { read: readCookie, write: writeCookie, remove: deleteCookie };

/** An in-memory jar (tests, or environments without document.cookie). */
export function createMemoryCookieJar(): CookieJar {
  const values = new Map<string, string>();
  return {
    read: (name) => values.get(name) ?? null,
    write: (name, value) => void values.set(name, value),
    remove: (name) => void values.delete(name),
  };
}
