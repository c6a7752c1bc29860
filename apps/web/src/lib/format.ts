import {
  DEFAULT_TIME_ZONE,
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  formatTime as formatTimeIn,
  UNLIMITED,
  zoneLabel,
} from '@rentora/shared';

export {
  formatCount,
  formatMoney,
  formatMoneyCompact,
  formatMoneyExact,
  formatMonth,
  timeAgo,
} from '@rentora/shared';

/**
 * The web's formatting: the shared Indian formats (packages/shared/src/format) in the zone of the company the
 * person works in (set by the session when the company changes; Asia/Kolkata for tenants and the public).
 */
let displayZone = DEFAULT_TIME_ZONE;

/** Called by the session when the current company (and so its zone) changes. */
export function setDisplayTimeZone(timeZone: string | null | undefined): void {
  displayZone = timeZone || DEFAULT_TIME_ZONE;
}

export const displayTimeZone = () => displayZone;

/** True when this browser's clock is in another zone than the company's: times then carry the company's zone. */
function browserElsewhere(at: Date): boolean {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (browserZone === displayZone) return false;
  return formatTimeIn(at, browserZone) !== formatTimeIn(at, displayZone);
}

const labelled = (text: string, at: Date) =>
  browserElsewhere(at) ? `${text} ${zoneLabel(displayZone, at)}` : text;

/** "05 Nov 2026": a business date as it is, an instant as its day in the company's zone. */
export function formatDate(value: string | Date | null | undefined): string {
  return formatDateIn(value, displayZone);
}

/** "07:21 PM" in the company's zone ("07:21 PM IST" seen from a browser elsewhere). */
export function formatTime(value: string | Date): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  return labelled(formatTimeIn(at, displayZone), at);
}

/** "05 Nov 2026, 07:21 PM" in the company's zone (labelled when the browser is elsewhere). */
export function formatDateTime(value: string | Date): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  return labelled(formatDateTimeIn(at, displayZone), at);
}

export function formatLimit(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return value === UNLIMITED ? 'Unlimited' : value.toLocaleString('en-IN');
}

/** "maintenance_coordinator" → "maintenance coordinator". */
export function humanize(value: string | null | undefined): string {
  return (value ?? '').replace(/_/g, ' ');
}
