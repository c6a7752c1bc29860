import type { AccountingLedgers } from '@rentora/shared';
import { type ReportTable, toCsv } from '../../core/spreadsheet';
import type { CreditNoteLineRow, InvoiceLine } from '../../db/schema';
import { indiaDate, partyLedgerNames } from './accounting-exports.postings';
import type { ExportBooks } from './accounting-exports.types';
import { dayMonthYear, rupees } from './rupees';

/**
 * Zoho Books and QuickBooks Online CSV import layouts: one row per document line (invoices, credit notes) or per
 * payment, amounts in rupees with two decimals straight from the paise, so each document's rows sum to its total.
 */

/** Two-letter state codes Zoho Books reads for Place of Supply, by GST state code. */
const ZOHO_STATE: Readonly<Record<string, string>> = {
  '01': 'JK',
  '02': 'HP',
  '03': 'PB',
  '04': 'CH',
  '05': 'UK',
  '06': 'HR',
  '07': 'DL',
  '08': 'RJ',
  '09': 'UP',
  '10': 'BR',
  '11': 'SK',
  '12': 'AR',
  '13': 'NL',
  '14': 'MN',
  '15': 'MZ',
  '16': 'TR',
  '17': 'ML',
  '18': 'AS',
  '19': 'WB',
  '20': 'JH',
  '21': 'OD',
  '22': 'CG',
  '23': 'MP',
  '24': 'GJ',
  '26': 'DN',
  '27': 'MH',
  '29': 'KA',
  '30': 'GA',
  '31': 'LD',
  '32': 'KL',
  '33': 'TN',
  '34': 'PY',
  '35': 'AN',
  '36': 'TS',
  '37': 'AP',
  '38': 'LA',
};

type AnyLine = Pick<InvoiceLine, 'description' | 'amount'> &
  Partial<
    Pick<
      CreditNoteLineRow,
      'sac' | 'taxableValue' | 'cgstRate' | 'sgstRate' | 'igstRate' | 'cgst' | 'sgst' | 'igst'
    >
  > & {
    treatment?: string;
    quantity?: number;
    unitPrice?: number;
  };

const taxableOf = (line: AnyLine) => line.taxableValue ?? line.amount;
const lineTax = (line: AnyLine) =>
  line.treatment === 'taxable' ? (line.cgst ?? 0) + (line.sgst ?? 0) + (line.igst ?? 0) : 0;
/** Percent of a line's GST (basis points → "18"); 0 for untaxed lines. */
const ratePercent = (line: AnyLine) =>
  line.treatment === 'taxable'
    ? ((line.cgstRate ?? 0) + (line.sgstRate ?? 0) + (line.igstRate ?? 0)) / 100
    : 0;
const interState = (line: AnyLine) => (line.igstRate ?? 0) > 0;

/** Quantity and rate that multiply to the line's taxable value exactly (else 1 × the value). */
function quantityAndRate(line: AnyLine): [number, number] {
  const value = taxableOf(line);
  if (line.quantity && line.unitPrice !== undefined && line.quantity * line.unitPrice === value)
    return [line.quantity, line.unitPrice];
  return [1, value];
}

function zohoTax(line: AnyLine): { name: string; percent: string; type: string; exemption: string } {
  const percent = ratePercent(line);
  if (percent > 0) {
    return interState(line)
      ? { name: `IGST${percent}`, percent: String(percent), type: 'Item Amount', exemption: '' }
      : { name: `GST${percent}`, percent: String(percent), type: 'Tax Group', exemption: '' };
  }
  const exemption =
    line.treatment === 'exempt'
      ? 'Renting of residential dwelling for use as residence (exempt)'
      : line.treatment === 'non_supply'
        ? 'Security deposit: not a supply'
        : line.treatment === 'reverse_charge'
          ? 'Tax payable by the recipient under reverse charge'
          : '';
  return { name: '', percent: '', type: '', exemption };
}

const gstTreatment = (gstin: string | null) => (gstin ? 'business_registered_regular' : 'consumer');

function qboTaxCode(line: AnyLine): string {
  const percent = ratePercent(line);
  if (percent > 0) return interState(line) ? `IGST ${percent}%` : `GST ${percent}%`;
  if (line.treatment === 'non_supply') return 'Out of Scope';
  return 'Exempt';
}

