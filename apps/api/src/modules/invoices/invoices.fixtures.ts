import type { CreditNoteDto, InvoiceDetailDto, InvoiceTemplateDto } from '@rentora/shared';
import { call } from '../../../test/app';
import type { FixtureBuilder } from '../../../test/fixtures';
import { createInvoice, makeTenancy } from './invoices.testing';

/** A tenancy of company A with a default invoice template, an issued invoice and a small credit note against it. */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const auth = { token: owner.token, companyId: owner.companyId };
  const tenancy = await makeTenancy(app, owner);
  const template = await call(app, 'POST', '/api/invoice-templates', {
    ...auth,
    body: {
      name: 'Guard template',
      taxRate: 1800,
      gstNumber: '29ABCDE1234F1Z5',
      paymentInstructions: 'Pay by UPI',
    },
  });
  if (template.statusCode !== 201) throw new Error(`template: ${template.body}`);
  const issued = await createInvoice(app, owner, tenancy.tenantId, { send: true });
  if (issued.statusCode !== 201) throw new Error(`invoice: ${issued.body}`);
  const issuedId = issued.json<{ data: InvoiceDetailDto }>().data._id;
  const note = await call(app, 'POST', `/api/invoices/${issuedId}/credit-notes`, {
    ...auth,
    body: { reason: 'Guard credit', lines: [{ description: 'Guard', amount: 100 }] },
  });
  if (note.statusCode !== 201) throw new Error(`credit note: ${note.body}`);
  return {
    'invoice-templates:id': template.json<{ data: InvoiceTemplateDto }>().data._id,
    'invoices:id': issuedId,
    'credit-notes:id': note.json<{ data: CreditNoteDto }>().data._id,
    'mine:id': issuedId,
    '/api/invoices/mine/:id/pdf-link#id': issuedId,
    '/api/invoices/:id/pdf/view#id': issuedId,
  };
};
