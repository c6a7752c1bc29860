import path from 'node:path';
import {
  computeInvoiceTotals,
  documentFileName,
  type GenerateRentResult,
  type InvoiceCheckoutDto,
  type InvoiceDetailDto,
  type InvoiceDto,
  type InvoiceListItemDto,
  type InvoiceTemplateDto,
  type PaymentStatsDto,
  type PaymentTrackingDto,
} from '@rentora/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany, signUp } from '../../../test/factories';
import { mailsTo } from '../../../test/outbox';
import { invoicePayments, invoices, notifications, payments } from '../../db/schema';
import { createBillingService } from './invoices.billing';
import {
  createInvoice,
  issuedInvoice,
  makeTenancy,
  payInvoiceInSandbox,
  pdfText,
  registerForGst,
  rentLine,
  type Tenancy,
  TN_GSTIN,
} from './invoices.testing';

let app: FastifyInstance;
let owner: CompanySession;
let other: CompanySession;
let tenancy: Tenancy;

const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'professional' });
  other = await createCompany(app, { plan: 'professional' });
  tenancy = await makeTenancy(app, owner);
}, 60_000);

async function template(session: CompanySession, body: Record<string, unknown>) {
  const response = await call(app, 'POST', '/api/invoice-templates', { ...as(session), body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: InvoiceTemplateDto }>().data;
}

describe('invoice templates', () => {
  it('keeps exactly one default per company', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const first = await template(company, { name: 'Plain' });
    expect(first.isDefault).toBe(true);
    const second = await template(company, { name: 'GST', taxRate: 1800, isDefault: true });
    expect(second.isDefault).toBe(true);
    const list = await call(app, 'GET', '/api/invoice-templates', as(company));
    const rows = list.json<{ data: InvoiceTemplateDto[] }>().data;
    expect(rows.filter((t) => t.isDefault).map((t) => t._id)).toEqual([second._id]);
    const unset = await call(app, 'PUT', `/api/invoice-templates/${second._id}`, {
      ...as(company),
      body: { isDefault: false },
    });
    expect(unset.statusCode).toBe(409);
    const removed = await call(app, 'DELETE', `/api/invoice-templates/${second._id}`, as(company));
    expect(removed.statusCode).toBe(200);
    const after = await call(app, 'GET', `/api/invoice-templates/${first._id}`, as(company));
    expect(after.json<{ data: InvoiceTemplateDto }>().data.isDefault).toBe(true);
  });

  it('refuses another company (404) and a Starter plan (403 FEATURE_NOT_IN_PLAN)', async () => {
    const mine = await template(owner, { name: 'Owner default', taxRate: 0 });
    const foreign = await call(app, 'PUT', `/api/invoice-templates/${mine._id}`, {
      ...as(other),
      body: { name: 'Hijack' },
    });
    expect(foreign.statusCode).toBe(404);
    const starter = await createCompany(app);
    for (const [method, url] of [
      ['GET', '/api/invoice-templates'],
      ['GET', '/api/invoices'],
      ['GET', '/api/payments/tracking'],
      ['POST', '/api/invoices/generate-rent'],
    ] as const) {
      const response = await call(app, method, url, {
        ...as(starter),
        body: method === 'POST' ? { month: '2026-01' } : undefined,
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe('FEATURE_NOT_IN_PLAN');
    }
  });
});

describe('invoices', () => {
  it('computes totals on the server in whole paise with the company GST rate, per line', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    await registerForGst(app, company);
    const place = await makeTenancy(app, company, { unitType: 'office' });
    const gst = await template(company, { name: 'GST 18', taxRate: 1800 });
    const created = await createInvoice(app, company, place.tenantId, {
      templateId: gst._id,
      lineItems: [
        rentLine(1_500_000),
        { description: 'Water', quantity: 2.5, unitPrice: 3_333, kind: 'utilities' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    // Client totals are not part of the contract: a body that carries one is refused, naming the field.
    const withTotal = await createInvoice(app, company, place.tenantId, {
      lineItems: [rentLine()],
      total: 1,
    });
    expect(withTotal.statusCode).toBe(400);
    expect(withTotal.json().details).toEqual([{ path: 'total', message: 'Unknown field' }]);
    const invoice = created.json<{ data: InvoiceDetailDto }>().data;
    expect(invoice.lineItems.map((l) => l.amount)).toEqual([1_500_000, 8_333]);
    expect(invoice).toMatchObject({
      status: 'draft',
      number: null,
      subtotal: 1_508_333,
      taxRate: 1800,
      tax: 271_500,
      total: 1_779_833,
      amountPaid: 0,
      balance: 1_779_833,
    });
    const badQuantity = await createInvoice(app, company, place.tenantId, {
      lineItems: [{ description: 'Rent', quantity: 0, unitPrice: 100, kind: 'rent' }],
    });
    expect(badQuantity.statusCode).toBe(400);
    const fractionalPrice = await createInvoice(app, company, place.tenantId, {
      lineItems: [{ description: 'Rent', quantity: 1, unitPrice: 10.5, kind: 'rent' }],
    });
    expect(fractionalPrice.statusCode).toBe(400);
  });

  it('numbers issued invoices without gaps under 50 concurrent creates', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const place = await makeTenancy(app, company);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => createInvoice(app, company, place.tenantId, { send: true })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = responses.map((r) => r.json<{ data: InvoiceDto }>().data.number!).sort();
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, i) => `INV/25-26/${String(i + 1).padStart(5, '0')}`),
    );
    // A draft takes no number; deleting it leaves no gap; the next issue continues the sequence.
    const draft = (await createInvoice(app, company, place.tenantId)).json<{ data: InvoiceDto }>().data;
    expect(draft.number).toBeNull();
    expect((await call(app, 'DELETE', `/api/invoices/${draft._id}`, as(company))).statusCode).toBe(200);
    const next = await issuedInvoice(app, company, place.tenantId);
    expect(next.number).toBe('INV/25-26/00051');
  });

  it('sends: issues the number, mails the PDF, notifies the tenant; the PDF holds the number', async () => {
    const draft = (await createInvoice(app, owner, tenancy.tenantId)).json<{ data: InvoiceDto }>().data;
    const sent = await call(app, 'POST', `/api/invoices/${draft._id}/send`, as(owner));
    expect(sent.statusCode, sent.body).toBe(200);
    const invoice = sent.json<{ data: InvoiceDto }>().data;
    expect(invoice.status).toBe('sent');
    expect(invoice.number).toMatch(/^INV\/25-26\/\d{5}$/);
    const notes = await app.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, tenancy.person.user._id), eq(notifications.type, 'invoice.sent')));
    expect(notes.some((n) => n.title.includes(invoice.number!))).toBe(true);
    // The mail to the tenant carries the PDF as an attachment named after the number.
    const mails = mailsTo(path.join(app.deps.config.dataDir, 'outbox'), tenancy.person.user.email);
    const mail = mails.find((m) => m.includes(`Invoice ${invoice.number}`));
    expect(mail).toBeDefined();
    expect(mail).toContain(`filename=${documentFileName(invoice.number)}`);
    expect(mail).toContain('Content-Type: application/pdf');
    const attachment = /Content-Transfer-Encoding: base64\r?\n[^\n]*\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
      mail!.slice(mail!.indexOf('application/pdf')),
    );
    expect(Buffer.from(attachment![1]!.replace(/\s/g, ''), 'base64').subarray(0, 5).toString('latin1')).toBe(
      '%PDF-',
    );
    const pdf = await call(app, 'GET', `/api/invoices/${invoice._id}/pdf`, as(owner));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(invoice.number);
    expect(text).toContain('Rupees Fifteen Thousand Only');
    expect(text).toContain('₹15,000.00');
    // A signed 5-minute link serves the PDF without an account (for a framed preview); a changed one does not.
    const link = await call(app, 'GET', `/api/invoices/${invoice._id}/pdf-link`, as(owner));
    const url = link.json<{ data: { url: string } }>().data.url;
    const framed = await call(app, 'GET', url);
    expect(framed.statusCode).toBe(200);
    expect(framed.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(framed.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect((await call(app, 'GET', url.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`))).statusCode).toBe(404);
    expect((await call(app, 'GET', url.replace(/exp=\d+/, 'exp=1'))).statusCode).toBe(404);
    const foreignLink = await call(app, 'GET', `/api/invoices/${invoice._id}/pdf-link`, as(other));
    expect(foreignLink.statusCode).toBe(404);
    // The tenant reads and downloads their own invoice; a stranger does not.
    const mine = await call(app, 'GET', '/api/invoices/mine', { token: tenancy.person.token });
    expect(mine.json<{ data: InvoiceDto[] }>().data.map((i) => i._id)).toContain(invoice._id);
    const own = await call(app, 'GET', `/api/invoices/mine/${invoice._id}/pdf`, {
      token: tenancy.person.token,
    });
    expect(own.statusCode).toBe(200);
    const stranger = await signUp(app);
    const theirs = await call(app, 'GET', `/api/invoices/mine/${invoice._id}/pdf`, { token: stranger.token });
    expect(theirs.statusCode).toBe(404);
  });

  it('lets only drafts be deleted or freely edited (409 otherwise)', async () => {
    const draft = (await createInvoice(app, owner, tenancy.tenantId)).json<{ data: InvoiceDto }>().data;
    const edited = await call(app, 'PUT', `/api/invoices/${draft._id}`, {
      ...as(owner),
      body: { lineItems: [rentLine(2_000_000)] },
    });
    expect(edited.json<{ data: InvoiceDto }>().data.total).toBe(2_000_000);
    const issued = await issuedInvoice(app, owner, tenancy.tenantId);
    const lines = await call(app, 'PUT', `/api/invoices/${issued._id}`, {
      ...as(owner),
      body: { lineItems: [rentLine(1)] },
    });
    expect(lines.statusCode).toBe(409);
    const due = await call(app, 'PUT', `/api/invoices/${issued._id}`, {
      ...as(owner),
      body: { dueDate: '2026-01-20', notes: 'Extended' },
    });
    expect(due.statusCode).toBe(200);
    expect(due.json<{ data: InvoiceDto }>().data.dueDate).toBe('2026-01-20');
    expect((await call(app, 'DELETE', `/api/invoices/${issued._id}`, as(owner))).statusCode).toBe(409);
  });

  it('records offline payments up to the balance and refuses more (409)', async () => {
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId);
    const pay = (amount: number, reference = '') =>
      call(app, 'POST', `/api/invoices/${invoice._id}/payments`, {
        ...as(owner),
        body: { amount, method: 'upi', reference, paidAt: '2026-01-05' },
      });
    const part = await pay(500_000, 'UPI-1');
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json<{ data: InvoiceDto }>().data).toMatchObject({
      status: 'partially_paid',
      amountPaid: 500_000,
      balance: 1_000_000,
    });
    expect((await pay(100, 'UPI-1')).statusCode).toBe(409);
    const over = await pay(1_000_001);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('CONFLICT');
    const rest = await pay(1_000_000, 'UPI-2');
    expect(rest.json<{ data: InvoiceDetailDto }>().data).toMatchObject({ status: 'paid', balance: 0 });
    expect(rest.json<{ data: InvoiceDetailDto }>().data.payments).toHaveLength(2);
    expect((await pay(1)).statusCode).toBe(409);
    // Concurrent payments of the whole balance: exactly one is recorded.
    const again = await issuedInvoice(app, owner, tenancy.tenantId);
    const race = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(app, 'POST', `/api/invoices/${again._id}/payments`, {
          ...as(owner),
          body: { amount: again.total, method: 'cash' },
        }),
      ),
    );
    expect(race.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const rows = await app.deps.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, again._id));
    expect(rows).toHaveLength(1);
  });

  it('voids only an issued invoice without payments', async () => {
    const paid = await issuedInvoice(app, owner, tenancy.tenantId);
    await call(app, 'POST', `/api/invoices/${paid._id}/payments`, {
      ...as(owner),
      body: { amount: 100, method: 'cash' },
    });
    const refused = await call(app, 'POST', `/api/invoices/${paid._id}/void`, {
      ...as(owner),
      body: { reason: 'Mistake' },
    });
    expect(refused.statusCode).toBe(409);
    const clean = await issuedInvoice(app, owner, tenancy.tenantId);
    const voided = await call(app, 'POST', `/api/invoices/${clean._id}/void`, {
      ...as(owner),
      body: { reason: 'Billed twice' },
    });
    expect(voided.json<{ data: InvoiceDto }>().data).toMatchObject({
      status: 'void',
      voidReason: 'Billed twice',
    });
    const twice = await call(app, 'POST', `/api/invoices/${clean._id}/void`, {
      ...as(owner),
      body: { reason: 'x' },
    });
    expect(twice.statusCode).toBe(409);
    const payVoid = await call(app, 'POST', `/api/invoices/${clean._id}/payments`, {
      ...as(owner),
      body: { amount: 100, method: 'cash' },
    });
    expect(payVoid.statusCode).toBe(409);
  });

  it('reads overdue from the due date and filters by it', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const place = await makeTenancy(app, company);
    const late = await issuedInvoice(app, company, place.tenantId, {
      issueDate: '2025-01-01',
      dueDate: '2025-01-05',
    });
    expect(late.status).toBe('overdue');
    await issuedInvoice(app, company, place.tenantId, { issueDate: '2026-01-01', dueDate: '2099-01-05' });
    const paged = await call(app, 'GET', '/api/invoices', {
      ...as(company),
      query: { limit: '1', sortBy: 'dueDate' },
    });
    const first = paged.json<{ data: InvoiceDto[]; pagination: { totalCount: number; hasNext: boolean } }>();
    expect(first.data.map((i) => i.dueDate)).toEqual(['2099-01-05']);
    expect(first.pagination).toMatchObject({ totalCount: 2, hasNext: true });
    const second = await call(app, 'GET', '/api/invoices', {
      ...as(company),
      query: { limit: '1', page: '2', sortBy: 'dueDate', sortOrder: 'asc' },
    });
    const last = second.json<{ data: InvoiceDto[]; pagination: { hasNext: boolean } }>();
    expect(last.data.map((i) => i.dueDate)).toEqual(['2099-01-05']);
    expect(last.pagination.hasNext).toBe(false);
    const list = await call(app, 'GET', '/api/invoices', { ...as(company), query: { status: 'overdue' } });
    expect(list.json<{ data: InvoiceDto[] }>().data.map((i) => i._id)).toEqual([late._id]);
    const search = await call(app, 'GET', '/api/invoices', {
      ...as(company),
      query: { search: late.number! },
    });
    expect(search.json<{ data: InvoiceDto[] }>().data.map((i) => i._id)).toEqual([late._id]);
    const bySequence = await call(app, 'GET', '/api/invoices', { ...as(company), query: { search: '1' } });
    expect(bySequence.json<{ data: InvoiceDto[] }>().data).toHaveLength(2); // INV-2025-000001 and INV-2026-000001
    const byName = await call(app, 'GET', '/api/invoices', {
      ...as(company),
      query: { search: 'est Use' },
    });
    expect(byName.json<{ data: InvoiceDto[] }>().data).toHaveLength(2);
    const nobody = await call(app, 'GET', '/api/invoices', {
      ...as(company),
      query: { search: 'Nobody Here' },
    });
    expect(nobody.json<{ data: InvoiceDto[] }>().data).toHaveLength(0);
  });

  it('is paid online by the tenant through the sandbox, settled exactly once', async () => {
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId);
    const stranger = await signUp(app);
    expect(
      (await call(app, 'POST', `/api/invoices/${invoice._id}/pay`, { token: stranger.token })).statusCode,
    ).toBe(404);
    const { verify, body } = await payInvoiceInSandbox(app, tenancy.person, invoice._id);
    const first = await verify();
    expect(first.statusCode, first.body).toBe(200);
    const [second, third] = await Promise.all([verify(), verify()]);
    expect(second.statusCode).toBe(200);
    expect(third.statusCode).toBe(200);
    const paid = first.json<{ data: InvoiceDetailDto }>().data;
    expect(paid).toMatchObject({ status: 'paid', amountPaid: invoice.total, balance: 0 });
    const rows = await app.deps.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoice._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'online',
      amount: invoice.total,
      reference: body.razorpay_payment_id,
    });
    const ledger = await app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.gatewayPaymentId, body.razorpay_payment_id));
    expect(ledger).toHaveLength(1);
    // A forged signature changes nothing.
    const other = await issuedInvoice(app, owner, tenancy.tenantId);
    const opened = await payInvoiceInSandbox(app, tenancy.person, other._id);
    const forged = await call(app, 'POST', '/api/invoices/verify-payment', {
      token: tenancy.person.token,
      body: { ...opened.body, razorpay_signature: 'f'.repeat(64) },
    });
    expect(forged.statusCode).toBe(400);
    const [unpaid] = await app.deps.db.select().from(invoices).where(eq(invoices.id, other._id));
    expect(unpaid!.amountPaid).toBe(0);
  });

  it('closes an open online order when an offline payment changes the balance', async () => {
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId);
    const first = await call(app, 'POST', `/api/invoices/${invoice._id}/pay`, {
      token: tenancy.person.token,
    });
    const stale = first.json<{ data: InvoiceCheckoutDto }>().data.order;
    expect(stale.amount).toBe(invoice.total);
    await call(app, 'POST', `/api/invoices/${invoice._id}/payments`, {
      ...as(owner),
      body: { amount: 100_000, method: 'cash' },
    });
    const checkout = await call(app, 'POST', '/api/payments/sandbox/checkout', {
      token: tenancy.person.token,
      body: { orderId: stale.id, outcome: 'success' },
    });
    expect(checkout.statusCode).toBe(409);
    const again = await call(app, 'POST', `/api/invoices/${invoice._id}/pay`, {
      token: tenancy.person.token,
    });
    expect(again.json<{ data: InvoiceCheckoutDto }>().data.order.amount).toBe(invoice.total - 100_000);
  });

  it('refuses every call on another company’s invoice and tenant', async () => {
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId);
    const checks = [
      ['GET', `/api/invoices/${invoice._id}`, undefined],
      ['PUT', `/api/invoices/${invoice._id}`, { notes: 'x' }],
      ['DELETE', `/api/invoices/${invoice._id}`, undefined],
      ['POST', `/api/invoices/${invoice._id}/send`, undefined],
      ['POST', `/api/invoices/${invoice._id}/void`, { reason: 'x' }],
      ['GET', `/api/invoices/${invoice._id}/pdf`, undefined],
      ['POST', `/api/invoices/${invoice._id}/payments`, { amount: 100, method: 'cash' }],
      ['POST', `/api/invoices/${invoice._id}/pay`, undefined],
    ] as const;
    for (const [method, url, body] of checks) {
      const response = await call(app, method, url, { ...as(other), body });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const foreignTenant = await createInvoice(app, other, tenancy.tenantId);
    expect(foreignTenant.statusCode).toBe(404);
    const list = await call(app, 'GET', '/api/invoices', as(other));
    expect(list.json<{ data: InvoiceDto[] }>().data.map((i) => i._id)).not.toContain(invoice._id);
  });

  it('follows permissions: a manager reads but cannot write; an accountant records payments', async () => {
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId);
    const manager = await addMember(app, owner, 'manager');
    expect((await call(app, 'GET', `/api/invoices/${invoice._id}`, as(manager))).statusCode).toBe(200);
    expect((await createInvoice(app, manager, tenancy.tenantId)).statusCode).toBe(403);
    const accountant = await addMember(app, owner, 'accountant');
    const recorded = await call(app, 'POST', `/api/invoices/${invoice._id}/payments`, {
      ...as(accountant),
      body: { amount: 100, method: 'cheque', reference: 'CHQ-1' },
    });
    expect(recorded.statusCode).toBe(201);
  });
});

describe('rent run, tracking and stats', () => {
  it('creates one rent invoice per active tenant and month, however often it runs', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const a = await makeTenancy(app, company, {
      rentAmount: 2_000_000,
      maintenanceCharges: 150_000,
      rentDueDate: 7,
    });
    const b = await makeTenancy(app, company, { rentAmount: 1_000_000 });
    const run = () =>
      call(app, 'POST', '/api/invoices/generate-rent', { ...as(company), body: { month: '2026-03' } });
    const results = await Promise.all([run(), run(), run()]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const created = results.map((r) => r.json<{ data: GenerateRentResult }>().data.created);
    expect(created.reduce((x, y) => x + y, 0)).toBe(2);
    const again = (await run()).json<{ data: GenerateRentResult }>().data;
    expect(again).toMatchObject({ created: 0, skipped: 2 });
    const list = await call(app, 'GET', '/api/invoices', { ...as(company), query: { period: '2026-03' } });
    const rows = list.json<{ data: InvoiceListItemDto[] }>().data;
    expect(rows).toHaveLength(2);
    // The list leaves the lines out; the invoice itself has them.
    expect(rows[0]).not.toHaveProperty('lineItems');
    const ofA = rows.find((r) => r.tenantId === a.tenantId)!;
    expect(ofA).toMatchObject({
      total: 2_150_000,
      dueDate: '2026-03-07',
      status: 'overdue',
      source: 'rent_run',
    });
    const detailOfA = await call(app, 'GET', `/api/invoices/${ofA._id}`, as(company));
    expect(detailOfA.json<{ data: InvoiceDto }>().data.lineItems.map((l) => l.kind)).toEqual([
      'rent',
      'maintenance',
    ]);
    expect(rows.map((r) => r.number).sort()).toEqual(['INV/25-26/00001', 'INV/25-26/00002']);
    // Tracking shows both tenants; paying one in full marks it paid.
    const ofB = rows.find((r) => r.tenantId === b.tenantId)!;
    await call(app, 'POST', `/api/invoices/${ofB._id}/payments`, {
      ...as(company),
      body: { amount: ofB.total, method: 'bank_transfer', reference: 'NEFT-9' },
    });
    const tracking = await call(app, 'GET', '/api/payments/tracking', {
      ...as(company),
      query: { month: '2026-03' },
    });
    expect(tracking.statusCode, tracking.body).toBe(200);
    const grid = tracking.json<{ data: PaymentTrackingDto }>().data;
    const byTenant = new Map(grid.rows.map((r) => [r.tenantId, r]));
    expect(byTenant.get(a.tenantId)).toMatchObject({ expected: 2_150_000, paid: 0, status: 'overdue' });
    expect(byTenant.get(b.tenantId)).toMatchObject({ expected: 1_000_000, paid: 1_000_000, status: 'paid' });
    expect(grid.totals).toMatchObject({ expected: 3_150_000, paid: 1_000_000, tenants: 2, paidCount: 1 });
    const empty = await call(app, 'GET', '/api/payments/tracking', {
      ...as(company),
      query: { month: '2020-01' },
    });
    expect(empty.json<{ data: PaymentTrackingDto }>().data.rows.every((r) => r.status === 'not_billed')).toBe(
      true,
    );
    const stats = (await call(app, 'GET', '/api/payments/stats', as(company))).json<{
      data: PaymentStatsDto;
    }>().data;
    expect(stats.outstanding).toBe(2_150_000);
    expect(stats.overdue).toBe(2_150_000);
    expect(stats.byMethod).toEqual([{ method: 'bank_transfer', amount: 1_000_000, count: 1 }]);
    expect(stats.recent[0]).toMatchObject({ invoiceId: ofB._id, amount: 1_000_000 });
    expect(stats.byMonth).toHaveLength(12);
  });
});

describe('rent run totals', () => {
  it('computes the SQL totals exactly as computeInvoiceTotals does, tax included', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    await registerForGst(app, company);
    await template(company, { name: 'GST', taxRate: 1800, isDefault: true });
    const place = await makeTenancy(app, company, {
      rentAmount: 1_000_001,
      maintenanceCharges: 33_333,
      unitType: 'shop',
    });
    const run = await call(app, 'POST', '/api/invoices/generate-rent', {
      ...as(company),
      body: { month: '2026-04' },
    });
    expect(run.json<{ data: GenerateRentResult }>().data.created).toBe(1);
    const list = await call(app, 'GET', '/api/invoices', { ...as(company), query: { period: '2026-04' } });
    const [row] = list.json<{ data: InvoiceListItemDto[] }>().data;
    const invoice = (await call(app, 'GET', `/api/invoices/${row!._id}`, as(company))).json<{
      data: InvoiceDto;
    }>().data;
    const expected = computeInvoiceTotals(
      [
        { description: 'Rent for April 2026', quantity: 1, unitPrice: 1_000_001, kind: 'rent' },
        { description: 'Maintenance for April 2026', quantity: 1, unitPrice: 33_333, kind: 'maintenance' },
      ],
      {
        supplierGstin: TN_GSTIN,
        placeOfSupply: '33',
        recipientGstin: null,
        gstUse: 'commercial',
        rateBp: 1800,
      },
    );
    expect(invoice).toMatchObject({
      tenantId: place.tenantId,
      lineItems: expected.lines,
      subtotal: expected.subtotal,
      tax: expected.tax,
      total: expected.total,
      taxRate: 1800,
      number: 'INV/26-27/00001',
    });
    // The queued notice job tells the billed tenant (once per run).
    const billing = createBillingService(app.deps);
    expect(await billing.notifyRentRun(company.companyId, '2026-04', '2000-01-01T00:00:00Z')).toBe(1);
    const notes = await app.deps.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, place.person.user._id), eq(notifications.type, 'invoice.rent_issued')),
      );
    expect(notes).toHaveLength(1);
  });
});

describe('large sums', () => {
  it('tracks and totals beyond int4 (2^31 paise) exactly', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const place = await makeTenancy(app, company);
    for (let i = 0; i < 2; i += 1) {
      await issuedInvoice(app, company, place.tenantId, {
        period: '2026-05',
        issueDate: '2026-05-01',
        dueDate: '2099-05-05',
        lineItems: [rentLine(1_500_000_001)],
      });
    }
    const tracking = await call(app, 'GET', '/api/payments/tracking', {
      ...as(company),
      query: { month: '2026-05' },
    });
    expect(tracking.statusCode, tracking.body).toBe(200);
    const grid = tracking.json<{ data: PaymentTrackingDto }>().data;
    expect(grid.rows[0]).toMatchObject({ expected: 3_000_000_002, status: 'unpaid' });
    expect(grid.totals.expected).toBe(3_000_000_002);
    const stats = await call(app, 'GET', '/api/payments/stats', as(company));
    expect(stats.json<{ data: PaymentStatsDto }>().data.outstanding).toBe(3_000_000_002);
  });
});

describe('late fees', () => {
  it('adds the late fee once', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const place = await makeTenancy(app, company);
    const rule = await call(app, 'PUT', '/api/collections/late-fee-rules', {
      ...as(company),
      body: { scope: 'company', type: 'percent', percent: 2, graceDays: 5 }, // 2 % of the balance
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const late = await issuedInvoice(app, company, place.tenantId, {
      issueDate: '2026-03-01',
      dueDate: '2026-03-05',
      lineItems: [rentLine(1_000_001)],
    });
    const soon = await issuedInvoice(app, company, place.tenantId, {
      issueDate: '2026-03-01',
      dueDate: '2026-03-12',
    });
    const { lateFees } = app.services;
    // On 2026-03-10 the first invoice is five days late: not yet charged (more than five days are needed).
    await lateFees.charge('2026-03-10', { companyId: company.companyId });
    expect(
      (await call(app, 'GET', `/api/invoices/${late._id}`, as(company))).json<{ data: InvoiceDto }>().data
        .total,
    ).toBe(1_000_001);
    await Promise.all([
      lateFees.charge('2026-03-11', { companyId: company.companyId }),
      lateFees.charge('2026-03-11', { companyId: company.companyId }),
    ]);
    await lateFees.charge('2026-03-15', { companyId: company.companyId });
    const charged = (await call(app, 'GET', `/api/invoices/${late._id}`, as(company))).json<{
      data: InvoiceDto;
    }>().data;
    expect(charged.lineItems.filter((l) => l.kind === 'penalty')).toHaveLength(1);
    expect(charged.total).toBe(1_000_001 + 20_000); // 2 % of 10,000.01 ₹ rounds to 200.00 ₹
    const untouched = (await call(app, 'GET', `/api/invoices/${soon._id}`, as(company))).json<{
      data: InvoiceDto;
    }>().data;
    expect(untouched.total).toBe(soon.total);
    // Reminders moved to the collections schedule (modules/collections/collections.api.test.ts).
  });
});
