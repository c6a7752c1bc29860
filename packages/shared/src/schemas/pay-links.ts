import { z } from 'zod';
import { ZId, ZIsoDate } from './common';
import { ZInvoiceLineKind, ZInvoiceStatus } from './invoices';
import { ZCheckoutFields, ZPaymentOrderDto } from './payments';

/**
 * Pay links: `/pay/{token}` opens one invoice to whoever holds the token (a reminder's link, the tenant portal's Pay
 * button) and pays its balance without an account.
 */

/** A token is 22 base64url characters (128 random bits); any other text is simply not a link (404). */
export const PAY_LINK_TOKEN_LENGTH = 22;
export const ZPayLinkParams = z.object({ token: z.string().max(200) });
export const ZPayLinkReceiptParams = z.object({ id: ZId });
export const ZSignedLinkQuery = z.object({
  exp: z.coerce.number().int().min(0).max(1e11).optional().catch(undefined),
  sig: z.string().max(100).optional().catch(undefined),
});

/** A receipt of money paid for the invoice, with a short-lived link to its PDF. */
export const ZPayLinkReceiptDto = z.object({
  _id: ZId,
  receiptNumber: z.string(),
  invoiceNumber: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  paidAt: ZIsoDate,
  method: z.string().nullable(),
  /** `/api/public/pay-receipts/{id}?exp=&sig=`: the PDF, for ten minutes. */
  url: z.string(),
});
export type PayLinkReceiptDto = z.infer<typeof ZPayLinkReceiptDto>;

export const ZPayLinkLineDto = z.object({
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number().int(),
  kind: ZInvoiceLineKind,
  amount: z.number().int(),
  /** CGST + SGST + IGST of the line. */
  tax: z.number().int(),
});

/** What the public pay page shows: the company, the invoice and the tenant's first name; nothing else. */
export const ZPayLinkDto = z.object({
  /** `open`: the balance can be paid; `paid`: nothing is left to pay (the receipts show what was paid). */
  state: z.enum(['open', 'paid']),
  company: z.object({ name: z.string(), logoUrl: z.string().nullable(), gstin: z.string().nullable() }),
  tenantFirstName: z.string(),
  invoice: z.object({
    number: z.string(),
    period: z.string().nullable(),
    issueDate: ZIsoDate,
    dueDate: ZIsoDate,
    status: ZInvoiceStatus,
    currency: z.string(),
    lines: z.array(ZPayLinkLineDto),
    subtotal: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
    creditedAmount: z.number().int(),
    amountPaid: z.number().int(),
    balance: z.number().int(),
  }),
  expiresAt: ZIsoDate,
  receipts: z.array(ZPayLinkReceiptDto),
});
export type PayLinkDto = z.infer<typeof ZPayLinkDto>;

export const ZPayLinkCheckoutDto = z.object({
  order: ZPaymentOrderDto,
  keyId: z.string(),
  gateway: z.enum(['sandbox', 'razorpay']),
});
export type PayLinkCheckoutDto = z.infer<typeof ZPayLinkCheckoutDto>;

/** Checkout's answer; `invoiceId`, when sent, must be the link's invoice. */
export const ZPayLinkVerifyBody = ZCheckoutFields.extend({ invoiceId: ZId.optional() });
export type PayLinkVerifyBody = z.infer<typeof ZPayLinkVerifyBody>;

/** The tenant portal's invoices: the open ones each with its pay link token, and the receipts of the tenancy. */
export const ZPortalInvoiceDto = z.object({
  _id: ZId,
  number: z.string(),
  period: z.string().nullable(),
  dueDate: ZIsoDate,
  status: ZInvoiceStatus,
  currency: z.string(),
  total: z.number().int(),
  balance: z.number().int(),
  /** The invoice's pay link token (the same Pay flow as `/pay/{token}`). */
  payToken: z.string(),
});
export type PortalInvoiceDto = z.infer<typeof ZPortalInvoiceDto>;

export const ZPortalInvoicesDto = z.object({
  invoices: z.array(ZPortalInvoiceDto),
  receipts: z.array(ZPayLinkReceiptDto),
});
export type PortalInvoicesDto = z.infer<typeof ZPortalInvoicesDto>;

/** A pay link as staff (and the reminders) get it: the same live link on every call while it has days left. */
export const ZIssuedPayLinkDto = z.object({ token: z.string(), url: z.string(), expiresAt: ZIsoDate });
export type IssuedPayLinkDto = z.infer<typeof ZIssuedPayLinkDto>;
