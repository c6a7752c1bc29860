import { randomUUID } from 'node:crypto';

/** Accounts of the demo seed (apps/api/src/db/seed.ts), present on every server started with SEED_DEMO unset. */
export const DEMO_PASSWORD = 'Password123!';
export const DEMO = {
  superAdmin: { email: 'superadmin@rentora.test', password: 'SuperAdmin123!' },
  /** Sunrise Estates (Professional plan); also a manager at Harbor Homes. */
  owner: { email: 'owner@sunrise.test', password: DEMO_PASSWORD },
  manager: { email: 'manager@sunrise.test', password: DEMO_PASSWORD },
  accountant: { email: 'accountant@sunrise.test', password: DEMO_PASSWORD },
  designer: { email: 'designer@sunrise.test', password: DEMO_PASSWORD },
  maintenanceCoordinator: { email: 'maintenance@sunrise.test', password: DEMO_PASSWORD },
  fieldStaff: { email: 'fieldstaff@sunrise.test', password: DEMO_PASSWORD },
  salesAgent: { email: 'sales@sunrise.test', password: DEMO_PASSWORD },
  customerSupport: { email: 'support@sunrise.test', password: DEMO_PASSWORD },
  /** Harbor Homes (Starter plan). */
  harborOwner: { email: 'owner@harbor.test', password: DEMO_PASSWORD },
  tenant: { email: 'tenant@rentora.test', password: DEMO_PASSWORD },
} as const;

export interface ApiResult<T = unknown> {
  status: number;
  body: { success: boolean; data?: T; error?: string; code?: string; message?: string };
}

export interface ApiCallOptions {
  token?: string;
  companyId?: string;
  body?: unknown;
}

/** One JSON call to the running server, as the web app makes it (bearer token, x-company-id). */
export async function api<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: ApiCallOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.companyId) headers['x-company-id'] = options.companyId;
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : { success: response.ok } };
}

export interface Session {
  token: string;
  refreshToken: string;
  user: { _id: string; email: string; role: string; firstName: string; lastName: string };
}

export async function login(baseUrl: string, email: string, password: string): Promise<Session> {
  const result = await api<Session>(baseUrl, 'POST', '/auth/login', { body: { email, password } });
  if (result.status !== 200 || !result.body.data) {
    throw new Error(`login ${email} failed: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body.data;
}

/** Registers a new person's account (role tenant) with a unique email; returns the session and the password. */
export async function registerUser(
  baseUrl: string,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
): Promise<Session & { email: string; password: string }> {
  const email = overrides.email ?? `e2e-${randomUUID()}@example.test`;
  const password = overrides.password ?? 'Password123!';
  const result = await api<Session>(baseUrl, 'POST', '/auth/register', {
    body: {
      firstName: overrides.firstName ?? 'Erin',
      lastName: overrides.lastName ?? 'Endtoend',
      email,
      password,
    },
  });
  if (result.status !== 201 || !result.body.data) {
    throw new Error(`register ${email} failed: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return { ...result.body.data, email, password };
}

/** The `data` of a call that must succeed; throws with the status and body otherwise. */
export async function must<T>(promise: Promise<ApiResult<T>>, what: string): Promise<T> {
  const result = await promise;
  if (result.status >= 300 || result.body.data === undefined) {
    throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body.data;
}
