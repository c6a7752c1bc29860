import type { CreditNoteDto, InvoiceDetailDto, LateFeeEffectiveDto, LateFeeRuleDto } from '@rentora/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany } from '../../../test/factories';
import { auditLogs } from '../../db/schema';
import { issuedInvoice, makeTenancy, registerForGst, rentLine } from '../invoices/invoices.testing';

let app: FastifyInstance;
const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

beforeAll(async () => {
  ({ app } = await getTestApp());
});

async function setRule(company: CompanySession, body: Record<string, unknown>): Promise<LateFeeRuleDto> {
  const saved = await call(app, 'PUT', '/api/collections/late-fee-rules', { ...as(company), body });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<{ data: LateFeeRuleDto }>().data;
}

async function invoice(company: CompanySession, id: string): Promise<InvoiceDetailDto> {
  const read = await call(app, 'GET', `/api/invoices/${id}`, as(company));
  expect(read.statusCode, read.body).toBe(200);
  return read.json<{ data: InvoiceDetailDto }>().data;
}

const feeLines = (i: InvoiceDetailDto) => i.lineItems.filter((l) => l.lateFee);
const due = (dueDate: string, unitPrice = 1_000_000) => ({
  issueDate: '2026-03-01',
  dueDate,
  lineItems: [rentLine(unitPrice)],
});

describe('late-fee rules', () => {
  it('keeps one rule per level, lists them and gives each tenancy the most specific one', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const a = await makeTenancy(app, company);
    const b = await makeTenancy(app, company);
    // A second tenancy on a's property.
    const companyRule = await setRule(company, {
      scope: 'company',
      type: 'fixed',
      amount: 50_000,
      graceDays: 5,
    });
    expect(companyRule).toMatchObject({ scope: 'company', scopeId: company.companyId, amount: 50_000 });
    // Setting it again replaces it (a new version), never adds a second one.
    await setRule(company, { scope: 'company', type: 'fixed', amount: 60_000, graceDays: 5 });
    const property = await setRule(company, {
      scope: 'property',
      scopeId: b.propertyId,
      type: 'percent',
      percent: 2.5,
      graceDays: 3,
      cap: 100_000,
    });
    expect(property).toMatchObject({ percent: 2.5, cap: 100_000, amount: null });
    const tenancy = await setRule(company, {
      scope: 'tenancy',
      scopeId: a.tenantId,
      type: 'daily_interest',
      annualRatePercent: 18,
      graceDays: 0,
    });
    const list = await call(app, 'GET', '/api/collections/late-fee-rules', as(company));
    expect(list.statusCode, list.body).toBe(200);
    const rules = list.json<{ data: LateFeeRuleDto[] }>().data;
    expect(rules.map((r) => r.scope)).toEqual(['company', 'property', 'tenancy']);
    expect(rules[0]!.amount).toBe(60_000);
    const effective = await call(app, 'GET', '/api/collections/late-fee-rules/effective', as(company));
    expect(effective.statusCode, effective.body).toBe(200);
    const byTenancy = new Map(
      effective.json<{ data: LateFeeEffectiveDto[] }>().data.map((e) => [e.tenancyId, e.rule?._id]),
    );
    expect(byTenancy.get(a.tenantId)).toBe(tenancy._id);
    expect(byTenancy.get(b.tenantId)).toBe(property._id);
    // Without the overrides both fall back to the company default.
    for (const id of [tenancy._id, property._id]) {
      const removed = await call(app, 'DELETE', `/api/collections/late-fee-rules/${id}`, as(company));
      expect(removed.statusCode, removed.body).toBe(200);
    }
    const after = await call(app, 'GET', '/api/collections/late-fee-rules/effective', as(company));
    for (const e of after.json<{ data: LateFeeEffectiveDto[] }>().data) expect(e.rule?.scope).toBe('company');
    expect(
      (await call(app, 'DELETE', `/api/collections/late-fee-rules/${tenancy._id}`, as(company))).statusCode,
    ).toBe(404);
  });

  it('refuses bad rules with 400 and what is not the company’s with 404', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const other = await createCompany(app, { plan: 'professional' });
    const theirs = await makeTenancy(app, other);
    const put = (body: Record<string, unknown>) =>
      call(app, 'PUT', '/api/collections/late-fee-rules', { ...as(company), body });
    for (const body of [
      { scope: 'company', type: 'fixed', graceDays: 2 }, // no amount
      { scope: 'company', type: 'fixed', amount: 100, percent: 2, graceDays: 2 }, // a percent on a fixed fee
      { scope: 'property', type: 'fixed', amount: 100, graceDays: 2 }, // which property?
      { scope: 'company', type: 'percent', percent: 101, graceDays: 2 },
      { scope: 'company', type: 'daily_interest', annualRatePercent: 18.123, graceDays: 2 },
      { scope: 'company', type: 'fixed', amount: 100, graceDays: -1 },
      { scope: 'region', type: 'fixed', amount: 100, graceDays: 1 },
    ]) {
      const refused = await put(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    }
    expect(
      (await put({ scope: 'property', scopeId: theirs.propertyId, type: 'fixed', amount: 1, graceDays: 0 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await put({ scope: 'tenancy', scopeId: theirs.tenantId, type: 'fixed', amount: 1, graceDays: 0 }))
        .statusCode,
    ).toBe(404);
    const theirRule = await setRule(other, { scope: 'company', type: 'fixed', amount: 1_000, graceDays: 0 });
    expect(
      (await call(app, 'DELETE', `/api/collections/late-fee-rules/${theirRule._id}`, as(company))).statusCode,
    ).toBe(404);
    const mine = await call(app, 'GET', '/api/collections/late-fee-rules', as(company));
    expect(mine.json<{ data: LateFeeRuleDto[] }>().data).toEqual([]);
  });

  it('lets payments_write set rules; staff without payments see nothing', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const fieldStaff = await addMember(app, company, 'field_staff');
    const accountant = await addMember(app, company, 'accountant');
    const body = { scope: 'company', type: 'fixed', amount: 10_000, graceDays: 1 };
    expect(
      (await call(app, 'PUT', '/api/collections/late-fee-rules', { ...as(fieldStaff), body })).statusCode,
    ).toBe(403);
    expect((await call(app, 'GET', '/api/collections/late-fee-rules', as(fieldStaff))).statusCode).toBe(403);
    expect(
      (await call(app, 'PUT', '/api/collections/late-fee-rules', { ...as(accountant), body })).statusCode,
    ).toBe(200);
  });
});

