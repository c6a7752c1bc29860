import { createRequire } from 'node:module';
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
 * axe-core's script, as @axe-core/playwright bundles it (its own dependency, so the version is the one the lock file
 * pins for it). The walk injects it once per document and calls `axe.run` itself: `AxeBuilder.analyze()` re-injects
 * the 500 kB script and opens a blank page for `finishRun` on every call (~1–2 s a page, against ~0.2 s for the run).
 */
const AXE_SOURCE: string = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))(
  'axe-core',
).source;

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
  /** Requests of the app (API calls, lazy chunks, styles, images) not yet answered; sockets are not counted. */
  inFlight: { count: number };
  /** The page's own count of the requests it started (fetch and XHR), when the page last settled. */
  settledAt: { requests: number };
  /** socket.io answered the handshake (its `40` connect packet) since the last full load. */
  socket: { connected: boolean };
  pageErrors: string[];
}

/** One context and one page per visitor and size, reused for every route of the walk. */
export async function openRolePage(browser: Browser, baseUrl: string, size: SizeName): Promise<RolePage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: SIZES[size],
    reducedMotion: 'reduce',
    isMobile: size === 'phone',
    hasTouch: size === 'phone',
  });
  // Counts the requests the page starts, in the page itself: a check can tell for sure whether one started under it.
  await context.addInitScript(() => {
    const counted = window as unknown as { a11yRequests: number };
    counted.a11yRequests = 0;
    const fetchOriginal = window.fetch.bind(window);
    window.fetch = (...args: Parameters<typeof fetch>) => {
      counted.a11yRequests++;
      return fetchOriginal(...args);
    };
    const sendOriginal = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function send(
      this: XMLHttpRequest,
      ...args: Parameters<XMLHttpRequest['send']>
    ) {
      counted.a11yRequests++;
      return sendOriginal.apply(this, args);
    };
  });
  const page = await context.newPage();
  const state: RolePage = {
    context,
    page,
    failed: [],
    links: new Set(),
    inFlight: { count: 0 },
    settledAt: { requests: -1 },
    socket: { connected: false },
    pageErrors: [],
  };
  const origin = new URL(baseUrl).origin;
  const tracked = (url: string) => {
    const parsed = new URL(url);
    return parsed.origin === origin && !parsed.pathname.startsWith('/socket.io');
  };
  page.on('request', (request) => {
    if (!tracked(request.url())) return;
    state.inFlight.count++;
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
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).startsWith('40')) state.socket.connected = true;
    });
  });
  page.on('pageerror', (error) => state.pageErrors.push(error.message));
  return state;
}

/** Loading markers of the app: Suspense and query loaders (`aria-busy`), skeletons, spinners. */
const BUSY = '[aria-busy="true"], .animate-pulse, .animate-spin';
/** How long the page must stay without a request in flight and without a loading marker to count as rendered. */
const QUIET_MS = 150;

/**
 * Waits until no request of the app is in flight and no loading marker is shown for QUIET_MS (max 10 s). Lazy
 * chunks count as requests, so a navigation that is still loading its page (React keeps the old one on screen
 * meanwhile) is not mistaken for a rendered one; a query started by a render starts within the quiet window.
 */
export async function settle(state: RolePage): Promise<void> {
  const deadline = Date.now() + 10_000;
  let quietSince = Date.now();
  let requests = -1;
  while (Date.now() < deadline) {
    await state.page.waitForTimeout(50);
    const now = await pageState(state.page);
    const busy = state.inFlight.count > 0 || now.busy || now.requests !== requests;
    requests = now.requests;
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) break;
  }
  state.settledAt.requests = requests;
}

/** Whether a loading marker shows, and how many requests the page has started (in the page, so never late). */
function pageState(page: Page): Promise<{ busy: boolean; requests: number }> {
  return page
    .evaluate(
      (selector) => ({
        busy: document.querySelector(selector) !== null,
        requests: (window as unknown as { a11yRequests: number }).a11yRequests,
      }),
      BUSY,
    )
    .catch(() => ({ busy: true, requests: -1 }));
}

