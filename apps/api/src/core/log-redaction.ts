import { isUuid } from './ids';

/**
 * Logs never carry secrets: request lines lose query values that are credentials (signatures, tokens, codes) and
 * path segments that are one-time tokens (mailed links: email verification, password reset, invitations; portal and
 * tracking codes). Ids (UUIDs) stay: they are what an operator searches for.
 */
const SECRET_QUERY_KEYS =
  /^(sig|signature|token|refreshtoken|code|key|password|x-amz-signature|x-amz-credential)$/i;
/** Path segments after these name a secret (the token of a mailed link or a portal code). */
const SECRET_AFTER = new Set([
  'verify-email',
  'reset-password',
  'invitation',
  'invitations',
  'accept',
  'tenant-portal',
  'assignee-portal',
  'tickets',
  'token',
]);

export function redactUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2);
  const segments = pathname.split('/');
  const safePath = segments
    .map((segment, index) => {
      const previous = segments[index - 1] ?? '';
      const looksSecret = segment.length >= 20 && !isUuid(segment) && /^[A-Za-z0-9_.~%-]+$/.test(segment);
      return SECRET_AFTER.has(previous.toLowerCase()) && looksSecret ? '[redacted]' : segment;
    })
    .join('/');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [key = '', value] = pair.split('=', 2);
      return value !== undefined && SECRET_QUERY_KEYS.test(decodeURIComponent(key).replace(/\[\]$/, ''))
        ? `${key}=[redacted]`
        : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}
