import type { InvoiceTemplateDto, InvoiceTemplateInput } from '@rentora/shared';

export type Draft = Required<Omit<InvoiceTemplateInput, 'defaultLineItems' | 'logoUrl' | 'gstNumber'>> & {
  gstNumber: string;
  logoUrl: string;
};

export const EMPTY: Draft = {
  name: '',
  logoUrl: '',
  primaryColor: '#4f46e5',
  accentColor: '#0f172a',
  headerText: '',
  footerText: '',
  paymentInstructions: '',
  gstNumber: '',
  taxRate: 0,
  notes: '',
  isDefault: false,
};

export const fromTemplate = (t: InvoiceTemplateDto): Draft => ({
  name: t.name,
  logoUrl: t.logoUrl ?? '',
  primaryColor: t.primaryColor,
  accentColor: t.accentColor,
  headerText: t.headerText,
  footerText: t.footerText,
  paymentInstructions: t.paymentInstructions,
  gstNumber: t.gstNumber ?? '',
  taxRate: t.taxRate,
  notes: t.notes,
  isDefault: t.isDefault,
});
