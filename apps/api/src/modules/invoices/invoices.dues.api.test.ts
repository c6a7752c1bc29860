import type { InvoiceDetailDto, InvoiceTemplateDto } from '@rentora/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany } from '../../../test/factories';
import { rentalUnitUsers } from '../../db/schema';
import { refreshTenantDues } from './invoices.dues';
import {
  createInvoice,
  issuedInvoice,
  makeTenancy,
  payInvoiceInSandbox,
  registerForGst,
  rentLine,
} from './invoices.testing';

let app: FastifyInstance;

const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

interface Dues {
  rent: number;
  maintenance: number;
  utilities: number;
  penalties: number;
  total: number;
}

async function dues(company: CompanySession, tenantId: string): Promise<Dues> {
  const response = await call(app, 'GET', `/api/tenants/${tenantId}/dues`, as(company));
  expect(response.statusCode, response.body).toBe(200);
  const { rent, maintenance, utilities, penalties, total } = response.json<{ data: Dues }>().data;
  return { rent, maintenance, utilities, penalties, total };
}

const lines = [
  rentLine(1_000_000),
  { description: 'Maintenance', quantity: 1, unitPrice: 150_000, kind: 'maintenance' },
  { description: 'Water', quantity: 3, unitPrice: 33_333, kind: 'utilities' },
  { description: 'Late fee', quantity: 1, unitPrice: 50_000, kind: 'penalty' },
];

beforeAll(async () => {
  ({ app } = await getTestApp());
}, 300_000);

