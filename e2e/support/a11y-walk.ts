import { type AccessContext, COOKIE_NAMES, gateRoute } from '@rentora/shared';
import type { Browser } from 'playwright-core';
import {
  checkPage,
  concreteUrl,
  type Finding,
  goTo,
  harvestLinks,
  KNOWN_FAILED_REQUESTS,
  openRolePage,
  type RolePage,
  type SizeName,
} from './a11y';
import { api, DEMO, login } from './api';
import { type AppRoute, appRoutes, type RouteArea } from './routes';

/** The walk of e2e/accessibility.spec.ts: which accounts visit which areas, how `:params` are filled. */
const ROUTES = appRoutes();
const STATIC_PATHS = new Set(ROUTES.filter((r) => !r.pattern.includes(':')).map((r) => r.pattern));
/** The demo company with data on every page (tenants, invoices, maintenance…); staff visitors work in it. */
const DEMO_COMPANY = 'Sunrise Estates';

export interface Visitor {
  name: string;
  account: { email: string; password: string } | null;
  areas: RouteArea[];
}

/**
 * Signed out, every company role of the demo company (each sees its own navigation, pages and buttons), the super
 * admin (in the demo company, plus the platform pages) and a tenant. Listed longest walk first: the spec's pool starts
 * them in this order.
 */
export const VISITORS: Visitor[] = [
  { name: 'owner', account: DEMO.owner, areas: ['dashboard'] },
  { name: 'super admin', account: DEMO.superAdmin, areas: ['dashboard'] },
  { name: 'manager', account: DEMO.manager, areas: ['dashboard'] },
  { name: 'accountant', account: DEMO.accountant, areas: ['dashboard'] },
  { name: 'signed out', account: null, areas: ['public', 'auth', 'portal'] },
  { name: 'maintenance coordinator', account: DEMO.maintenanceCoordinator, areas: ['dashboard'] },
  { name: 'customer support', account: DEMO.customerSupport, areas: ['dashboard'] },
  { name: 'sales agent', account: DEMO.salesAgent, areas: ['dashboard'] },
  { name: 'designer', account: DEMO.designer, areas: ['dashboard'] },
  { name: 'field staff', account: DEMO.fieldStaff, areas: ['dashboard'] },
  { name: 'tenant', account: DEMO.tenant, areas: ['tenant'] },
];

/** Links that hold a one-time token: the walk opens them with a token that does not exist (the "invalid link" state). */
const INVALID_TOKEN = '0000000000000000000000000000000000000000';
const TOKEN_ROUTES = /^\/(auth\/reset-password|auth\/verify-email|track-ticket|invitation)\//;

/** Params that are no link on any page: the tabs of a tabbed route, and the portal codes (from the API). */
const values: Record<string, string | undefined> = {
  token: INVALID_TOKEN,
  trackingToken: INVALID_TOKEN,
};
const EXPANDED: Record<string, string[]> = {
  '/dashboard/maintenance/:tab': ['requests', 'board', 'types', 'assignments', 'forms', 'stats'].map(
    (tab) => `/dashboard/maintenance/${tab}`,
  ),
};
let demoCompanyId: string | undefined;

