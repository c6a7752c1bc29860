import type { Browser } from 'playwright-core';
import {
  axeFindings,
  concreteUrl,
  type Finding,
  goTo,
  harvestLinks,
  KNOWN_FAILED_REQUESTS,
  openRolePage,
  type SizeName,
} from './a11y';
import { api, DEMO, login } from './api';
import { signIn } from './browser';
import { type AppRoute, appRoutes, type RouteArea } from './routes';

/** The walk of e2e/accessibility.spec.ts: which accounts visit which areas, how `:params` are filled. */
const ROUTES = appRoutes();
const STATIC_PATHS = new Set(ROUTES.filter((r) => !r.pattern.includes(':')).map((r) => r.pattern));

export interface Visitor {
  name: string;
  account: { email: string; password: string } | null;
  areas: RouteArea[];
}

/** Staff roles see different navigations: the accountant's (payments, no properties editing) is the one walked. */
export const VISITORS: Visitor[] = [
  { name: 'signed out', account: null, areas: ['public', 'auth', 'portal'] },
  { name: 'owner', account: DEMO.owner, areas: ['dashboard'] },
  { name: 'accountant', account: DEMO.accountant, areas: ['dashboard'] },
  { name: 'super admin', account: DEMO.superAdmin, areas: ['dashboard'] },
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

/** Fills the portal codes and the public form id from the demo data (the API, as the owner and field staff). */
export async function demoValues(baseUrl: string): Promise<void> {
  const owner = await login(baseUrl, DEMO.owner.email, DEMO.owner.password);
  const companies = await api<{ _id: string; name: string }[]>(baseUrl, 'GET', '/companies', {
    token: owner.token,
  });
  const companyId = companies.body.data?.find((c) => c.name === 'Sunrise Estates')?._id;
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

function allowedFailure(route: AppRoute, request: string): boolean {
  if (KNOWN_FAILED_REQUESTS.some((known) => known.test(request))) return true;
  // The "invalid or expired link" pages: their one lookup answers 404/400/410 by design.
  return TOKEN_ROUTES.test(route.pattern) && / (400|404|410)$/.test(request);
}

/** Visits every route of the visitor's areas with one page, runs axe on each and collects the findings. */
export async function walk(
  browser: Browser,
  baseUrl: string,
  visitor: Visitor,
  size: SizeName,
): Promise<{ findings: Finding[]; visited: number }> {
  const state = await openRolePage(browser, baseUrl, size);
  const findings: Finding[] = [];
  let first = true;
  if (visitor.account) {
    await signIn(state.page, visitor.account);
    first = false;
  }
  // A11Y_ONLY=<regex> walks only the matching route patterns (while fixing a page); CI walks all.
  const only = process.env.A11Y_ONLY ? new RegExp(process.env.A11Y_ONLY) : null;
  const routes = ROUTES.filter(
    (route) => visitor.areas.includes(route.area) && (!only || only.test(route.pattern)),
  );
  // Static routes first: their links fill the `:params` of the others.
  const ordered = [
    ...routes.filter((r) => !r.pattern.includes(':')),
    ...routes.filter((r) => r.pattern.includes(':')),
  ];
  let visited = 0;
  for (const route of ordered) {
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
      await goTo(state, url, first);
      first = false;
      visited++;
      await harvestLinks(state);
      const t1 = Date.now();
      findings.push(...(await axeFindings(state.page, route.pattern)));
      if (process.env.A11Y_DEBUG) console.log(`  ${url}: settled ${t1 - t0} ms, axe ${Date.now() - t1} ms`);
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
