import type { RentReceiptsDto, TenantCodeDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany } from '../../../test/factories';
import { issuedInvoice, makeTenancy, pdfText, rentLine } from './invoices.testing';

let app: FastifyInstance;
const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

beforeAll(async () => {
  ({ app } = await getTestApp());
}, 60_000);

async function codeOf(owner: CompanySession, tenantId: string): Promise<TenantCodeDto> {
  const made = await call(app, 'POST', `/api/tenant-codes/${tenantId}/generate`, as(owner));
  expect(made.statusCode, made.body).toBe(200);
  return made.json<{ data: TenantCodeDto }>().data;
}

describe('GET /api/tenant-codes/{tenantCode}/rent-receipts', () => {
  it("gives the code's tenancy its rent receipts as JSON and PDF, without an account", async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const tenancy = await makeTenancy(app, owner);
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId, {
      issueDate: '2026-08-02',
      lineItems: [rentLine(1_200_000)],
    });
    const paid = await call(app, 'POST', `/api/invoices/${invoice._id}/payments`, {
      ...as(owner),
      body: { amount: invoice.total, method: 'upi', paidAt: '2026-08-03', reference: 'UTR-PORTAL-1' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const { tenantCode, companyId } = await codeOf(owner, tenancy.tenantId);

    const json = await call(app, 'GET', `/api/tenant-codes/${tenantCode}/rent-receipts?fy=2026-27`);
    expect(json.statusCode, json.body).toBe(200);
    const receipts = json.json<{ data: RentReceiptsDto }>().data;
    expect(receipts.total).toBe(1_200_000);
    expect(receipts.months.find((m) => m.month === '2026-08')?.payments[0]?.reference).toBe('UTR-PORTAL-1');

    const lower = tenantCode.toLowerCase();
    const pdf = await call(
      app,
      'GET',
      `/api/tenant-codes/${lower}/rent-receipts/pdf?month=2026-08&companyId=${companyId}`,
    );
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(await pdfText(pdf.rawPayload)).toContain('₹12,000.00');
  });

  it('answers 404 for an unknown code, a code of another company and a moved-out tenancy; 400 for a bad query', async () => {
    const owner = await createCompany(app, { plan: 'enterprise' });
    const other = await createCompany(app, { plan: 'enterprise' });
    const tenancy = await makeTenancy(app, owner);
    const { tenantCode } = await codeOf(owner, tenancy.tenantId);
    const base = '/api/tenant-codes';
    expect((await call(app, 'GET', `${base}/ZZZZZZZZZZ/rent-receipts?fy=2026-27`)).statusCode).toBe(404);
    expect((await call(app, 'GET', `${base}/ZZZZZZZZZZ/rent-receipts/pdf?fy=2026-27`)).statusCode).toBe(404);
    const elsewhere = await call(
      app,
      'GET',
      `${base}/${tenantCode}/rent-receipts?fy=2026-27&companyId=${other.companyId}`,
    );
    expect(elsewhere.statusCode).toBe(404);
    const both = await call(app, 'GET', `${base}/${tenantCode}/rent-receipts/pdf?fy=2026-27&month=2026-08`);
    expect(both.statusCode).toBe(400);

    const moved = await call(app, 'PUT', `/api/tenants/${tenancy.tenantId}/move-out`, {
      ...as(owner),
      body: { moveOutDate: '2026-09-30', reason: 'Lease completed' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const gone = await call(app, 'GET', `${base}/${tenantCode}/rent-receipts?fy=2026-27`);
    expect(gone.statusCode).toBe(404);
  });
});