export function zohoFiles(books: ExportBooks, ledgers: AccountingLedgers): Record<string, string> {
  const parties = partyLedgerNames(books);
  const party = (id: string | null, name: string) => (id && parties.get(id)) || name;
  const accountOf = (kind: InvoiceLine['kind']) =>
    ({
      rent: ledgers.rentIncome,
      maintenance: ledgers.maintenanceIncome,
      utilities: ledgers.utilityIncome,
      penalty: ledgers.lateFeeIncome,
      deposit: ledgers.securityDeposit,
      other: ledgers.otherIncome,
    })[kind];

  const invoices: ReportTable = {
    title: 'Invoices',
    columns: [
      'Invoice Date',
      'Invoice Number',
      'Invoice Status',
      'Customer Name',
      'GST Treatment',
      'GST Identification Number (GSTIN)',
      'Place of Supply',
      'Due Date',
      'Currency Code',
      'Is Inclusive Tax',
      'Item Name',
      'Item Desc',
      'Item Type',
      'HSN/SAC',
      'Quantity',
      'Item Price',
      'Item Tax',
      'Item Tax %',
      'Item Tax Type',
      'Item Tax Exemption Reason',
      'Item Tax Amount',
      'Account',
      'Is Reverse Charge Applied',
    ],
    rows: books.invoices.flatMap((invoice) =>
      invoice.lines.map((line) => {
        const [quantity, rate] = quantityAndRate(line);
        const tax = zohoTax(line);
        return [
          invoice.issueDate,
          invoice.number,
          invoice.status === 'void' ? 'Void' : 'Sent',
          party(invoice.partyId, invoice.partyName),
          gstTreatment(invoice.partyGstin),
          invoice.partyGstin ?? '',
          ZOHO_STATE[invoice.placeOfSupply ?? ''] ?? '',
          invoice.dueDate,
          invoice.currency,
          'false',
          line.description,
          invoice.period ? `Period ${invoice.period}` : '',
          'service',
          line.sac ?? '',
          String(quantity),
          rupees(rate),
          tax.name,
          tax.percent,
          tax.type,
          tax.exemption,
          rupees(lineTax(line)),
          accountOf(line.kind),
          invoice.reverseCharge ? 'true' : 'false',
        ];
      }),
    ),
  };

  const creditNotes: ReportTable = {
    title: 'Credit Notes',
    columns: [
      'Credit Note Date',
      'Credit Note Number',
      'Customer Name',
      'GST Treatment',
      'GST Identification Number (GSTIN)',
      'Place of Supply',
      'Reason',
      'Associated Invoice Number',
      'Currency Code',
      'Item Name',
      'HSN/SAC',
      'Quantity',
      'Item Price',
      'Item Tax',
      'Item Tax %',
      'Item Tax Type',
      'Item Tax Exemption Reason',
      'Item Tax Amount',
      'Account',
    ],
    rows: books.creditNotes.flatMap((credit) =>
      credit.lines.map((line) => {
        const tax = zohoTax(line);
        const kind = credit.invoiceLines.find((l) => l.description === line.description)?.kind ?? 'other';
        return [
          credit.issueDate,
          credit.number,
          party(credit.partyId, credit.partyName),
          gstTreatment(credit.partyGstin),
          credit.partyGstin ?? '',
          ZOHO_STATE[credit.placeOfSupply ?? ''] ?? '',
          credit.reason,
          credit.invoiceNumber,
          'INR',
          line.description,
          line.sac ?? '',
          '1',
          rupees(line.taxableValue),
          tax.name,
          tax.percent,
          tax.type,
          tax.exemption,
          rupees(lineTax(line)),
          accountOf(kind),
        ];
      }),
    ),
  };

  const received = books.payments.filter((p) => p.kind !== 'refund');
  const payments: ReportTable = {
    title: 'Customer Payments',
    columns: [
      'Date',
      'Payment Number',
      'Customer Name',
      'Mode',
      'Amount',
      'Reference Number',
      'Deposit To',
      'Description',
      'Invoice Number',
      'Amount Applied to Invoice',
      'Withholding Tax Amount',
    ],
    rows: received.map((p) => [
      indiaDate(p.paidAt),
      p.receiptNumber ?? '',
      party(p.partyId, p.partyName),
      modeOf(p.method),
      rupees(p.amount),
      p.reference,
      p.method === 'cash' ? ledgers.cash : ledgers.bank,
      p.description,
      p.invoiceNumber ?? '',
      p.invoiceNumber ? rupees(p.amount + p.tds) : '',
      rupees(p.tds),
    ]),
  };

  return {
    'zoho-invoices.csv': toCsv(invoices),
    'zoho-credit-notes.csv': toCsv(creditNotes),
    'zoho-customer-payments.csv': toCsv(payments),
  };
}

