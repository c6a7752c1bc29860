import type { CreditNoteLineRow, InvoiceLine } from '../../db/schema';

/** An issued invoice as the exports read it (money in paise). */
export interface ExportInvoice {
  id: string;
  number: string;
  issueDate: string;
  dueDate: string;
  status: string;
  partyId: string;
  partyName: string;
  partyGstin: string | null;
  placeOfSupply: string | null;
  reverseCharge: boolean;
  documentType: 'tax_invoice' | 'bill_of_supply';
  period: string | null;
  lines: InvoiceLine[];
  subtotal: number;
  tax: number;
  total: number;
  currency: string;
}

export interface ExportCreditNote {
  id: string;
  number: string;
  issueDate: string;
  reason: string;
  invoiceNumber: string;
  invoiceDate: string;
  partyId: string;
  partyName: string;
  partyGstin: string | null;
  placeOfSupply: string | null;
  reverseCharge: boolean;
  lines: CreditNoteLineRow[];
  /** The credited invoice's lines (a credit note line names the kind of charge through them). */
  invoiceLines: InvoiceLine[];
  taxableValue: number;
  tax: number;
  total: number;
}

/** A row of the payments ledger: money received (`booking`, `installment`, `invoice`) or paid back (`refund`). */
export interface ExportPayment {
  id: string;
  kind: 'booking' | 'installment' | 'invoice' | 'refund';
  amount: number;
  method: string | null;
  paidAt: Date;
  reference: string;
  receiptNumber: string | null;
  description: string;
  partyId: string | null;
  partyName: string;
  invoiceNumber: string | null;
  /** TDS the payer deducted from this payment (paise; 0 when none). */
  tds: number;
  tdsSection: string | null;
}

export interface ExportBooks {
  from: string;
  to: string;
  invoices: ExportInvoice[];
  creditNotes: ExportCreditNote[];
  payments: ExportPayment[];
}