describe('tenant dues follow invoices', () => {
  it('move when an invoice is sent, partly paid offline, paid online, and voided', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    await registerForGst(app, company);
    const place = await makeTenancy(app, company, { unitType: 'office' });
    const gst = await call(app, 'POST', '/api/invoice-templates', {
      ...as(company),
      body: { name: 'GST', taxRate: 1800 },
    });
    const templateId = gst.json<{ data: InvoiceTemplateDto }>().data._id;
    expect(await dues(company, place.tenantId)).toEqual({
      rent: 0,
      maintenance: 0,
      utilities: 0,
      penalties: 0,
      total: 0,
    });
    // A draft asks nothing yet.
    const draft = await createInvoice(app, company, place.tenantId, { lineItems: lines, templateId });
    expect(draft.statusCode, draft.body).toBe(201);
    const invoice = draft.json<{ data: InvoiceDetailDto }>().data;
    expect((await dues(company, place.tenantId)).total).toBe(0);
    // Sent: each kind asks its lines plus their own 18 % GST (9 % CGST + 9 % SGST); the parts add up to the total.
    const sent = await call(app, 'POST', `/api/invoices/${invoice._id}/send`, as(company));
    expect(sent.statusCode, sent.body).toBe(200);
    const open = await dues(company, place.tenantId);
    expect(open).toEqual({
      rent: 1_000_000 + 180_000,
      maintenance: 150_000 + 27_000,
      utilities: 99_999 + 18_000,
      penalties: 50_000 + 9_000,
      total: invoice.total,
    });
    // Partly paid: payments settle the lines in their order (rent first).
    const part = await call(app, 'POST', `/api/invoices/${invoice._id}/payments`, {
      ...as(company),
      body: { amount: 1_200_000, method: 'cash' },
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(await dues(company, place.tenantId)).toEqual({
      rent: 0,
      maintenance: 177_000 - 20_000,
      utilities: 117_999,
      penalties: 59_000,
      total: invoice.total - 1_200_000,
    });
    // Paid online by the tenant: nothing is due.
    const online = await payInvoiceInSandbox(app, place.person, invoice._id);
    expect((await online.verify()).statusCode).toBe(200);
    expect((await dues(company, place.tenantId)).total).toBe(0);
    // A second invoice sent, then voided: its dues come and go.
    const second = await issuedInvoice(app, company, place.tenantId, { lineItems: [rentLine(500_000)] });
    expect((await dues(company, place.tenantId)).rent).toBe(500_000 + 90_000); // a commercial unit: 18 % GST
    const voided = await call(app, 'POST', `/api/invoices/${second._id}/void`, {
      ...as(company),
      body: { reason: 'Wrong month' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await dues(company, place.tenantId)).total).toBe(0);
    // A deposit line is due as `other`, and in the total; it is not a supply, so it carries no GST.
    await issuedInvoice(app, company, place.tenantId, {
      lineItems: [{ description: 'Deposit', quantity: 1, unitPrice: 100_000, kind: 'deposit' }],
    });
    const withDeposit = await call(app, 'GET', `/api/tenants/${place.tenantId}/dues`, as(company));
    expect(withDeposit.json<{ data: Record<string, number> }>().data).toMatchObject({
      rent: 0,
      other: 100_000,
      total: 100_000,
    });
  });

  it('keeps a hand-set figure (PUT /financials) as an adjustment on top of the invoices', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const place = await makeTenancy(app, company);
    await issuedInvoice(app, company, place.tenantId, { lineItems: [rentLine(400_000)] });
    const set = await call(app, 'PUT', `/api/tenants/${place.tenantId}/financials`, {
      ...as(company),
      body: { rent: 700_000, utilities: 10_000 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await dues(company, place.tenantId)).toMatchObject({ rent: 700_000, utilities: 10_000 });
    // A new invoice adds to what was set; paying it takes it off again.
    const next = await issuedInvoice(app, company, place.tenantId, { lineItems: [rentLine(100_000)] });
    expect((await dues(company, place.tenantId)).rent).toBe(800_000);
    await call(app, 'POST', `/api/invoices/${next._id}/payments`, {
      ...as(company),
      body: { amount: 100_000, method: 'upi' },
    });
    expect(await dues(company, place.tenantId)).toMatchObject({ rent: 700_000, total: 710_000 });
    // The tenant list reads the same stored figures.
    const detail = await call(app, 'GET', `/api/tenants/${place.tenantId}`, as(company));
    expect(
      detail.json<{ data: { financialDetails: { outstandingDues: Dues } } }>().data.financialDetails
        .outstandingDues,
    ).toMatchObject({ rent: 700_000, utilities: 10_000, total: 710_000 });
  });

  it('grows with the rent run and the late fee exactly as a full refresh computes it', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    await registerForGst(app, company);
    const place = await makeTenancy(app, company, {
      rentAmount: 1_234_567,
      maintenanceCharges: 98_765,
      unitType: 'shop',
    });
    await call(app, 'POST', '/api/invoice-templates', {
      ...as(company),
      body: {
        name: 'GST',
        taxRate: 1800,
        isDefault: true,
      },
    });
    await call(app, 'PUT', '/api/collections/late-fee-rules', {
      ...as(company),
      body: { scope: 'company', type: 'fixed', amount: 50_000, graceDays: 1 },
    });
    const run = await call(app, 'POST', '/api/invoices/generate-rent', {
      ...as(company),
      body: { month: '2026-02' },
    });
    expect(run.statusCode, run.body).toBe(200);
    const afterRun = await dues(company, place.tenantId);
    // Per line, half up: 2 × 111,111 on the rent and 2 × 8,889 on the maintenance.
    const tax = 2 * 111_111 + 2 * 8_889;
    expect(afterRun.total).toBe(1_234_567 + 98_765 + tax);
    expect(afterRun.rent).toBeGreaterThan(1_234_567);
    // The set-based increment of the rent run equals the full recomputation.
    const stored = async () =>
      (
        await app.deps.db
          .select({ rent: rentalUnitUsers.duesRent, maintenance: rentalUnitUsers.duesMaintenance })
          .from(rentalUnitUsers)
          .where(
            and(eq(rentalUnitUsers.id, place.tenantId), eq(rentalUnitUsers.companyId, company.companyId)),
          )
      )[0];
    const before = await stored();
    await app.deps.db.transaction((tx) => refreshTenantDues(tx, company.companyId, place.tenantId));
    expect(await stored()).toEqual(before);
    // The late fee (a penalty line) moves the penalties.
    await app.services.lateFees.charge('2026-03-20', { companyId: company.companyId });
    const late = await dues(company, place.tenantId);
    expect(late.penalties).toBe(50_000 + 9_000);
    expect(late.total).toBe(afterRun.total + 59_000);
  });
});
