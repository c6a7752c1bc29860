/** Paise as a rupee amount with two decimals ("-11800.50"), in integers all the way (no float rounding). */
export function rupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "2026-11-05" → "20261105" (Tally's dates). */
export const compactDate = (isoDate: string) => isoDate.replaceAll('-', '');

/** "2026-11-05" → "05/11/2026" (the Indian date order QuickBooks Online India reads). */
export const dayMonthYear = (isoDate: string) => isoDate.split('-').reverse().join('/');
