import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany } from '../../../test/factories';
import { payLinks } from '../../db/schema';
import { createInvoice, issuedInvoice, makeTenancy, type Tenancy } from '../invoices/invoices.testing';
import { hashPayLinkToken } from './pay-links.tokens';

let app: FastifyInstance;
let owner: CompanySession;
let other: CompanySession;
let tenancy: Tenancy;

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'professional' });
  other = await createCompany(app, { plan: 'professional' });
  tenancy = await makeTenancy(app, owner);
}, 120_000);

const issue = (companyId: string, invoiceId: string) =>
  app.services.payLinks.issuePayLink(app.deps.db, { companyId, invoiceId });

const liveRows = (invoiceId: string) =>
  app.deps.db
    .select()
    .from(payLinks)
    .where(and(eq(payLinks.invoiceId, invoiceId), isNull(payLinks.usedAt), isNull(payLinks.voidedAt)));

describe('issuePayLink', () => {
  it('makes a 128-bit base64url token, a URL under APP_URL and a 30-day expiry, storing only its hash and sealed form', async () => {
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId);
    const before = Date.now();
    const link = await issue(owner.companyId, invoice._id);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(16);
    expect(link.url).toBe(`${app.deps.config.appUrl}/pay/${link.token}`);
    const days = (Date.parse(link.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    const [row] = await liveRows(invoice._id);
    expect(row?.tokenHash).toBe(hashPayLinkToken(link.token));
    expect(row?.tokenSealed).not.toContain(link.token);
    expect(row?.companyId).toBe(owner.companyId);
  });

  it('returns the same live link for the same invoice, and different links for different invoices', async () => {
    const first = await issuedInvoice(app, owner, tenancy.tenantId);
    const second = await issuedInvoice(app, owner, tenancy.tenantId);
    const a = await issue(owner.companyId, first._id);
    const again = await app.deps.db.transaction((tx) =>
      app.services.payLinks.issuePayLink(tx, { companyId: owner.companyId, invoiceId: first._id }),
    );
    const b = await issue(owner.companyId, second._id);
    expect(again).toEqual(a);
    expect(b.token).not.toBe(a.token);
    expect(await liveRows(first._id)).toHaveLength(1);
  });

  it('makes one link when several calls for one invoice run at once', async () => {
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId);
    const links = await Promise.all(
      Array.from({ length: 4 }, () =>
        app.deps.db.transaction((tx) =>
          app.services.payLinks.issuePayLink(tx, { companyId: owner.companyId, invoiceId: invoice._id }),
        ),
      ),
    );
    expect(new Set(links.map((link) => link.token)).size).toBe(1);
    expect(await liveRows(invoice._id)).toHaveLength(1);
  });

  it('replaces a link with less than three days left (the old one voided) and an expired one', async () => {
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId);
    const old = await issue(owner.companyId, invoice._id);
    await app.deps.db
      .update(payLinks)
      .set({ expiresAt: sql`now() + interval '2 days'` })
      .where(eq(payLinks.tokenHash, hashPayLinkToken(old.token)));
    const renewed = await issue(owner.companyId, invoice._id);
    expect(renewed.token).not.toBe(old.token);
    const [oldRow] = await app.deps.db
      .select()
      .from(payLinks)
      .where(eq(payLinks.tokenHash, hashPayLinkToken(old.token)));
    expect(oldRow?.voidedAt).toBeInstanceOf(Date);

    await app.deps.db
      .update(payLinks)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(eq(payLinks.tokenHash, hashPayLinkToken(renewed.token)));
    const third = await issue(owner.companyId, invoice._id);
    expect(third.token).not.toBe(renewed.token);
    expect(await liveRows(invoice._id)).toHaveLength(1);
  });

  it("answers 404 for another company's invoice or an unknown id, and 409 for an invoice that takes no payment", async () => {
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId);
    await expect(issue(other.companyId, invoice._id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(issue(owner.companyId, '01900000-0000-7000-8000-000000000000')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const draft = await createInvoice(app, owner, tenancy.tenantId);
    const draftId = draft.json<{ data: { _id: string } }>().data._id;
    await expect(issue(owner.companyId, draftId)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await liveRows(draftId)).toHaveLength(0);
  });
});

describe('POST /api/invoices/{id}/pay-link', () => {
  it("gives staff the invoice's live link, and refuses another company and the tenant", async () => {
    const invoice = await issuedInvoice(app, owner, tenancy.tenantId);
    const url = `/api/invoices/${invoice._id}/pay-link`;
    const first = await call(app, 'POST', url, { token: owner.token, companyId: owner.companyId });
    expect(first.statusCode).toBe(200);
    const link = first.json<{ data: { token: string; url: string } }>().data;
    expect(link.url).toBe(`${app.deps.config.appUrl}/pay/${link.token}`);
    const again = await call(app, 'POST', url, { token: owner.token, companyId: owner.companyId });
    expect(again.json<{ data: { token: string } }>().data.token).toBe(link.token);
    const foreign = await call(app, 'POST', url, { token: other.token, companyId: other.companyId });
    expect(foreign.statusCode).toBe(404);
    const tenant = await call(app, 'POST', url, { token: tenancy.person.token, companyId: owner.companyId });
    expect(tenant.statusCode).toBe(403);
  });
});