const MODES: Readonly<Record<string, string>> = {
  cash: 'Cash',
  cheque: 'Check',
  bank_transfer: 'Bank Transfer',
  upi: 'UPI',
  card: 'Credit Card',
  netbanking: 'Bank Transfer',
};
const modeOf = (method: string | null) => (method && MODES[method]) || 'Others';

export function quickbooksFiles(books: ExportBooks, ledgers: AccountingLedgers): Record<string, string> {
  const parties = partyLedgerNames(books);
  const party = (id: string | null, name: string) => (id && parties.get(id)) || name;
  const lineColumns = [
    'Item(Product/Service)',
    'ItemDescription',
    'ItemQuantity',
    'ItemRate',
    'ItemAmount',
    'ItemTaxCode',
    'ItemTaxAmount',
    'Currency',
  ];
  const lineCells = (line: AnyLine, productName: string) => {
    const [quantity, rate] = quantityAndRate(line);
    return [
      productName,
      line.description,
      String(quantity),
      rupees(rate),
      rupees(taxableOf(line)),
      qboTaxCode(line),
      rupees(lineTax(line)),
      'INR',
    ];
  };
  const product = (kind: InvoiceLine['kind']) =>
    ({
      rent: 'Rent',
      maintenance: 'Maintenance',
      utilities: 'Utilities',
      penalty: 'Late fee',
      deposit: 'Security deposit',
      other: 'Other charges',
    })[kind];

  const invoices: ReportTable = {
    title: 'Invoices',
    columns: ['InvoiceNo', 'Customer', 'InvoiceDate', 'DueDate', 'Memo', ...lineColumns],
    rows: books.invoices.flatMap((invoice) =>
      invoice.lines.map((line) => [
        invoice.number,
        party(invoice.partyId, invoice.partyName),
        dayMonthYear(invoice.issueDate),
        dayMonthYear(invoice.dueDate),
        invoice.period ? `Period ${invoice.period}` : '',
        ...lineCells(line, product(line.kind)),
      ]),
    ),
  };
  const creditMemos: ReportTable = {
    title: 'Credit Memos',
    columns: ['CreditMemoNo', 'Customer', 'CreditMemoDate', 'Memo', ...lineColumns],
    rows: books.creditNotes.flatMap((credit) =>
      credit.lines.map((line) => [
        credit.number,
        party(credit.partyId, credit.partyName),
        dayMonthYear(credit.issueDate),
        `Against ${credit.invoiceNumber}: ${credit.reason}`,
        ...lineCells(
          line,
          product(credit.invoiceLines.find((l) => l.description === line.description)?.kind ?? 'other'),
        ),
      ]),
    ),
  };
  const payments: ReportTable = {
    title: 'Payments',
    columns: [
      'PaymentNo',
      'Customer',
      'PaymentDate',
      'PaymentMethod',
      'DepositToAccount',
      'InvoiceNo',
      'Amount',
      'TDSAmount',
      'ReferenceNo',
      'Memo',
    ],
    rows: books.payments
      .filter((p) => p.kind !== 'refund')
      .map((p) => [
        p.receiptNumber ?? '',
        party(p.partyId, p.partyName),
        dayMonthYear(indiaDate(p.paidAt)),
        modeOf(p.method),
        p.method === 'cash' ? ledgers.cash : ledgers.bank,
        p.invoiceNumber ?? '',
        rupees(p.amount),
        rupees(p.tds),
        p.reference,
        p.description,
      ]),
  };
  return {
    'quickbooks-invoices.csv': toCsv(invoices),
    'quickbooks-credit-memos.csv': toCsv(creditMemos),
    'quickbooks-payments.csv': toCsv(payments),
  };
}
