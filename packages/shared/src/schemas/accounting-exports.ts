import { z } from 'zod';

/**
 * Accounting exports: a period's invoices, credit notes and money received, written for the accountant's books —
 * Tally Prime XML vouchers, or the CSV import layouts of Zoho Books and QuickBooks Online (a zip of three files).
 */

export const ACCOUNTING_EXPORT_FORMATS = ['tally', 'zoho', 'quickbooks'] as const;
export type AccountingExportFormat = (typeof ACCOUNTING_EXPORT_FORMATS)[number];

/** The longest period one export covers (a financial year has at most 366 days). */
export const ACCOUNTING_EXPORT_MAX_DAYS = 366;

const ZExportDate = z.iso.date({ message: 'Use a date like 2026-04-01' });

export const ZAccountingExportQuery = z
  .object({
    from: ZExportDate,
    to: ZExportDate,
    format: z.enum(ACCOUNTING_EXPORT_FORMATS),
  })
  .superRefine((query, ctx) => {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
    if (days < 0)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' });
    else if (days >= ACCOUNTING_EXPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Export at most one year (366 days) at a time' });
  });
export type AccountingExportQuery = z.infer<typeof ZAccountingExportQuery>;

/** The ledger (account) names the exports post to; each company may rename them to match its books. */
export const ACCOUNTING_LEDGER_KEYS = [
  'partyGroup',
  'rentIncome',
  'maintenanceIncome',
  'utilityIncome',
  'lateFeeIncome',
  'otherIncome',
  'securityDeposit',
  'outputCgst',
  'outputSgst',
  'outputIgst',
  'tdsReceivable',
  'bank',
  'cash',
  'roundOff',
] as const;
export type AccountingLedgerKey = (typeof ACCOUNTING_LEDGER_KEYS)[number];

export const DEFAULT_ACCOUNTING_LEDGERS: Readonly<Record<AccountingLedgerKey, string>> = {
  partyGroup: 'Sundry Debtors',
  rentIncome: 'Rent Income',
  maintenanceIncome: 'Maintenance Charges',
  utilityIncome: 'Utility Charges Recovered',
  lateFeeIncome: 'Late Fee Income',
  otherIncome: 'Other Operating Income',
  securityDeposit: 'Security Deposits Received',
  outputCgst: 'Output CGST',
  outputSgst: 'Output SGST',
  outputIgst: 'Output IGST',
  tdsReceivable: 'TDS Receivable',
  bank: 'Bank Account',
  cash: 'Cash',
  roundOff: 'Round Off',
};

export const ACCOUNTING_LEDGER_LABELS: Readonly<Record<AccountingLedgerKey, string>> = {
  partyGroup: 'Group of tenant (party) ledgers',
  rentIncome: 'Rent',
  maintenanceIncome: 'Maintenance charges',
  utilityIncome: 'Utilities (electricity, water, gas)',
  lateFeeIncome: 'Late fees',
  otherIncome: 'Other charges',
  securityDeposit: 'Security deposits (liability)',
  outputCgst: 'Output CGST',
  outputSgst: 'Output SGST',
  outputIgst: 'Output IGST',
  tdsReceivable: 'TDS deducted by tenants',
  bank: 'Bank (UPI, transfers, cards, cheques, gateway)',
  cash: 'Cash',
  roundOff: 'Round off',
};

const ZLedgerName = z
  .string()
  .trim()
  .min(1, 'Give the ledger a name')
  .max(100, 'Keep ledger names under 100 characters')
  .refine((name) => !/[<>&"]/.test(name), 'Ledger names cannot contain < > & or "');

export const ZAccountingLedgers = z.object(
  Object.fromEntries(ACCOUNTING_LEDGER_KEYS.map((key) => [key, ZLedgerName])) as Record<
    AccountingLedgerKey,
    typeof ZLedgerName
  >,
);
export type AccountingLedgers = z.infer<typeof ZAccountingLedgers>;

export const ZAccountingExportSettingsBody = z.object({ ledgers: ZAccountingLedgers });
export type AccountingExportSettingsBody = z.infer<typeof ZAccountingExportSettingsBody>;

export const ZAccountingExportSettingsDto = z.object({
  ledgers: ZAccountingLedgers,
  /** True while the company has never saved its own names (the defaults apply). */
  isDefault: z.boolean(),
});
export type AccountingExportSettingsDto = z.infer<typeof ZAccountingExportSettingsDto>;
