import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AppRoute } from './routes';

/** WCAG 2.0 and 2.1, levels A and AA (issue 28). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
export const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type SizeName = keyof typeof SIZES;

/**
 * API requests that fail on a working page and are being fixed elsewhere (issue 28 item 4, branch h28-tenant).
 * THE INTEGRATOR EMPTIES THIS ARRAY when that branch is merged; keep it the only allowance for a failed request.
 */
export const KNOWN_FAILED_REQUESTS: RegExp[] = [];

export interface Finding {
  route: string;
  url: string;
  kind: 'axe' | 'request';
  text: string;
}

export interface RolePage {
  context: BrowserContext;
  page: Page;
  /** API requests answered 4xx/5xx since the last visit started ("GET /api/x 404"). */
  failed: string[];
  /** In-app links seen on the pages visited so far (pathnames), to fill `:params`. */
  links: Set<string>;
  inFlight: { count: number };
  pageErrors: string[];
}

/** One context and one page per role and size, reused for every route of the walk. */
export async function openRolePage(browser: Browser, baseUrl: string, size: SizeName): Promise<RolePage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: SIZES[size],
    reducedMotion: 'reduce',
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
  });
  const page = await context.newPage();
  const state: RolePage = {
    context,
    page,
    failed: [],
    links: new Set(),
    inFlight: { count: 0 },
    pageErrors: [],
  };
  const tracked = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (tracked(request.url())) state.inFlight.count++;
  });
  const done = (url: string) => {
    if (tracked(url)) state.inFlight.count = Math.max(0, state.inFlight.count - 1);
  };
  page.on('requestfinished', (request) => done(request.url()));
  page.on('requestfailed', (request) => done(request.url()));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    const request = `${response.request().method()} ${url.pathname}`;
    // An expired access token answers 401 once; the API client refreshes and replays it: the replay's answer counts.
    if (response.status() < 400) state.failed = state.failed.filter((entry) => entry !== `${request} 401`);
    else state.failed.push(`${request} ${response.status()}`);
  });
  page.on('pageerror', (error) => state.pageErrors.push(error.message));
  return state;
}

/** Waits until no API request is in flight for 400 ms and no skeleton, spinner or busy region is left (max 10 s). */
export async function settle(state: RolePage): Promise<void> {
  const deadline = Date.now() + 10_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await state.page.waitForTimeout(100);
    const busy =
      state.inFlight.count > 0 ||
      (await state.page
        .locator('[aria-busy="true"], .animate-pulse, .animate-spin')
        .count()
        .catch(() => 0)) > 0;
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= 400) return;
  }
}

/** Client-side navigation (the app is a SPA): no reload, so the walk stays fast. */
export async function goTo(state: RolePage, url: string, first: boolean): Promise<void> {
  if (first) {
    await state.page.goto(url);
  } else {
    await state.page.evaluate((target) => {
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    }, url);
  }
  await settle(state);
}

export async function harvestLinks(state: RolePage): Promise<void> {
  const hrefs = await state.page
    .$$eval('a[href^="/"]', (anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''))
    .catch(() => [] as string[]);
  for (const href of hrefs) state.links.add(href.split(/[?#]/)[0]!);
}

export async function axeFindings(page: Page, route: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const findings: Finding[] = [];
  for (const violation of results.violations) {
    if (violation.impact !== 'critical' && violation.impact !== 'serious') continue;
    for (const node of violation.nodes) {
      findings.push({
        route,
        url: page.url(),
        kind: 'axe',
        text: `${violation.id} (${violation.impact}) ${node.target.join(' ')} :: ${node.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''}`,
      });
    }
  }
  return findings;
}

export function patternRegex(pattern: string): RegExp {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${source}$`);
}

/** A concrete URL for a route: itself, a link seen on the walk, or a value from `values` (by param name). */
export function concreteUrl(
  route: AppRoute,
  links: Set<string>,
  staticPaths: Set<string>,
  values: Record<string, string | undefined>,
): string | null {
  if (!route.pattern.includes(':')) return route.pattern;
  // A link to the route itself, or to a page under it (`/x/:id/units/:unitId` gives `/x/:id`).
  const source = patternRegex(route.pattern).source.slice(1, -1);
  const regex = new RegExp(`^(${source})(?:/|$)`);
  for (const link of links) {
    const match = regex.exec(link);
    if (match && !staticPaths.has(match[1]!)) return match[1]!;
  }
  let missing = false;
  const filled = route.pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[`${route.pattern}#${name}`] ?? values[name];
    if (!value) missing = true;
    return value ?? '';
  });
  return missing ? null : filled;
}

export function summarize(findings: Finding[]): string {
  const byRoute = new Map<string, string[]>();
  for (const finding of findings) {
    const key = `${finding.route} (${new URL(finding.url).pathname})`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), `  [${finding.kind}] ${finding.text}`]);
  }
  return [...byRoute].map(([route, lines]) => `${route}\n${lines.join('\n')}`).join('\n');
}

/** Counts by rule ("color-contrast: 12") for the before/after numbers. */
export function countByRule(findings: Finding[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const finding of findings) {
    const rule = finding.kind === 'axe' ? finding.text.split(' ')[0]! : 'failed-request';
    counts[rule] = (counts[rule] ?? 0) + 1;
  }
  return counts;
}
