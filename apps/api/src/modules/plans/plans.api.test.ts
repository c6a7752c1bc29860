import type { CompanyUserDto, PlanAdminDto, PublicPlanDto } from '@rentora/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { createCompany, findPlan, type Session, superAdmin } from '../../../test/factories';
import type { AppDeps } from '../../core/app-deps';
import { plans } from '../../db/schema';
import { createPlansService } from './plans.service';

let app: FastifyInstance;
let admin: Session;

beforeAll(async () => {
  ({ app } = await getTestApp());
  admin = await superAdmin(app);
});

const limits = { maxPropertiesPerCompany: 2, maxUsersPerCompany: 3, maxRentalUnitsPerProperty: 4 };

async function createPlan(body: Record<string, unknown> = {}): Promise<PlanAdminDto> {
  const response = await call(app, 'POST', '/api/plans', {
    token: admin.token,
    body: {
      name: `Test plan ${uuidv7().slice(-8)}`,
      price: 49_900,
      featuresList: ['properties_read', 'users_read', 'users_write'],
      limitations: limits,
      ...body,
    },
  });
  if (response.statusCode !== 201) throw new Error(`plan failed: ${response.body}`);
  return response.json<{ data: PlanAdminDto }>().data;
}

describe('GET /api/plans (public)', () => {
  it('lists active plans for the pricing page without admin fields', async () => {
    const hidden = await createPlan({ isActive: false });
    const response = await call(app, 'GET', '/api/plans');
    expect(response.statusCode).toBe(200);
    const list = response.json<{ data: PublicPlanDto[] }>().data;
    expect(list.map((plan) => plan.slug)).toEqual(
      expect.arrayContaining(['starter', 'professional', 'enterprise']),
    );
    expect(list.map((plan) => plan._id)).not.toContain(hidden._id);
    expect(list[0]).not.toHaveProperty('isActive');
    expect(list[0]).not.toHaveProperty('sortOrder');
    expect(list.filter((plan) => plan.isDefault)).toHaveLength(1);
  });
});

