/**
 * How the product writes money, dates and times, everywhere (web pages, PDFs, emails, SMS, exports): Indian
 * conventions, in the company's time zone (Asia/Kolkata unless the company chose another).
 * - Money: ₹ with lakh and crore grouping (₹1,23,45,678), paise only where there are some (₹78,450 · ₹78,450.50).
 * - Dates: DD MMM YYYY (05 Nov 2026). A business date (`YYYY-MM-DD`) is a day, written as it is; an instant is
 *   written as the day it is in the zone.
 * - Times: 07:21 PM; with a date: 05 Nov 2026, 07:21 PM.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** True for an IANA zone this runtime knows ("Asia/Kolkata", "Europe/London"). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const groupers = new Map<string, Intl.NumberFormat>();
function grouper(currency: string, fraction: 0 | 2): Intl.NumberFormat {
  const key = `${currency}:${fraction}`;
  let format = groupers.get(key);
  if (!format) {
    format = new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en', {
      style: 'currency',
      currency,
      minimumFractionDigits: fraction,
      maximumFractionDigits: fraction,
    });
    groupers.set(key, format);
  }
  return format;
}

/** Minor units (paise) → "₹78,450" or "₹78,450.50"; negative "-₹1,200". */
export function formatMoney(minor: number, currency = 'INR'): string {
  const fraction = minor % 100 === 0 ? 0 : 2;
  return grouper(currency, fraction).format(minor / 100);
}

/** Minor units with paise always shown ("₹78,450.00"): documents whose columns must line up (PDF totals). */
export function formatMoneyExact(minor: number, currency = 'INR'): string {
  return grouper(currency, 2).format(minor / 100);
}

const figures = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Minor units as a figure with paise and Indian grouping, no sign ("1,23,456.70"): a column headed "(₹)". */
export function formatAmountExact(minor: number): string {
  return figures.format(minor / 100);
}

/** Short money for charts and tiles: ₹950, ₹45,000, ₹1.2 L, ₹3.45 Cr. */
export function formatMoneyCompact(minor: number): string {
  const rupees = Math.abs(minor) / 100;
  const sign = minor < 0 ? '-' : '';
  const trim = (value: number) => value.toFixed(2).replace(/\.?0+$/, '');
  if (rupees >= 1e7) return `${sign}₹${trim(rupees / 1e7)} Cr`;
  if (rupees >= 1e5) return `${sign}₹${trim(rupees / 1e5)} L`;
  return `${sign}${grouper('INR', 0).format(Math.round(rupees))}`;
}

/** A count with Indian grouping: 1,23,456. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-IN');
}

interface ZonedParts {
  year: string;
  month: number;
  day: string;
  hour: string;
  minute: string;
  dayPeriod: string;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();
function zonedParts(at: Date, timeZone: string): ZonedParts {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    });
    partFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: parts.year!,
    month: Number(parts.month),
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    dayPeriod: (parts.dayPeriod ?? '').toUpperCase(),
  };
}

const BUSINESS_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-11-05" (a day) or an instant → "05 Nov 2026" (the instant's day in `timeZone`). Empty for nothing. */
export function formatDate(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const day = BUSINESS_DATE.exec(value);
    if (day) return `${day[3]} ${MONTHS[Number(day[2]) - 1]} ${day[1]}`;
  }
  const at = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(at.getTime())) return '';
  const p = zonedParts(at, timeZone);
  return `${p.day} ${MONTHS[p.month - 1]} ${p.year}`;
}

/** A month "2026-09" → "Sep 2026" (or "Sep" with `{ year: false }`). */
export function formatMonth(month: string, options: { year?: boolean } = {}): string {
  const [year, m] = month.split('-');
  const name = MONTHS[Number(m) - 1] ?? '';
  return options.year === false ? name : `${name} ${year}`;
}

/** An instant → "07:21 PM" in `timeZone`. */
export function formatTime(value: string | Date, timeZone = DEFAULT_TIME_ZONE): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(at.getTime())) return '';
  const p = zonedParts(at, timeZone);
  return `${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** An instant → "05 Nov 2026, 07:21 PM" in `timeZone`. */
export function formatDateTime(value: string | Date, timeZone = DEFAULT_TIME_ZONE): string {
  const date = formatDate(value, timeZone);
  return date ? `${date}, ${formatTime(value, timeZone)}` : '';
}

/** The short name of a zone at an instant ("IST", "GMT+1"), to label times shown to someone elsewhere. */
export function zoneLabel(timeZone = DEFAULT_TIME_ZONE, at: Date = new Date()): string {
  if (timeZone === 'Asia/Kolkata') return 'IST';
  const part = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "5 minutes ago", "in 2 days", "just now" (a zone does not change a distance in time). */
export function timeAgo(value: string | Date, now: number = Date.now()): string {
  const at = typeof value === 'string' ? new Date(value) : value;
  const seconds = Math.round((at.getTime() - now) / 1000);
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}
