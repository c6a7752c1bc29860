import {
  businessDate,
  type CreditNoteDto,
  financialYearOf,
  type InvoiceDetailDto,
  type InvoiceTemplateDto,
  type TdsDto,
} from '@rentora/shared';
import { call } from '../../../test/app';
import type { FixtureBuilder } from '../../../test/fixtures';
import { createInvoice, makeTenancy } from './invoices.testing';

/** A tenancy of company A with a default invoice template, a draft and an issued invoice. */
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
  const credited = await createInvoice(app, owner, tenancy.tenantId, { send: true });
  const note = await call(
    app,
    'POST',
    `/api/invoices/${credited.json<{ data: InvoiceDetailDto }>().data._id}/credit-notes`,
    {
      ...auth,
      body: { reason: 'Guard credit', lines: [{ description: 'Part', amount: 100 }] },
    },
  );
  if (note.statusCode !== 201) throw new Error(`credit note: ${note.body}`);
  // A payment with TDS deducted, for the certificate routes.
  const withTds = await createInvoice(app, owner, tenancy.tenantId, { send: true });
  const tdsPaid = await call(
    app,
    'POST',
    `/api/invoices/${withTds.json<{ data: InvoiceDetailDto }>().data._id}/payments`,
    {
      ...auth,
      body: { amount: 1_470_000, method: 'upi', tds: { section: '194IB', rate: 2, amount: 30_000 } },
    },
  );
  if (tdsPaid.statusCode !== 201) throw new Error(`tds payment: ${tdsPaid.body}`);
  const tds = await call(app, 'GET', `/api/payments/tds?fy=${financialYearOf(businessDate()).label}`, auth);
  const tdsId = tds.json<{ data: TdsDto[] }>().data[0]?._id;
  if (!tdsId) throw new Error(`tds list: ${tds.body}`);
  return {
    'invoice-templates:id': template.json<{ data: InvoiceTemplateDto }>().data._id,
    'invoices:id': issuedId,
    'credit-notes:id': note.json<{ data: CreditNoteDto }>().data._id,
    'mine:id': issuedId,
    '/api/invoices/mine/:id/pdf-link#id': issuedId,
    '/api/invoices/:id/pdf/view#id': issuedId,
    '/api/payments/:id/tds-certificate#id': tdsId,
    'tds:id': tdsId,
    '/api/tenants/me/:id/rent-receipts#id': tenancy.tenantId,
    '/api/tenants/me/:id/rent-receipts/pdf#id': tenancy.tenantId,
  };
};
