import { z } from 'zod';
import { seriesPrefixProblem } from '../domain/financial-year';
import { gstinProblem } from '../domain/gst-registration';
import { GST_DOCUMENT_TYPES, GST_TREATMENTS, GST_USES } from '../domain/gst-tax';
import { ZId, zMonthLabel } from './common';
import { zQueryText } from './properties';
import { ZOptionalPan } from './rent-tax';
import { ZDateOnly } from './rental-units';

/** GST: the company's tax settings, credit notes and the GSTR-1 export. Money in paise, rates in percent. */

export const ZGstUse = z.enum(GST_USES);
export const ZGstDocumentType = z.enum(GST_DOCUMENT_TYPES);
export const ZGstTreatment = z.enum(GST_TREATMENTS);

/** A GSTIN, trimmed and upper-cased, checked for format, state code and check character. */
export const ZGstin = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An optional GSTIN: empty text means none. */
export const ZOptionalGstin = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  ZGstin.nullable(),
);

const zSeriesPrefix = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = seriesPrefixProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A GST rate in percent with up to two decimals (18, 12, 5, 0.25). */
export const ZGstRatePercent = z
  .number()
  .min(0)
  .max(40)
  .refine((r) => Math.abs(Math.round(r * 100) - r * 100) < 1e-6, 'At most two decimals');

export const ZTaxSettingsBody = z.object({
  gstin: ZOptionalGstin,
  legalName: z.string().trim().max(200).default(''),
  address: z.string().trim().max(500).default(''),
  rate: ZGstRatePercent.default(18),
  invoicePrefix: zSeriesPrefix.default('INV'),
  creditNotePrefix: zSeriesPrefix.default('CN'),
  receiptPrefix: zSeriesPrefix.default('RCT'),
  /** The landlord's PAN (rent receipts); absent keeps the one stored, empty removes it. */
  pan: ZOptionalPan.optional(),
});
export type TaxSettingsBody = z.infer<typeof ZTaxSettingsBody>;
export type TaxSettingsInput = z.input<typeof ZTaxSettingsBody>;

export const ZTaxSettingsDto = z.object({
  gstin: z.string().nullable(),
  legalName: z.string(),
  address: z.string(),
  /** The GSTIN's first two digits (read-only), null when not registered. */
  stateCode: z.string().nullable(),
  stateName: z.string().nullable(),
  rate: z.number(),
  invoicePrefix: z.string(),
  creditNotePrefix: z.string(),
  receiptPrefix: z.string(),
  pan: z.string().nullable(),
  /** The current financial year ("2026-27") and the next numbers of its series. */
  financialYear: z.string(),
  nextInvoiceNumber: z.string(),
  nextCreditNoteNumber: z.string(),
  nextReceiptNumber: z.string(),
});
export type TaxSettingsDto = z.infer<typeof ZTaxSettingsDto>;

export const ZPlaceOfSupply = z.object({ code: z.string(), name: z.string() });
export type PlaceOfSupply = z.infer<typeof ZPlaceOfSupply>;

/** The GST columns every invoice and credit-note line carries (paise; rates in basis points). */
export const gstLineFields = {
  sac: z.string().nullable(),
  treatment: ZGstTreatment,
  taxableValue: z.number().int(),
  cgstRate: z.number(),
  sgstRate: z.number(),
  igstRate: z.number(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
};

/** What makes a document a tax invoice: who supplies whom, where, and the tax totals (paise). */
export const gstDocumentFields = {
  documentType: ZGstDocumentType,
  /** "2026-27" */
  financialYear: z.string(),
  placeOfSupply: ZPlaceOfSupply.nullable(),
  reverseCharge: z.boolean(),
  gstUse: ZGstUse,
  supplierGstin: z.string().nullable(),
  supplierLegalName: z.string(),
  supplierAddress: z.string(),
  recipientGstin: z.string().nullable(),
  recipientLegalName: z.string(),
  recipientAddress: z.string(),
  taxableValue: z.number().int(),
  /** Tax by component, forward and reverse charge alike (`tax` is the part the document collects). */
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  /** Tax the recipient pays on reverse charge: shown on the document, not part of its total. */
  reverseChargeTax: z.number().int(),
};

// ---------- credit notes ----------

export const ZCreditNoteLineInput = z.object({
  description: z.string().trim().min(1, 'Required').max(200),
  /** The taxable value credited (before tax), in paise. */
  amount: z
    .number()
    .int('Must be a whole amount in paise')
    .positive('Must be more than 0')
    .max(2_000_000_000),
});

export const ZCreditNoteBody = z
  .object({
    reason: z.string().trim().min(1, 'Give a reason').max(500),
    lines: z.array(ZCreditNoteLineInput).min(1, 'Add at least one line').max(50).optional(),
    fullAmount: z.boolean().optional(),
  })
  .refine((b) => (b.fullAmount === true) !== (b.lines !== undefined), {
    message: 'Give either lines or fullAmount: true',
    path: ['lines'],
  });
export type CreditNoteBody = z.infer<typeof ZCreditNoteBody>;
export type CreditNoteInput = z.input<typeof ZCreditNoteBody>;

export const ZCreditNoteLine = z.object({
  description: z.string(),
  amount: z.number().int(),
  ...gstLineFields,
});
export type CreditNoteLine = z.infer<typeof ZCreditNoteLine>;

export const ZCreditNoteDto = z.object({
  _id: z.string(),
  number: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  propertyName: z.string(),
  unitNumber: z.string(),
  issueDate: z.string(),
  reason: z.string(),
  lines: z.array(ZCreditNoteLine),
  ...gstDocumentFields,
  /** Tax collected back (forward charge): CGST + SGST + IGST of the taxable lines. */
  tax: z.number().int(),
  total: z.number().int(),
  createdAt: z.string(),
});
export type CreditNoteDto = z.infer<typeof ZCreditNoteDto>;

export const ZCreditNoteListItemDto = ZCreditNoteDto.omit({ lines: true });
export type CreditNoteListItemDto = z.infer<typeof ZCreditNoteListItemDto>;

export const ZCreditNoteListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  invoiceId: ZId.optional(),
  tenantId: ZId.optional(),
  from: ZDateOnly.optional(),
  to: ZDateOnly.optional(),
  /** A credit-note or invoice number, or the tenant's name. */
  search: zQueryText(100),
});
export type CreditNoteListQuery = z.infer<typeof ZCreditNoteListQuery>;

