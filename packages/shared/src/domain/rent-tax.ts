/**
 * Income-tax facts of rent in India: the landlord's PAN on HRA rent receipts, the revenue stamp on cash receipts,
 * and the TDS a tenant may deduct from rent (sections 194-IB and 194-I).
 */

/** A PAN: five letters, four digits, one letter (AAAAA9999A). */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

export function panProblem(value: string): string | null {
  return PAN_PATTERN.test(value) ? null : 'A PAN is five letters, four digits and a letter (AAAAA9999A)';
}

/** Rent receipts of a year above this (paise) need the landlord's PAN for the tenant's HRA claim. */
export const HRA_PAN_THRESHOLD = 1_00_000_00;

/** A cash receipt above this (paise) carries a revenue stamp. */
export const REVENUE_STAMP_THRESHOLD = 5_000_00;

export const TDS_SECTIONS = ['194IB', '194I'] as const;
export type TdsSection = (typeof TDS_SECTIONS)[number];

export const TDS_SECTION_LABELS: Record<TdsSection, string> = {
  '194IB': '194-IB (rent paid by individuals and HUFs)',
  '194I': '194-I (rent paid by businesses)',
};

export const TDS_STATUSES = ['certificate_pending', 'certificate_received'] as const;
export type TdsStatus = (typeof TDS_STATUSES)[number];

export const TDS_STATUS_LABELS: Record<TdsStatus, string> = {
  certificate_pending: 'Certificate pending',
  certificate_received: 'Certificate received',
};

/** The most TDS a section's rate allows on a payment: rate % of what it settles (cash + TDS), rounded. */
export const maxTdsOf = (ratePercent: number, cash: number, tds: number): number =>
  Math.round((ratePercent * (cash + tds)) / 100);

/**
 * The share of a payment that paid rent: the payment split in proportion of the invoice's rent lines (with their
 * tax) to its total, rounded down to the paisa, so that the rent of several payments never exceeds the rent billed.
 */
export function rentShareOf(payment: number, rentOfInvoice: number, invoiceTotal: number): number {
  if (invoiceTotal <= 0 || rentOfInvoice <= 0) return 0;
  if (rentOfInvoice >= invoiceTotal) return payment;
  return Math.floor((payment * rentOfInvoice) / invoiceTotal);
}

/** The months of a financial year ("2026-27" → 2026-04 … 2027-03). */
export function monthsOfFinancialYear(label: string): string[] {
  const start = Number(label.slice(0, 4));
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((3 + i) % 12) + 1;
    const year = i < 9 ? start : start + 1;
    return `${year}-${String(month).padStart(2, '0')}`;
  });
}