describe('plan management (super admin)', () => {
  it('creates a plan with a slug from its name and refuses duplicates and unknown features', async () => {
    const name = `Growth ${uuidv7().slice(-6)}`;
    const plan = await createPlan({ name, billingCycle: 'yearly', description: 'For growing teams' });
    expect(plan).toMatchObject({
      name,
      slug: name.toLowerCase().replace(' ', '-'),
      currency: 'INR',
      billingCycle: 'yearly',
      isDefault: false,
      isActive: true,
      companiesCount: 0,
    });
    const duplicate = await call(app, 'POST', '/api/plans', {
      token: admin.token,
      body: { name, price: 1, featuresList: [], limitations: limits },
    });
    expect(duplicate.statusCode).toBe(409);
    for (const body of [
      { name: 'X plan', price: 1, featuresList: ['root_access'], limitations: limits },
      { name: 'X plan', price: -1, featuresList: [], limitations: limits },
      { name: 'X plan', price: 1, featuresList: [], limitations: { ...limits, maxUsersPerCompany: -2 } },
      { name: 'X plan', price: 1, featuresList: ['users_read', 'users_read'], limitations: limits },
      { name: 'X plan', price: 1, featuresList: [], limitations: limits, billingCycle: 'weekly' },
    ]) {
      const bad = await call(app, 'POST', '/api/plans', { token: admin.token, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('lists every plan with the number of companies on it, and refuses a company owner', async () => {
    const hidden = await createPlan({ isActive: false });
    const owner = await createCompany(app);
    const list = await call(app, 'GET', '/api/plans/admin', { token: admin.token, query: { limit: '100' } });
    expect(list.statusCode).toBe(200);
    const all = list.json<{ data: PlanAdminDto[] }>().data;
    expect(all.map((plan) => plan._id)).toContain(hidden._id);
    expect(all.find((plan) => plan.slug === 'starter')!.companiesCount).toBeGreaterThan(0);
    const inactive = await call(app, 'GET', '/api/plans/admin', {
      token: admin.token,
      query: { isActive: 'false', limit: '100' },
    });
    expect(inactive.json<{ data: PlanAdminDto[] }>().data.every((plan) => !plan.isActive)).toBe(true);

    for (const [method, url] of [
      ['GET', '/api/plans/admin'],
      ['GET', `/api/plans/${hidden._id}`],
      ['POST', '/api/plans'],
      ['PUT', `/api/plans/${hidden._id}`],
      ['DELETE', `/api/plans/${hidden._id}`],
    ] as const) {
      const response = await call(app, method, url, {
        token: owner.token,
        body: method === 'POST' || method === 'PUT' ? { name: 'Mine' } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('keeps exactly one active default plan', async () => {
    const starter = await findPlan('starter');
    const unset = await call(app, 'PUT', `/api/plans/${starter._id}`, {
      token: admin.token,
      body: { isDefault: false },
    });
    expect(unset.statusCode).toBe(409);
    const deactivate = await call(app, 'PUT', `/api/plans/${starter._id}`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(deactivate.statusCode).toBe(409);
    const remove = await call(app, 'DELETE', `/api/plans/${starter._id}`, { token: admin.token });
    expect(remove.statusCode).toBe(409);
    const inactiveDefault = await call(app, 'POST', '/api/plans', {
      token: admin.token,
      body: {
        name: 'Nope',
        price: 1,
        featuresList: [],
        limitations: limits,
        isDefault: true,
        isActive: false,
      },
    });
    expect(inactiveDefault.statusCode).toBe(400);
  });

  it('moves the default flag from one plan to another (checked in a transaction that is rolled back)', async () => {
    // Switching the default for real would change the plan of companies other tests create meanwhile.
    const { app: shared } = await getTestApp();
    const rollback = new Error('rollback');
    await expect(
      shared.deps.db.transaction(async (tx) => {
        const service = createPlansService({ ...shared.deps, db: tx } as AppDeps);
        const created = await service.create({
          name: `Default ${uuidv7().slice(-8)}`,
          price: 0,
          currency: 'INR',
          billingCycle: 'monthly',
          featuresList: [],
          limitations: limits,
          isDefault: true,
        });
        expect(created.isDefault).toBe(true);
        const defaults = await tx.select({ id: plans.id }).from(plans).where(eq(plans.isDefault, true));
        expect(defaults.map((row) => row.id)).toEqual([created._id]);
        const starter = await findPlanIn(tx, 'starter');
        const back = await service.update(starter, { isDefault: true });
        expect(back.plan.isDefault).toBe(true);
        const after = await tx.select({ id: plans.id }).from(plans).where(eq(plans.isDefault, true));
        expect(after.map((row) => row.id)).toEqual([starter]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect((await findPlan('starter'))._id).toBeTruthy();
    const defaults = await call(app, 'GET', '/api/plans');
    expect(
      defaults
        .json<{ data: PublicPlanDto[] }>()
        .data.filter((plan) => plan.isDefault)
        .map((p) => p.slug),
    ).toEqual(['starter']);
  });

  it("changes what a company's users can do on their next request when its plan changes", async () => {
    const owner = await createCompany(app);
    const record = (
      await call(app, 'GET', '/api/company-users', { token: owner.token, companyId: owner.companyId })
    ).json<{ data: CompanyUserDto[] }>().data[0]!;
    const readOwn = () =>
      call(app, 'GET', `/api/company-users/${record._id}`, {
        token: owner.token,
        companyId: owner.companyId,
      });
    expect((await readOwn()).statusCode).toBe(200);

    const narrow = await createPlan({ featuresList: ['properties_read'] });
    const moved = await call(
      app,
      'POST',
      `/api/superadmin/companies/${owner.companyId}/subscription/update`,
      {
        token: admin.token,
        body: { subscriptionId: narrow._id, instantChange: true },
      },
    );
    expect(moved.statusCode).toBe(200);
    const denied = await readOwn();
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'FEATURE_NOT_IN_PLAN', feature: 'users_read' });

    // Editing the plan leaves subscribed companies alone unless told to apply it.
    const edited = await call(app, 'PUT', `/api/plans/${narrow._id}`, {
      token: admin.token,
      body: { featuresList: ['properties_read', 'users_read'] },
    });
    expect(edited.json<{ data: { companiesUpdated: number } }>().data.companiesUpdated).toBe(0);
    expect((await readOwn()).statusCode).toBe(403);
    const applied = await call(app, 'PUT', `/api/plans/${narrow._id}`, {
      token: admin.token,
      body: { limitations: { ...limits, maxUsersPerCompany: 7 }, applyToCompanies: true },
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json<{ data: { companiesUpdated: number; plan: PlanAdminDto } }>().data).toMatchObject({
      companiesUpdated: 1,
      plan: { companiesCount: 1, limitations: { maxUsersPerCompany: 7 } },
    });
    expect((await readOwn()).statusCode).toBe(200);
    const company = await call(app, 'GET', `/api/companies/${owner.companyId}`, { token: owner.token });
    expect(
      company.json<{ data: { limitations: { maxUsersPerCompany: number } } }>().data.limitations,
    ).toMatchObject({ maxUsersPerCompany: 7 });
  });

  it('deletes only a plan no company uses; a used plan can be deactivated instead', async () => {
    const owner = await createCompany(app);
    const plan = await createPlan();
    await call(app, 'POST', `/api/superadmin/companies/${owner.companyId}/subscription/force-update`, {
      token: admin.token,
      body: { subscriptionId: plan._id },
    });
    const refused = await call(app, 'DELETE', `/api/plans/${plan._id}`, { token: admin.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toContain('deactivate');
    const deactivated = await call(app, 'PUT', `/api/plans/${plan._id}`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(deactivated.json<{ data: { plan: PlanAdminDto } }>().data.plan.isActive).toBe(false);
    const pricing = await call(app, 'GET', '/api/plans');
    expect(pricing.json<{ data: PublicPlanDto[] }>().data.map((p) => p._id)).not.toContain(plan._id);

    const unused = await createPlan();
    expect((await call(app, 'DELETE', `/api/plans/${unused._id}`, { token: admin.token })).statusCode).toBe(
      200,
    );
    expect((await call(app, 'GET', `/api/plans/${unused._id}`, { token: admin.token })).statusCode).toBe(404);
  });

  it('refuses an empty update and a taken slug', async () => {
    const plan = await createPlan();
    const empty = await call(app, 'PUT', `/api/plans/${plan._id}`, { token: admin.token, body: {} });
    expect(empty.statusCode).toBe(400);
    const taken = await call(app, 'PUT', `/api/plans/${plan._id}`, {
      token: admin.token,
      body: { slug: 'starter' },
    });
    expect(taken.statusCode).toBe(409);
  });
});

async function findPlanIn(tx: Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0], slug: string) {
  const [row] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.slug, slug));
  return row!.id;
}
