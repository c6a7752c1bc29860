/**
 * Business dates in India's time zone, financial years (April to March) and the numbers of document series.
 */

/** India keeps one offset all year (no daylight saving): UTC+05:30. */
const IST_OFFSET_MS = 330 * 60_000;
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';

/** The business date at `now` in Asia/Kolkata, `YYYY-MM-DD`: 23:30 IST is still today, 00:10 IST is tomorrow. */
export const businessDate = (now: Date = new Date()): string =>
  new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The business month of `now` in Asia/Kolkata, `YYYY-MM`. */
export const businessMonth = (now: Date = new Date()): string => businessDate(now).slice(0, 7);

/** The instant a business date starts (00:00 IST) as a Date. */
export const startOfBusinessDate = (date: string): Date => new Date(Date.parse(`${date}T00:00:00+05:30`));

export interface FinancialYear {
  /** The calendar year the financial year starts in (April). */
  startYear: number;
  /** "2026-27" */
  label: string;
  /** "26-27", as a document number carries it */
  short: string;
  /** First and last day, `YYYY-MM-DD` */
  from: string;
  to: string;
}

export function financialYearStarting(startYear: number): FinancialYear {
  const end = String((startYear + 1) % 100).padStart(2, '0');
  return {
    startYear,
    label: `${startYear}-${end}`,
    short: `${String(startYear % 100).padStart(2, '0')}-${end}`,
    from: `${startYear}-04-01`,
    to: `${startYear + 1}-03-31`,
  };
}

/** The financial year (1 April – 31 March) a business date `YYYY-MM-DD` belongs to. */
export function financialYearOf(date: string): FinancialYear {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return financialYearStarting(month >= 4 ? year : year - 1);
}

/** GST law caps a document's serial number at 16 characters. */
export const DOCUMENT_NUMBER_MAX_LENGTH = 16;
export const DOCUMENT_SERIAL_DIGITS = 5;
export const DOCUMENT_SERIES = ['invoice', 'credit_note', 'receipt'] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];
export const DEFAULT_SERIES_PREFIX: Record<DocumentSeries, string> = {
  invoice: 'INV',
  credit_note: 'CN',
  receipt: 'RCT',
};

/** `INV/26-27/00042`: prefix, financial year, serial padded to five digits (more when the serial needs them). */
export function formatDocumentNumber(prefix: string, fy: FinancialYear, serial: number): string {
  return `${prefix}/${fy.short}/${String(serial).padStart(DOCUMENT_SERIAL_DIGITS, '0')}`;
}

/** The longest prefix that keeps five-digit numbers within 16 characters. */
export const SERIES_PREFIX_MAX_LENGTH =
  DOCUMENT_NUMBER_MAX_LENGTH - formatDocumentNumber('', financialYearStarting(2026), 1).length;

/** Why a series prefix cannot be used, or null. Letters, digits, `-` and `/` only, as GST serials allow. */
export function seriesPrefixProblem(prefix: string): string | null {
  if (prefix.length === 0) return 'Give a prefix';
  if (!/^[A-Za-z0-9/-]+$/.test(prefix)) return 'Use letters, digits, "-" and "/" only';
  if (prefix.length > SERIES_PREFIX_MAX_LENGTH)
    return `At most ${SERIES_PREFIX_MAX_LENGTH} characters: a number (${formatDocumentNumber(prefix, financialYearStarting(2026), 1)}) may not pass ${DOCUMENT_NUMBER_MAX_LENGTH}`;
  return null;
}

/** A file name for a document number: `INV/26-27/00042` → `INV-26-27-00042.pdf`. */
export const documentFileName = (number: string | null, fallback = 'document'): string =>
  `${(number ?? fallback).replace(/[/\\]/g, '-')}.pdf`;

/** Whether a search term is a whole document number: `INV/26-27/00042`, or `INV-2026-000042` as numbered before. */
export const isDocumentNumber = (term: string): boolean =>
  /^INV-\d{4}-\d{1,9}$/i.test(term) || /^[A-Z0-9/-]{1,4}\/\d{2}-\d{2}\/\d{1,9}$/i.test(term);
