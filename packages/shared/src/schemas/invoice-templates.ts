import { z } from 'zod';
import { ZInvoiceLineInput, ZInvoiceLineKind } from './invoices';

/** Invoice templates: colours, texts, default lines and tax rate (late fees are the rules of schemas/late-fees.ts). */

const ZColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #4f46e5');

/** Tax rate in basis points: 0 – 100 %. */
export const ZTaxRate = z.number().int().min(0).max(10_000);

/** The template fields without their create defaults (an update must not reset the fields it leaves out). */
const templateFields = {
  name: z.string().trim().min(1, 'Required').max(100),
  /** Read-only but for `null` on update (removes the uploaded logo); logos are uploaded to POST /{id}/logo. */
  logoUrl: z.string().trim().max(500).nullable(),
  primaryColor: ZColor,
  accentColor: ZColor,
  headerText: z.string().max(500),
  footerText: z.string().max(500),
  defaultLineItems: z.array(ZInvoiceLineInput).max(50),
  paymentInstructions: z.string().max(1000),
  gstNumber: z
    .string()
    .trim()
    .max(20)
    .regex(/^[0-9A-Z]*$/, 'Use capital letters and digits')
    .nullable(),
  taxRate: ZTaxRate,
  notes: z.string().max(1000),
  isDefault: z.boolean(),
};

export const ZInvoiceTemplateBody = z.object({
  ...templateFields,
  logoUrl: templateFields.logoUrl.optional(),
  primaryColor: templateFields.primaryColor.default('#4f46e5'),
  accentColor: templateFields.accentColor.default('#0f172a'),
  headerText: templateFields.headerText.default(''),
  footerText: templateFields.footerText.default(''),
  defaultLineItems: templateFields.defaultLineItems.default([]),
  paymentInstructions: templateFields.paymentInstructions.default(''),
  gstNumber: templateFields.gstNumber.optional(),
  taxRate: templateFields.taxRate.default(0),
  notes: templateFields.notes.default(''),
  isDefault: templateFields.isDefault.default(false),
});
export type InvoiceTemplateBody = z.infer<typeof ZInvoiceTemplateBody>;
export type InvoiceTemplateInput = z.input<typeof ZInvoiceTemplateBody>;

export const ZInvoiceTemplateUpdateBody = z.object(templateFields).partial();
export type InvoiceTemplateUpdateBody = z.infer<typeof ZInvoiceTemplateUpdateBody>;

export const ZInvoiceTemplateDto = z.object({
  _id: z.string(),
  companyId: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  accentColor: z.string(),
  headerText: z.string(),
  footerText: z.string(),
  defaultLineItems: z.array(
    z.object({
      description: z.string(),
      quantity: z.number(),
      unitPrice: z.number().int(),
      kind: ZInvoiceLineKind,
    }),
  ),
  paymentInstructions: z.string(),
  gstNumber: z.string().nullable(),
  taxRate: z.number().int(),
  notes: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceTemplateDto = z.infer<typeof ZInvoiceTemplateDto>;
