import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  axeFindings,
  concreteUrl,
  countByRule,
  type Finding,
  goTo,
  harvestLinks,
  KNOWN_FAILED_REQUESTS,
  openRolePage,
  type SizeName,
  summarize,
} from './support/a11y';
import { api, DEMO, login } from './support/api';
import { launchBrowser, signIn } from './support/browser';
import { type AppRoute, appRoutes, type RouteArea } from './support/routes';

/**
 * Issue 28: every route of the route tables (read from apps/web/src/app, so new pages are walked without editing
 * this file) passes axe's WCAG 2.0/2.1 A and AA rules with no critical or serious violation, at desktop and phone
 * sizes, signed out and as each kind of account, and no API request of a working page fails.
 * Run: npm run build && npx vitest run --config e2e/vitest.config.ts e2e/accessibility.spec.ts
 */
const baseUrl = inject('baseUrl');
const ROUTES = appRoutes();
const STATIC_PATHS = new Set(ROUTES.filter((r) => !r.pattern.includes(':')).map((r) => r.pattern));

interface Visitor {
  name: string;
  account: { email: string; password: string } | null;
  areas: RouteArea[];
}

/** Staff roles see different navigations: the accountant's (payments, no properties editing) is the one walked. */
const VISITORS: Visitor[] = [
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

async function demoValues(): Promise<void> {
  const owner = await login(baseUrl, DEMO.owner.email, DEMO.owner.password);
  const companies = await api<{ _id: string; name: string }[]>(baseUrl, 'GET', '/companies', { token: owner.token });
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
  const field = await login(baseUrl, DEMO.fieldStaff.email, DEMO.fieldStaff.password);
  const code = await api<{ assigneeCode: string }>(baseUrl, 'GET', '/assignee/code', {
    token: field.token,
    companyId,
  });
  values.assigneeCode = code.body.data?.assigneeCode;
}

function allowedFailure(route: AppRoute, request: string): boolean {
  if (KNOWN_FAILED_REQUESTS.some((known) => known.test(request))) return true;
  // The "invalid or expired link" pages: their one lookup answers 404/400/410 by design.
  return TOKEN_ROUTES.test(route.pattern) && / (400|404|410)$/.test(request);
}

let browser: Browser;
const totals: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  await demoValues();
});
afterAll(async () => {
  await browser?.close();
  console.log(`accessibility: findings by visitor and rule ${JSON.stringify(totals, null, 1)}`);
});

async function walk(visitor: Visitor, size: SizeName): Promise<{ findings: Finding[]; visited: number }> {
  const state = await openRolePage(browser, baseUrl, size);
  const findings: Finding[] = [];
  let first = true;
  if (visitor.account) {
    await signIn(state.page, visitor.account);
    first = false;
  }
  const routes = ROUTES.filter((route) => visitor.areas.includes(route.area));
  // Static routes first: their links fill the `:params` of the others.
  const ordered = [...routes.filter((r) => !r.pattern.includes(':')), ...routes.filter((r) => r.pattern.includes(':'))];
  let visited = 0;
  for (const route of ordered) {
    const one = concreteUrl(route, state.links, STATIC_PATHS, values);
    const urls = EXPANDED[route.pattern] ?? (one ? [one] : []);
    if (urls.length === 0) {
      findings.push({ route: route.pattern, url: `${baseUrl}${route.pattern}`, kind: 'request', text: 'no value for its params (no link to it on the walked pages)' });
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
          findings.push({ route: route.pattern, url: state.page.url(), kind: 'request', text: `failed request ${request}` });
      }
    }
  }
  for (const message of state.pageErrors)
    findings.push({ route: '(any)', url: state.page.url(), kind: 'request', text: `page error ${message}` });
  await state.context.close();
  return { findings, visited };
}

for (const size of ['desktop', 'phone'] as const) {
  describe(`every route passes axe (WCAG 2.1 A/AA) at ${size} size`, () => {
    for (const visitor of VISITORS) {
      it(visitor.name, async () => {
        const started = Date.now();
        const { findings, visited } = await walk(visitor, size);
        totals[`${visitor.name} @ ${size}`] = countByRule(findings);
        console.log(
          `accessibility: ${visitor.name} @ ${size}: ${visited} pages in ${Math.round((Date.now() - started) / 1000)} s, ${findings.length} findings`,
        );
        if (findings.length > 0) console.log(summarize(findings));
        expect(findings.map((f) => `${f.route}: ${f.text}`)).toEqual([]);
      }, 420_000);
    }
  });
}
