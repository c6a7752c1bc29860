/** The URLs of API requests: query strings as the API reads them, and which auth paths never refresh. */

export type QueryPrimitive = string | number | boolean;
export type QueryValue = QueryPrimitive | null | undefined | readonly (QueryPrimitive | null | undefined)[];
export type QueryParams = { readonly [key: string]: QueryValue };

/** Auth endpoints whose 401 means "wrong credentials or link", never "refresh and retry". */
const CREDENTIAL_ENDPOINTS = [
  '/auth/login',
  '/auth/login/2fa',
  '/auth/register',
  '/auth/register-company',
  '/auth/refresh-token',
  '/auth/logout',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/verify-email',
  '/auth/resend-verification',
];

export function isAuthUrl(path: string): boolean {
  const pathname = path.split('?')[0] ?? path;
  return CREDENTIAL_ENDPOINTS.some(
    (endpoint) => pathname === endpoint || pathname.startsWith(`${endpoint}/`),
  );
}

function isEmpty(value: QueryValue | QueryPrimitive): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Empty, null and undefined values are left out; arrays are sent as key[]=a&key[]=b. */
export function buildQueryString(query: QueryParams | undefined, timestamp?: number): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    const name = encodeURIComponent(key);
    if (Array.isArray(value)) {
      for (const item of value) {
        if (!isEmpty(item)) parts.push(`${name}[]=${encodeURIComponent(String(item))}`);
      }
    } else if (!isEmpty(value as QueryValue)) {
      parts.push(`${name}=${encodeURIComponent(String(value))}`);
    }
  }
  if (timestamp !== undefined) parts.push(`_t=${timestamp}`);
  return parts.length ? `?${parts.join('&')}` : '';
}
