import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import {
  type CompanySession,
  createCompany,
  findPlan,
  type Session,
  superAdmin,
} from '../../../test/factories';

let app: FastifyInstance;
let admin: Session;

beforeAll(async () => {
  ({ app } = await getTestApp());
  admin = await superAdmin(app);
});

const base = (company: CompanySession) => `/api/superadmin/companies/${company.companyId}`;

describe('POST /api/superadmin/companies/:id/verify', () => {
  it('verifies and unverifies with notes', async () => {
    const company = await createCompany(app);
    const verified = await call(app, 'POST', `${base(company)}/verify`, {
      token: admin.token,
      body: { isVerified: true, notes: 'Documents checked' },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json<{ data: { isVerified: boolean; verificationNotes: string } }>().data).toMatchObject({
      isVerified: true,
      verificationNotes: 'Documents checked',
    });
    const unverified = await call(app, 'POST', `${base(company)}/verify`, {
      token: admin.token,
      body: { isVerified: false },
    });
    expect(unverified.json<{ data: { isVerified: boolean; verifiedAt: null } }>().data.verifiedAt).toBeNull();
  });

  it('refuses a company owner with 403', async () => {
    const company = await createCompany(app);
    const response = await call(app, 'POST', `${base(company)}/verify`, {
      token: company.token,
      body: { isVerified: true },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('subscriptions', () => {
  it('changes what the company can do on the next request after an instant plan change', async () => {
    const company = await createCompany(app);
    const before = await call(app, 'GET', '/api/auth/permission-context', { token: company.token });
    expect(before.json<{ data: { permissions: string[] } }>().data.permissions).not.toContain(
      'payments_read',
    );

    const professional = await findPlan('professional');
    const changed = await call(app, 'POST', `${base(company)}/subscription/update`, {
      token: admin.token,
      body: { subscriptionId: professional._id, instantChange: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ data: { plan: { slug: string } } }>().data.plan.slug).toBe('professional');
    const after = await call(app, 'GET', '/api/auth/permission-context', { token: company.token });
    expect(after.json<{ data: { permissions: string[] } }>().data.permissions).toContain('payments_read');
  });

  it('applies a non-instant change at renewal', async () => {
    const company = await createCompany(app);
    const enterprise = await findPlan('enterprise');
    await call(app, 'POST', `${base(company)}/subscription/update`, {
      token: admin.token,
      body: { subscriptionId: enterprise._id },
    });
    const pending = await call(app, 'GET', `${base(company)}/features-and-limitations`, {
      token: admin.token,
    });
    expect(
      pending.json<{ data: { plan: { slug: string }; pendingPlan: { name: string } } }>().data,
    ).toMatchObject({
      plan: { slug: 'starter' },
      pendingPlan: { name: 'Enterprise' },
    });
    const renewed = await call(app, 'POST', `${base(company)}/subscription/renew`, { token: admin.token });
    expect(
      renewed.json<{ data: { plan: { slug: string }; limitations: { maxPropertiesPerCompany: number } } }>()
        .data,
    ).toMatchObject({
      plan: { slug: 'enterprise' },
      limitations: { maxPropertiesPerCompany: -1 },
    });
  });

  it('force-updates with a new cycle, and cancels at period end or immediately', async () => {
    const company = await createCompany(app);
    const professional = await findPlan('professional');
    const forced = await call(app, 'POST', `${base(company)}/subscription/force-update`, {
      token: admin.token,
      body: { subscriptionId: professional._id },
    });
    expect(forced.statusCode).toBe(200);
    const atEnd = await call(app, 'POST', `${base(company)}/subscription/cancel`, {
      token: admin.token,
      body: {},
    });
    expect(
      atEnd.json<{ data: { subscription: { cancelAtPeriodEnd: boolean; status: string } } }>().data
        .subscription,
    ).toMatchObject({
      cancelAtPeriodEnd: true,
      status: 'active',
    });
    const now = await call(app, 'POST', `${base(company)}/subscription/cancel`, {
      token: admin.token,
      body: { immediate: true },
    });
    expect(now.json<{ data: { subscription: { status: string } } }>().data.subscription.status).toBe(
      'cancelled',
    );
  });

  it('answers 404 for an unknown plan', async () => {
    const company = await createCompany(app);
    const response = await call(app, 'POST', `${base(company)}/subscription/update`, {
      token: admin.token,
      body: { subscriptionId: '01900000-0000-7000-8000-000000000000', instantChange: true },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('features and limitations', () => {
  it("removes a feature from the company's permissions and adds it back", async () => {
    const company = await createCompany(app);
    const removed = await call(app, 'POST', `${base(company)}/features/remove`, {
      token: admin.token,
      body: { featureId: 'users_read' },
    });
    expect(removed.json<{ data: { featuresList: string[] } }>().data.featuresList).not.toContain(
      'users_read',
    );
    const ctx = await call(app, 'GET', '/api/auth/permission-context', { token: company.token });
    expect(ctx.json<{ data: { permissions: string[] } }>().data.permissions).not.toContain('users_read');

    const added = await call(app, 'POST', `${base(company)}/features/add`, {
      token: admin.token,
      body: { featureId: 'users_read' },
    });
    expect(added.json<{ data: { featuresList: string[] } }>().data.featuresList).toContain('users_read');
    const unknown = await call(app, 'POST', `${base(company)}/features/add`, {
      token: admin.token,
      body: { featureId: 'nope' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('edits limitations and resets them to the plan', async () => {
    const company = await createCompany(app);
    const edited = await call(app, 'PUT', `${base(company)}/limitations`, {
      token: admin.token,
      body: { limitations: { maxPropertiesPerCompany: 99 } },
    });
    expect(
      edited.json<{
        data: { limitations: { maxPropertiesPerCompany: number; maxUsersPerCompany: number } };
      }>().data.limitations,
    ).toMatchObject({
      maxPropertiesPerCompany: 99,
      maxUsersPerCompany: 5,
    });
    const invalid = await call(app, 'PUT', `${base(company)}/limitations`, {
      token: admin.token,
      body: { limitations: { maxPropertiesPerCompany: -7 } },
    });
    expect(invalid.statusCode).toBe(400);
    const reset = await call(app, 'POST', `${base(company)}/limitations/reset`, { token: admin.token });
    expect(
      reset.json<{ data: { limitations: { maxPropertiesPerCompany: number } } }>().data.limitations
        .maxPropertiesPerCompany,
    ).toBe(3);
  });

  it('lists the product features of the catalogue', async () => {
    const response = await call(app, 'GET', '/api/superadmin/product-features', { token: admin.token });
    const features = response.json<{ data: { _id: string; category: string }[] }>().data;
    expect(features.length).toBe(48);
    expect(new Set(features.map((f) => f.category)).size).toBe(8);
  });
});