/**
 * Client-side navigation (the app is a SPA): no reload, so axe stays injected and the walk stays fast. A full load
 * signed in also waits for the live connection (max 10 s): on connect the app reloads the notifications (anything
 * missed), which would otherwise land in the middle of a later page's check.
 */
export async function goTo(state: RolePage, url: string, first: boolean, signedIn = false): Promise<void> {
  if (first) {
    state.socket.connected = false;
    await state.page.goto(url);
    const deadline = Date.now() + 10_000;
    while (signedIn && !state.socket.connected && Date.now() < deadline) await state.page.waitForTimeout(50);
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

/** The part of axe-core's results the walk reads. */
interface AxeRunResults {
  violations: {
    id: string;
    impact?: string | null;
    nodes: { target: (string | string[])[]; failureSummary?: string }[];
  }[];
}
type AxeWindow = { axe?: { run: (context: Document, options: object) => Promise<AxeRunResults> } };
type Violation = { id: string; impact: string | null; nodes: { target: string; summary: string }[] };

/** Injects axe into each frame of the page that does not have it yet (a full load or a new frame). */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const present = await frame
      .evaluate(() => typeof (window as AxeWindow).axe === 'object')
      .catch(() => true);
    if (!present) await frame.evaluate(AXE_SOURCE).catch(() => undefined);
  }
}

/**
 * axe on the settled page. A request the page starts after it settled (a refetch on mount or after a live event,
 * later than the quiet window under load) may change the page under axe (lists dim while they refetch): then the page
 * settles again and axe runs again (at most three times).
 */
export async function checkPage(state: RolePage, route: string): Promise<Finding[]> {
  for (let attempt = 1; ; attempt++) {
    const { findings, requests } = await axeFindings(state.page, route);
    if (requests === state.settledAt.requests || attempt === 3) return findings;
    await settle(state);
  }
}

/** axe on the page as it is now: the critical and serious violations of the WCAG 2.0/2.1 A and AA rules. */
async function axeFindings(page: Page, route: string): Promise<{ findings: Finding[]; requests: number }> {
  await injectAxe(page);
  const { violations, requests } = await page.evaluate(async (tags) => {
    const results = await (window as AxeWindow).axe!.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
      iframes: window.frames.length > 0,
    });
    const requests = (window as unknown as { a11yRequests: number }).a11yRequests;
    const violations: Violation[] = results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      nodes: violation.nodes.map((node) => ({
        target: node.target.join(' '),
        summary: node.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? '',
      })),
    }));
    return { violations, requests };
  }, AXE_TAGS);
  const findings: Finding[] = [];
  for (const violation of violations) {
    if (violation.impact !== 'critical' && violation.impact !== 'serious') continue;
    for (const node of violation.nodes) {
      findings.push({
        route,
        url: page.url(),
        kind: 'axe',
        text: `${violation.id} (${violation.impact}) ${node.target} :: ${node.summary}`,
      });
    }
  }
  return { findings, requests };
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
  // No link to it (e.g. an edit page whose button the visitor does not get): the longest prefix ending in a param
  // that a link reaches (`/x/:id/edit` from a link to `/x/:id`); the page must then hold up to the typed address.
  const segments = route.pattern.split('/');
  for (let end = segments.length - 2; end > 1; end--) {
    if (!segments[end]!.startsWith(':')) continue;
    const prefix = concreteUrl(
      { ...route, pattern: segments.slice(0, end + 1).join('/') },
      links,
      staticPaths,
      {},
    );
    if (prefix)
      return concreteUrl(
        { ...route, pattern: `${prefix}/${segments.slice(end + 1).join('/')}` },
        links,
        staticPaths,
        values,
      );
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
