import type { AuthSession, CompanyDto, CompanyRole, PlanDto, UserDto } from '@rentora/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { companies, plans } from '../src/db/schema';
import { ensureSuperAdmin } from '../src/db/seed';
import { call, getTestApp } from './app';

export const TEST_PASSWORD = 'Password123!';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${uuidv7()}@example.test`;
}

export interface Session {
  token: string;
  refreshToken: string;
  user: UserDto;
}

export interface CompanySession extends Session {
  companyId: string;
  company: CompanyDto;
}

export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string }> = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const response = await call(app, 'POST', '/api/auth/register', {
    body: { firstName: 'Test', lastName: 'User', email, password: overrides.password ?? TEST_PASSWORD },
  });
  if (response.statusCode !== 201) throw new Error(`signUp failed: ${response.body}`);
  return response.json<{ data: AuthSession }>().data as Session;
}

export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<Session> {
  const response = await call(app, 'POST', '/api/auth/login', { body: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ data: Session }>().data;
}

/** A new company with its owner signed in; `plan` moves it to that seeded plan (starter by default). */
export async function createCompany(
  app: FastifyInstance,
  options: { plan?: 'starter' | 'professional' | 'enterprise'; name?: string } = {},
): Promise<CompanySession> {
  const email = uniqueEmail('owner');
  const response = await call(app, 'POST', '/api/auth/register-company', {
    body: {
      company: { name: options.name ?? `Company ${uuidv7().slice(-6)}` },
      owner: { firstName: 'Owner', lastName: 'Person', email, password: TEST_PASSWORD },
    },
  });
  if (response.statusCode !== 201) throw new Error(`createCompany failed: ${response.body}`);
  const data = response.json<{
    data: { company: CompanyDto; user: UserDto; token: string; refreshToken: string };
  }>().data;
  if (options.plan && options.plan !== 'starter') await movePlan(data.company._id, options.plan);
  return {
    token: data.token,
    refreshToken: data.refreshToken,
    user: data.user,
    companyId: data.company._id,
    company: data.company,
  };
}

export async function movePlan(companyId: string, slug: string): Promise<void> {
  const { database } = await getTestApp();
  const [plan] = await database.db.select().from(plans).where(eq(plans.slug, slug));
  if (!plan) throw new Error(`no plan ${slug}`);
  await database.db
    .update(companies)
    .set({ planId: plan.id, featuresList: plan.featuresList, limitations: plan.limitations })
    .where(eq(companies.id, companyId));
}

export async function findPlan(slug: string): Promise<Pick<PlanDto, '_id' | 'name'>> {
  const { database } = await getTestApp();
  const [plan] = await database.db.select().from(plans).where(eq(plans.slug, slug));
  return { _id: plan!.id, name: plan!.name };
}

/** A new account added to the company with `role`, signed in. */
export async function addMember(
  app: FastifyInstance,
  owner: CompanySession,
  role: CompanyRole,
): Promise<CompanySession> {
  const person = await signUp(app);
  const response = await call(app, 'POST', `/api/companies/${owner.companyId}/users`, {
    token: owner.token,
    companyId: owner.companyId,
    body: { email: person.user.email, role },
  });
  if (response.statusCode !== 201) throw new Error(`addMember failed: ${response.body}`);
  const session = await login(app, person.user.email);
  return { ...session, companyId: owner.companyId, company: owner.company };
}

let superAdminEmail: string | undefined;

export async function superAdmin(app: FastifyInstance): Promise<Session> {
  const { database } = await getTestApp();
  superAdminEmail ??= uniqueEmail('superadmin');
  await ensureSuperAdmin(database.db, { email: superAdminEmail, password: TEST_PASSWORD });
  return login(app, superAdminEmail);
}