// ---------- GSTR-1 ----------

export const ZGstPeriod = zMonthLabel('2026-04');

export const ZGstr1Query = z.object({
  period: ZGstPeriod,
  format: z.enum(['json', 'csv']).default('json'),
  /** With csv: one section as the GST offline tool imports it; without, every section one after another. */
  section: z.enum(['b2b', 'b2cs', 'cdnr', 'exemp', 'hsn']).optional(),
});
export type Gstr1Query = z.infer<typeof ZGstr1Query>;

const taxColumns = {
  /** Percent, e.g. 18 */
  rate: z.number(),
  taxableValue: z.number().int(),
  igst: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  cess: z.number().int(),
};

export const ZGstr1B2bRow = z.object({
  recipientGstin: z.string(),
  recipientName: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  invoiceValue: z.number().int(),
  placeOfSupply: z.string(),
  reverseCharge: z.boolean(),
  invoiceType: z.literal('Regular B2B'),
  ...taxColumns,
});
export const ZGstr1B2csRow = z.object({ type: z.literal('OE'), placeOfSupply: z.string(), ...taxColumns });
export const ZGstr1CdnrRow = z.object({
  recipientGstin: z.string(),
  recipientName: z.string(),
  creditNoteId: z.string(),
  noteNumber: z.string(),
  noteDate: z.string(),
  noteType: z.literal('C'),
  placeOfSupply: z.string(),
  reverseCharge: z.boolean(),
  noteSupplyType: z.literal('Regular B2B'),
  noteValue: z.number().int(),
  ...taxColumns,
});
export const GSTR1_EXEMPT_DESCRIPTIONS = [
  'Inter-State supplies to registered persons',
  'Intra-State supplies to registered persons',
  'Inter-State supplies to unregistered persons',
  'Intra-State supplies to unregistered persons',
] as const;
export const ZGstr1ExemptRow = z.object({
  description: z.enum(GSTR1_EXEMPT_DESCRIPTIONS),
  nilRated: z.number().int(),
  exempted: z.number().int(),
  nonGst: z.number().int(),
});
export const ZGstr1HsnRow = z.object({
  hsn: z.string(),
  description: z.string(),
  uqc: z.string(),
  totalQuantity: z.number(),
  totalValue: z.number().int(),
  ...taxColumns,
});

export const ZGstr1Dto = z.object({
  period: z.string(),
  financialYear: z.string(),
  gstin: z.string().nullable(),
  legalName: z.string(),
  b2b: z.array(ZGstr1B2bRow),
  b2cs: z.array(ZGstr1B2csRow),
  cdnr: z.array(ZGstr1CdnrRow),
  exemp: z.array(ZGstr1ExemptRow),
  hsn: z.array(ZGstr1HsnRow),
  /** The month's documents: invoices issued and credit notes, and their sums (credit notes count negative). */
  totals: z.object({
    invoices: z.number().int(),
    creditNotes: z.number().int(),
    taxableValue: z.number().int(),
    igst: z.number().int(),
    cgst: z.number().int(),
    sgst: z.number().int(),
    /** Deposits on the invoices less those credited: not supplies, reported as non-GST. */
    nonSupply: z.number().int(),
    value: z.number().int(),
  }),
});
export type Gstr1Dto = z.infer<typeof ZGstr1Dto>;

/** The billing details of a tenancy: set when the tenant is a GST-registered business. */
export const ZTenancyBillingBody = z.object({
  gstin: ZOptionalGstin.optional(),
  legalName: z.string().trim().max(200).optional(),
  billingAddress: z.string().trim().max(500).optional(),
});
export const ZTenancyBillingDto = z.object({
  gstin: z.string().nullable(),
  legalName: z.string(),
  billingAddress: z.string(),
});