describe('charging late fees', () => {
  it('charges each type by its rule (tenancy > property > company), once however often it runs', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const fixed = await makeTenancy(app, company);
    const percent = await makeTenancy(app, company);
    const interest = await makeTenancy(app, company);
    await setRule(company, { scope: 'company', type: 'fixed', amount: 50_000, graceDays: 5 });
    await setRule(company, {
      scope: 'property',
      scopeId: percent.propertyId,
      type: 'percent',
      percent: 2.5,
      graceDays: 0,
    });
    await setRule(company, {
      scope: 'tenancy',
      scopeId: interest.tenantId,
      type: 'daily_interest',
      annualRatePercent: 18,
      graceDays: 0,
      cap: 7_000,
    });
    const f = await issuedInvoice(app, company, fixed.tenantId, due('2026-03-05'));
    const p = await issuedInvoice(app, company, percent.tenantId, due('2026-03-05', 1_000_020));
    const d = await issuedInvoice(app, company, interest.tenantId, due('2026-03-05'));
    const { lateFees } = app.services;
    const mine = <R extends { companyId: string }>(rows: R[]) =>
      rows.filter((r) => r.companyId === company.companyId);

    // 2026-03-10: the fixed fee's five days of grace are not over; 2.5 % of 10,000.20 ₹ = 250.005 ₹ → 25,001 paise;
    // five days at 18 % a year on 10,000 ₹ = 1,000,000 × 1,800 × 5 / 3,650,000 = 2,465.75 → 2,466 paise.
    const first = mine(await lateFees.charge('2026-03-10', { companyId: company.companyId }));
    expect(first).toEqual(
      expect.arrayContaining([
        { invoiceId: p._id, companyId: company.companyId, amount: 25_001 },
        { invoiceId: d._id, companyId: company.companyId, amount: 2_466 },
      ]),
    );
    expect(first).toHaveLength(2);
    expect((await invoice(company, f._id)).total).toBe(1_000_000);
    // The same day again, and three processes at once the next day: each fee once.
    expect(mine(await lateFees.charge('2026-03-10', { companyId: company.companyId }))).toEqual([]);
    const raced = (
      await Promise.all([1, 2, 3].map(() => lateFees.charge('2026-03-11', { companyId: company.companyId })))
    ).flatMap(mine);
    expect(raced.filter((r) => r.invoiceId === f._id)).toEqual([
      { invoiceId: f._id, companyId: company.companyId, amount: 50_000 },
    ]);
    const fixedNow = await invoice(company, f._id);
    expect(feeLines(fixedNow)).toHaveLength(1);
    expect(fixedNow.total).toBe(1_050_000);
    expect(fixedNow.lineItems.at(-1)).toMatchObject({ kind: 'penalty', amount: 50_000, lateFee: true });
    const percentNow = await invoice(company, p._id);
    expect(feeLines(percentNow)).toHaveLength(1);
    expect(percentNow.total).toBe(1_000_020 + 25_001);
    // Six days of interest, on one line updated in place.
    const interestNow = await invoice(company, d._id);
    expect(feeLines(interestNow)).toEqual([expect.objectContaining({ amount: 2_959 })]); // 2,958.9 → 2,959
    expect(raced.filter((r) => r.invoiceId === d._id).reduce((s, r) => s + r.amount, 0)).toBe(2_959 - 2_466);

    // Half paid on the 11th: from then on the interest runs on the 5,000 ₹ left (never on the fee itself).
    const paid = await call(app, 'POST', `/api/invoices/${d._id}/payments`, {
      ...as(company),
      body: { amount: 500_000, method: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await lateFees.charge('2026-03-15', { companyId: company.companyId });
    // 1,000,000 × 1,800 × 6 + 500,000 × 1,800 × 4 = 14,400,000,000 → / 3,650,000 = 3,945.2 → 3,945 paise.
    expect(feeLines(await invoice(company, d._id))[0]!.amount).toBe(3_945);
    // A run of an earlier day changes nothing; the cap holds from the 31st on.
    await lateFees.charge('2026-03-12', { companyId: company.companyId });
    expect(feeLines(await invoice(company, d._id))[0]!.amount).toBe(3_945);
    await lateFees.charge('2026-04-30', { companyId: company.companyId });
    const capped = await invoice(company, d._id);
    expect(feeLines(capped)[0]!.amount).toBe(7_000);
    expect(capped.balance).toBe(1_000_000 + 7_000 - 500_000);
    // The tenant's dues carry the penalties.
    const dues = await call(app, 'GET', `/api/tenants/${interest.tenantId}/dues`, as(company));
    expect(dues.json<{ data: { penalties: number } }>().data.penalties).toBe(7_000);
  });

  it('applies a rule only to invoices issued after it was set', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const place = await makeTenancy(app, company);
    const before = await issuedInvoice(app, company, place.tenantId, due('2026-03-05'));
    await setRule(company, { scope: 'company', type: 'fixed', amount: 10_000, graceDays: 0 });
    const after = await issuedInvoice(app, company, place.tenantId, due('2026-03-05'));
    // A later change of the rule does not change the terms of the invoice issued under the first one.
    await setRule(company, { scope: 'company', type: 'fixed', amount: 99_000, graceDays: 0 });
    await app.services.lateFees.charge('2026-03-06', { companyId: company.companyId });
    expect((await invoice(company, before._id)).total).toBe(1_000_000);
    expect((await invoice(company, after._id)).total).toBe(1_010_000);
  });
});

describe('POST /api/invoices/{id}/waive-late-fee', () => {
  async function waive(company: CompanySession, id: string, reason = 'Bank holiday, paid the next day') {
    return call(app, 'POST', `/api/invoices/${id}/waive-late-fee`, { ...as(company), body: { reason } });
  }

  async function audits(company: CompanySession, invoiceId: string) {
    return app.deps.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.companyId, company.companyId),
          eq(auditLogs.entityId, invoiceId),
          eq(auditLogs.action, 'invoice.late_fee_waived'),
        ),
      );
  }

  it('takes the line off a bill of supply, restores totals and dues, and audits the reason', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const other = await createCompany(app, { plan: 'professional' });
    const place = await makeTenancy(app, company);
    await setRule(company, { scope: 'company', type: 'fixed', amount: 25_000, graceDays: 0 });
    const bill = await issuedInvoice(app, company, place.tenantId, due('2026-03-05'));
    const plain = await issuedInvoice(app, company, place.tenantId, { ...due('2099-03-05') });
    await app.services.lateFees.charge('2026-03-07', { companyId: company.companyId });
    expect((await invoice(company, bill._id)).total).toBe(1_025_000);

    expect((await waive(company, bill._id, ' ')).statusCode).toBe(400);
    expect((await waive(other, bill._id)).statusCode).toBe(404);
    const fieldStaff = await addMember(app, company, 'field_staff');
    expect((await waive(fieldStaff, bill._id)).statusCode).toBe(403);
    expect((await waive(company, plain._id)).statusCode).toBe(409);

    const done = await waive(company, bill._id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ data: unknown }>().data).toEqual({
      invoiceId: bill._id,
      amount: 25_000,
      creditNoteId: null,
    });
    const now = await invoice(company, bill._id);
    expect(feeLines(now)).toEqual([]);
    expect(now.total).toBe(1_000_000);
    const dues = await call(app, 'GET', `/api/tenants/${place.tenantId}/dues`, as(company));
    expect(dues.json<{ data: { penalties: number } }>().data.penalties).toBe(0);
    const [audit] = await audits(company, bill._id);
    expect(audit?.summary).toContain('Bank holiday, paid the next day');
    expect(audit?.actorUserId).toBe(company.user._id);
    // Waived for good: no second waiver, and the next runs charge nothing again.
    expect((await waive(company, bill._id)).statusCode).toBe(409);
    await app.services.lateFees.charge('2026-04-30', { companyId: company.companyId });
    expect((await invoice(company, bill._id)).total).toBe(1_000_000);
  });

  it('issues a credit note for the fee and its GST on a tax invoice', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    await registerForGst(app, company);
    const shop = await makeTenancy(app, company, { unitType: 'shop' });
    await setRule(company, { scope: 'company', type: 'fixed', amount: 50_000, graceDays: 1 });
    const taxed = await issuedInvoice(app, company, shop.tenantId, due('2026-03-05'));
    expect(taxed.documentType).toBe('tax_invoice');
    await app.services.lateFees.charge('2026-03-10', { companyId: company.companyId });
    const charged = await invoice(company, taxed._id);
    // The late fee on commercial rent carries the rent's GST: 18 % of 500 ₹ = 90 ₹ (CGST 45 + SGST 45).
    expect(feeLines(charged)[0]).toMatchObject({
      amount: 50_000,
      treatment: 'taxable',
      cgst: 4_500,
      sgst: 4_500,
    });
    expect(charged.total).toBe(1_000_000 + 180_000 + 50_000 + 9_000);

    const done = await waive(company, taxed._id);
    expect(done.statusCode, done.body).toBe(200);
    const { creditNoteId } = done.json<{ data: { creditNoteId: string } }>().data;
    const note = await call(app, 'GET', `/api/credit-notes/${creditNoteId}`, as(company));
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json<{ data: CreditNoteDto }>().data).toMatchObject({
      total: 59_000,
      cgst: 4_500,
      sgst: 4_500,
    });
    const after = await invoice(company, taxed._id);
    // The issued tax invoice is not edited: its line stays, the credit note brings the balance back.
    expect(after.total).toBe(charged.total);
    expect(after.balance).toBe(1_180_000);
    expect(await audits(company, taxed._id)).toHaveLength(1);
  });
});