/** Fills the portal codes and the public form id from the demo data (the API, as the owner and field staff). */
export async function demoValues(baseUrl: string): Promise<void> {
  const owner = await login(baseUrl, DEMO.owner.email, DEMO.owner.password);
  const companies = await api<{ _id: string; name: string }[]>(baseUrl, 'GET', '/companies', {
    token: owner.token,
  });
  const companyId = companies.body.data?.find((c) => c.name === DEMO_COMPANY)?._id;
  if (!companyId) throw new Error(`no company ${DEMO_COMPANY} in the demo data`);
  demoCompanyId = companyId;
  const staff = { token: owner.token, companyId };
  const forms = await api<{ _id?: string; id?: string }[]>(baseUrl, 'GET', '/maintenance/forms', staff);
  const form = forms.body.data?.[0];
  values.formId = form?._id ?? form?.id;
  const tenants = await api<{ _id: string; status: string }[]>(baseUrl, 'GET', '/tenants?search=Tara', staff);
  const tara = tenants.body.data?.find((t) => t.status === 'active' || t.status === 'notice_given');
  if (tara) {
    const code = await api<{ portalUrl: string }>(baseUrl, 'GET', `/tenant-codes/${tara._id}`, staff);
    const portal = code.body.data?.portalUrl;
    if (portal) values.tenantcode = new URL(portal).pathname.split('/')[2];
  }
  const listed = await api<{ _id: string }[]>(baseUrl, 'GET', '/public/properties?limit=1');
  values['/tenant/properties/:id#id'] = listed.body.data?.[0]?._id;
  // A unit page, for a visitor whose walk met no link to one (the property page lists its units).
  const units = await api<{ _id: string; propertyId: string }[]>(
    baseUrl,
    'GET',
    '/rental-units?limit=1',
    staff,
  );
  const unit = units.body.data?.[0];
  values['/dashboard/properties/:id/units/:unitId#id'] = unit?.propertyId;
  values['/dashboard/properties/:id/units/:unitId#unitId'] = unit?._id;
  // The member page's `:userId` is the company-user record's id.
  const members = await api<{ _id: string }[]>(baseUrl, 'GET', '/company-users', staff);
  values['/dashboard/company-users/:userId#userId'] = members.body.data?.[0]?._id;
  const field = await login(baseUrl, DEMO.fieldStaff.email, DEMO.fieldStaff.password);
  const code = await api<{ assigneeCode: string }>(baseUrl, 'GET', '/assignee/code', {
    token: field.token,
    companyId,
  });
  values.assigneeCode = code.body.data?.assigneeCode;
  // The public pay page of an open invoice of the demo company (a real link: an unknown one answers 404). Earlier
  // specs on the same server pay invoices, so any open status will do.
  for (const status of ['overdue', 'sent', 'partially_paid']) {
    const open = await api<{ _id: string }[]>(baseUrl, 'GET', `/invoices?status=${status}&limit=1`, staff);
    const invoiceId = open.body.data?.[0]?._id;
    if (!invoiceId) continue;
    const link = await api<{ token: string }>(baseUrl, 'POST', `/invoices/${invoiceId}/pay-link`, staff);
    values['/pay/:token#token'] = link.body.data?.token;
    if (values['/pay/:token#token']) break;
  }
  if (!values['/pay/:token#token'])
    throw new Error('no open invoice in the demo company to open a pay link for');
}

interface PermissionContext {
  user: { role: AccessContext['role']; subRole: string | null };
  companyUser: { role: AccessContext['companyRole']; featurePermissions: string[] | null } | null;
  permissions: string[];
  featuresList: string[] | null;
}

/**
 * Signs the visitor in through the API and hands the session to the browser as the web app keeps it (cookies, the
 * demo company selected). Returns what the route guards know of the visitor, built as the web app builds it
 * (apps/web/src/features/auth/auth-engine.tsx), so the walk visits the routes the visitor's guards let through.
 */
async function signInAs(
  state: RolePage,
  baseUrl: string,
  account: { email: string; password: string },
): Promise<AccessContext> {
  const session = await login(baseUrl, account.email, account.password);
  const cookies: { name: string; value: string }[] = [
    { name: COOKIE_NAMES.token, value: session.token },
    { name: COOKIE_NAMES.refreshToken, value: session.refreshToken },
  ];
  if (session.user.role !== 'tenant' && demoCompanyId)
    cookies.push({ name: COOKIE_NAMES.currentCompanyId, value: demoCompanyId });
  await state.context.addCookies(cookies.map((cookie) => ({ ...cookie, url: baseUrl })));
  if (session.user.role === 'tenant') return { role: 'tenant', features: null, planFeatures: [] };
  const context = await api<PermissionContext>(baseUrl, 'GET', `/auth/permission-context`, {
    token: session.token,
    companyId: demoCompanyId,
  });
  const data = context.body.data;
  if (!data) throw new Error(`permission context of ${account.email}: ${context.status}`);
  return {
    role: data.user.role,
    subRole: data.user.subRole,
    companyRole: data.companyUser?.role ?? null,
    features: data.companyUser?.featurePermissions ?? data.permissions,
    planFeatures: data.featuresList ?? [],
  };
}

