import { UNLIMITED } from '@rentora/shared';

/** Integer minor units + currency → "₹2,499". */
export function formatMoney(minor: number, currency = 'INR'): string {
  const amount = minor / 100;
  return new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en', {
    style: 'currency',
    currency,
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

export function formatLimit(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return value === UNLIMITED ? 'Unlimited' : value.toLocaleString('en-IN');
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** "maintenance_coordinator" → "maintenance coordinator". */
export function humanize(value: string | null | undefined): string {
  return (value ?? '').replace(/_/g, ' ');
}

/** A date and time in India (IST), e.g. "26 Nov 2026, 2:35 pm". */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  });
}