function allowedFailure(route: AppRoute, request: string): boolean {
  if (KNOWN_FAILED_REQUESTS.some((known) => known.test(request))) return true;
  // The "invalid or expired link" pages: their one lookup answers 404/400/410 by design.
  return TOKEN_ROUTES.test(route.pattern) && / (400|404|410)$/.test(request);
}

/**
 * The visitor's routes in walking order: static routes first (their links fill the `:params` of the others). Routes
 * the guards refuse are left out, except the first of them, which must show the "no access" state (and pass axe).
 */
function plan(
  visitor: Visitor,
  access: AccessContext | null,
): { routes: AppRoute[]; denied: AppRoute | null } {
  // A11Y_ONLY=<regex> walks only the matching route patterns (while fixing a page); CI walks all.
  const only = process.env.A11Y_ONLY ? new RegExp(process.env.A11Y_ONLY) : null;
  const mine = ROUTES.filter(
    (route) => visitor.areas.includes(route.area) && (!only || only.test(route.pattern)),
  );
  const decide = (route: AppRoute) => (access ? gateRoute(access, route.pattern).kind : 'allow');
  const open = mine.filter((route) => decide(route) === 'allow');
  const ordered = [
    ...open.filter((r) => !r.pattern.includes(':')),
    ...open.filter((r) => r.pattern.includes(':')),
  ];
  const denied = mine.find((route) => decide(route) === 'deny' && !route.pattern.includes(':')) ?? null;
  return { routes: denied ? [...ordered, denied] : ordered, denied };
}

/** Visits every route the visitor may open with one page, runs axe on each and collects the findings. */
export async function walk(
  browser: Browser,
  baseUrl: string,
  visitor: Visitor,
  size: SizeName,
): Promise<{ findings: Finding[]; visited: number }> {
  const state = await openRolePage(browser, baseUrl, size);
  const findings: Finding[] = [];
  const access = visitor.account ? await signInAs(state, baseUrl, visitor.account) : null;
  const { routes, denied } = plan(visitor, access);
  let first = true;
  let visited = 0;
  for (const route of routes) {
    const one = concreteUrl(route, state.links, STATIC_PATHS, values);
    const urls = EXPANDED[route.pattern] ?? (one ? [one] : []);
    if (urls.length === 0) {
      findings.push({
        route: route.pattern,
        url: `${baseUrl}${route.pattern}`,
        kind: 'request',
        text: 'no value for its params (no link to it on the walked pages)',
      });
      continue;
    }
    for (const url of urls) {
      state.failed = [];
      const t0 = Date.now();
      await goTo(state, url, first, access !== null);
      first = false;
      visited++;
      const t1 = Date.now();
      findings.push(...(await checkPage(state, route.pattern)));
      await harvestLinks(state);
      if (process.env.A11Y_DEBUG)
        console.log(`  ${visitor.name} @ ${size} ${url}: settled ${t1 - t0} ms, axe ${Date.now() - t1} ms`);
      if (route === denied && (await state.page.getByTestId('access-denied').count()) === 0)
        findings.push({
          route: route.pattern,
          url: state.page.url(),
          kind: 'request',
          text: 'the guards refuse this route to the visitor, but the page shows no "Access denied" state',
        });
      for (const request of state.failed) {
        if (!allowedFailure(route, request))
          findings.push({
            route: route.pattern,
            url: state.page.url(),
            kind: 'request',
            text: `failed request ${request}`,
          });
      }
    }
  }
  for (const message of state.pageErrors)
    findings.push({ route: '(any)', url: state.page.url(), kind: 'request', text: `page error ${message}` });
  await state.context.close();
  return { findings, visited };
}
