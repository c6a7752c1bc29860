// The web benchmark: `npm run bench:web -w bench` (after `npm run build`). Not a test: it prints numbers and writes the
// "Web" section of docs/performance.md.
// 1. The JavaScript each public page loads: the built server (a snapshot of apps/api/dist and apps/web/dist) is
//    started, every page is opened in a fresh headless Chromium context until the network is idle, and the body of
//    every JS response is gzipped here with zlib (level 6, what Vite's build report uses) so the number does not depend
//    on whether the server compresses. What actually went over the wire is reported next to it.
// 2. Lighthouse 12 (performance, accessibility, best practices, SEO; bench/web-lighthouse.ts) against `/`,
//    `/properties` and the pay page `/pay/:token`, mobile and desktop presets: one warm-up run, then
//    BENCH_LIGHTHOUSE_RUNS runs each (default 5); the run with the median performance score is reported.
// Env: BENCH_WRITE_DOC=false (only print), BENCH_LIGHTHOUSE_RUNS (0 skips Lighthouse and leaves the doc alone),
// BENCH_WEB_DIST (another built SPA to measure, e.g. an experiment's outDir), BENCH_PORT_RANGE (default 3800-3899),
// BENCH_LIGHTHOUSE_ONLY=<regex> (only the matching Lighthouse pages; leaves the doc alone), CHROMIUM_PATH (default
// /usr/bin/chromium).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { type Cell, machineLine, markdownTable, saveResults, writeDocSection } from './lib/report';
import { type BenchProcess, ROOT, startProductServer } from './lib/server';
import { demoPayLinkToken, type LighthouseResult, runLighthouse } from './web-lighthouse';

process.env.BENCH_PORT_RANGE ??= '3800-3899';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/**
 * The public pages; `:id` is the first property of the public listing (demo seed), `:token` a pay link of an open
 * demo invoice made through the API (the page a tenant opens from a reminder, issue 24).
 */
const PAGES = [
  '/',
  '/properties',
  '/properties/:id',
  '/features',
  '/pricing',
  '/contact',
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/pay/:token',
];
/**
 * The budget: every public page loads at most this much gzip JS (kB = 1,000 bytes, as Vite reports). A page
 * over it makes the benchmark exit non-zero, after printing (and, for a full run, writing) the table.
 */
const BUDGET_KB = 110;
/**
 * JS gzip kB of each page before issue 8 (commit 606db9f, this benchmark on 2026-11-23), shown beside every run: the
 * entry carried TanStack Query, the auth forms and the contact form react-hook-form.
 */
const BEFORE_ISSUE_8_KB: Record<string, number> = {
  '/': 117.7,
  '/properties': 116.2,
  '/properties/:id': 118.4,
  '/features': 111.3,
  '/pricing': 112.5,
  '/contact': 125.2,
  '/auth/login': 126.4,
  '/auth/register': 127.6,
  '/auth/forgot-password': 127.0,
};
/** How long the page must load nothing new before it counts as settled. */
const QUIET_MS = 1_000;
/** Written under the page table: what keeps the public pages under the budget, so changes keep it. */
const HOW_PUBLIC_PAGES_STAY_SMALL = `What the first load of a public page is: React, React DOM and the router (~80 kB gzip together, the floor), the app
shell (routes, layout, API client, auth provider) and the page's own chunk. What it no longer carries: TanStack
Query (~10 kB; the public pages and the auth forms fetch through \`lib/light-query.ts\`, the query client loads with a
session, a signed-in page or a sign-in, see \`lib/query-runtime.ts\`), react-hook-form (~14 kB; the auth and contact forms
use \`lib/light-form.ts\`, their zod resolvers and react-hook-form load on the first input), the toast stack (with the
first toast) and the not-found page. A public page that imports TanStack Query, react-hook-form, zod or a dashboard
module puts it back: the benchmark then fails. The pay page (\`/pay/:token\`, opened from a reminder on a phone) is its
own lazy chunk of ~2.5 kB gzip besides the shared ones; it shows the invoice's state with its own badge (the invoices
module's would bring the invoice schemas and zod, ~35 kB), and its one API call starts while its chunk loads
(\`features/pay-links/pay-link-prefetch.ts\`); the checkout and its query client load when Pay is pressed.`;

/**
 * Lighthouse runs: mobile on the two busiest public pages (aim ≥ 95), desktop on `/`, and the pay page both ways
 * (issue 24: mobile ≥ 95 in every category).
 */
const LIGHTHOUSE_TARGETS = [
  ['/', 'mobile'],
  ['/properties', 'mobile'],
  ['/', 'desktop'],
  ['/pay/:token', 'mobile'],
  ['/pay/:token', 'desktop'],
] as const;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** BENCH_LIGHTHOUSE_ONLY=<regex of page patterns>: only those Lighthouse targets (while fixing a page); no doc. */
const LIGHTHOUSE_ONLY = process.env.BENCH_LIGHTHOUSE_ONLY
  ? new RegExp(process.env.BENCH_LIGHTHOUSE_ONLY)
  : null;
const WEB_DIST = process.env.BENCH_WEB_DIST ?? path.join(ROOT, 'apps/web/dist');

const kb = (bytes: number) => Math.round(bytes / 100) / 10;
const kbText = (bytes: number): string => kb(bytes).toFixed(1);

interface Asset {
  url: string;
  kind: 'js' | 'css';
  rawBytes: number;
  gzipBytes: number;
  /** Encoded body size as received (what the server sent over the wire). */
  wireBytes: number;
  encoding: string;
}

interface PageResult {
  path: string;
  assets: Asset[];
  jsFiles: number;
  jsRawBytes: number;
  jsGzipBytes: number;
  jsWireBytes: number;
  cssGzipBytes: number;
  encodings: string[];
  pageErrors: string[];
}

async function measurePage(browser: Browser, baseUrl: string, pathname: string): Promise<PageResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const pending: Promise<Asset | undefined>[] = [];
  // Set once the page has settled: a response that arrives after that (the context is about to close) is not read.
  let settled = false;
  page.on('response', (response) => {
    if (settled) return;
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    const kind =
      type === 'script' || contentType.includes('javascript')
        ? 'js'
        : type === 'stylesheet' || contentType.includes('text/css')
          ? 'css'
          : undefined;
    if (!kind || response.status() !== 200) return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          url: new URL(response.url()).pathname,
          kind,
          rawBytes: body.length,
          gzipBytes: gzipSync(body).length,
          wireBytes: sizes.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'identity',
        };
      })(),
    );
  });
  const response = await page.goto(`${baseUrl}${pathname}`, { waitUntil: 'networkidle' });
  if (response?.status() !== 200) throw new Error(`${pathname}: HTTP ${response?.status()}`);
  // The page rendered (not the route error screen): it has a main landmark or a form.
  await page.locator('main, form').first().waitFor({ timeout: 10_000 });
  // Whatever the page still loads on its own once rendered (a lazy chunk, a library fetched when idle) counts too:
  // wait until no new response arrived for a while.
  let seen = -1;
  while (seen !== pending.length) {
    seen = pending.length;
    await Promise.all(pending);
    await page.waitForTimeout(QUIET_MS);
  }
  settled = true;
  const assets = (await Promise.all(pending)).filter((asset): asset is Asset => asset !== undefined);
  await context.close();
  const js = assets.filter((asset) => asset.kind === 'js');
  const sum = (list: Asset[], key: 'rawBytes' | 'gzipBytes' | 'wireBytes') =>
    list.reduce((total, asset) => total + asset[key], 0);
  return {
    path: pathname,
    assets,
    jsFiles: js.length,
    jsRawBytes: sum(js, 'rawBytes'),
    jsGzipBytes: sum(js, 'gzipBytes'),
    jsWireBytes: sum(js, 'wireBytes'),
    cssGzipBytes: sum(
      assets.filter((asset) => asset.kind === 'css'),
      'gzipBytes',
    ),
    encodings: [...new Set(js.map((asset) => asset.encoding))],
    pageErrors,
  };
}

const workDir = mkdtempSync(path.join(tmpdir(), 'rentora-webperf-bench-'));
let server: BenchProcess | undefined;
let browser: Browser | undefined;

async function main() {
  const machine = machineLine();
  // A private copy of the built SPA, so a `npm run build` by someone else cannot swap the assets halfway through.
  const webDist = path.join(workDir, 'web-dist');
  cpSync(WEB_DIST, webDist, { recursive: true });
  server = await startProductServer({
    DATA_DIR: path.join(workDir, 'data'),
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'warn',
  });
  console.log(`server on ${server.baseUrl}, healthy in ${server.coldStartMs} ms`);

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
  // One unmeasured visit so the server's first-request costs do not matter (sizes would not change anyway).
  await (await browser.newPage()).goto(server.baseUrl, { waitUntil: 'networkidle' });
  const listing = await fetch(`${server.baseUrl}/api/public/properties?limit=1`);
  const propertyId = ((await listing.json()) as { data: { _id: string }[] }).data[0]?._id;
  if (!propertyId) throw new Error('the public listing of the demo seed is empty');
  const payToken = await demoPayLinkToken(server.baseUrl);
  const concrete = (pagePath: string) => pagePath.replace(':id', propertyId).replace(':token', payToken);
  const pages: PageResult[] = [];
  for (const pagePath of PAGES) {
    const pathname = concrete(pagePath);
    const result = await measurePage(browser, server.baseUrl, pathname);
    result.path = pagePath;
    if (result.pageErrors.length > 0)
      throw new Error(`${pathname} threw in the page: ${result.pageErrors.join('; ')}`);
    pages.push(result);
    console.log(
      `${pathname}: ${result.jsFiles} JS files, ${kbText(result.jsGzipBytes)} kB gzip (${kbText(result.jsRawBytes)} kB raw)`,
    );
  }
  await browser.close();
  browser = undefined;

  const lighthouseResults: LighthouseResult[] = [];
  if (LIGHTHOUSE_RUNS > 0)
    for (const [page, preset] of LIGHTHOUSE_TARGETS.filter(
      ([page]) => !LIGHTHOUSE_ONLY || LIGHTHOUSE_ONLY.test(page),
    ))
      lighthouseResults.push(
        await runLighthouse(`${server.baseUrl}${concrete(page)}`, page, preset, {
          chromePath: CHROMIUM_PATH,
          chromeFlags: CHROMIUM_FLAGS,
          runs: LIGHTHOUSE_RUNS,
        }),
      );
  await server.stop();
  server = undefined;
  const loadAtEnd = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

  const pageRows: Cell[][] = pages.map((page) => [
    `\`${page.path}\``,
    page.jsFiles,
    kbText(page.jsRawBytes),
    kbText(page.jsGzipBytes),
    BEFORE_ISSUE_8_KB[page.path]?.toFixed(1) ?? '',
    `${kbText(page.jsWireBytes)} (${page.encodings.join(', ')})`,
    kbText(page.cssGzipBytes),
    kb(page.jsGzipBytes) <= BUDGET_KB ? 'yes' : `no (+${(kb(page.jsGzipBytes) - BUDGET_KB).toFixed(1)})`,
  ]);
  const pageTable = markdownTable(
    [
      'Page',
      'JS files',
      'JS raw kB',
      'JS gzip kB',
      'Before the light public pages',
      'JS over the wire kB (encoding)',
      'CSS gzip kB',
      `≤ ${BUDGET_KB} kB`,
    ],
    pageRows,
    [1, 2, 3, 4, 5, 6],
  );
  const lighthouseTable = markdownTable(
    [
      'Page',
      'Preset',
      'Performance',
      'Runs',
      'Accessibility',
      'Best practices',
      'SEO',
      'FCP ms',
      'LCP ms',
      'TBT ms',
      'CLS',
    ],
    lighthouseResults.map((result) => [
      `\`${result.page}\``,
      result.preset,
      result.score,
      result.scores.join(', '),
      result.accessibility,
      result.bestPractices,
      result.seo,
      Math.round(result.fcpMs),
      Math.round(result.lcpMs),
      Math.round(result.tbtMs),
      result.cls.toFixed(3),
    ]),
    [2, 3, 4, 5, 6, 7, 8, 9, 10],
  );
  console.log(`\n${pageTable}\n\n${lighthouseTable}\n`);
  for (const result of lighthouseResults)
    if (result.failing.length > 0)
      console.log(`${result.page} ${result.preset}, audits under 1: ${result.failing.join(', ')}`);
  console.log(
    `raw results: ${saveResults('web', { machine, loadAtEnd, pages, lighthouse: lighthouseResults })}`,
  );

  if (
    process.env.BENCH_WRITE_DOC !== 'false' &&
    LIGHTHOUSE_RUNS > 0 &&
    !process.env.BENCH_WEB_DIST &&
    !LIGHTHOUSE_ONLY
  ) {
    writeDocSection(
      'Web',
      `\`npm run build && npm run bench:web -w bench\` (bench/web.ts, about 6 minutes; \`BENCH_LIGHTHOUSE_RUNS=0\` for the
sizes only, \`BENCH_WEB_DIST=<dir>\` to measure another build without touching this file, \`BENCH_WRITE_DOC=false\`).
Generated on ${machine} (load average at the end ${loadAtEnd}). The built server (\`apps/api/dist/server.js\`, demo seed, \`LOG_LEVEL=warn\`) serves a snapshot
of \`apps/web/dist\`; each page is opened in a fresh headless Chromium context (1280 × 800) and measured once the network
is idle. "JS gzip" is every JavaScript response body gzipped by the benchmark (zlib level 6, as Vite's build report), so
it does not depend on the server's compression; "over the wire" is what Chromium actually received. kB = 1,000 bytes.
Budget: at most ${BUDGET_KB} kB gzip of JS on every public page; the benchmark exits non-zero over it.

${pageTable}

${HOW_PUBLIC_PAGES_STAY_SMALL}

Lighthouse ${LIGHTHOUSE_RUNS > 1 ? `(after a warm-up, ${LIGHTHOUSE_RUNS} runs per page and preset, the median-score run shown)` : ''}
in the same headless Chromium (all four categories; mobile = Lighthouse's default simulated Moto G Power on slow 4G,
desktop = its desktop preset). The two cores are shared with other work, so TBT in particular moves with the machine's
load. Aim: mobile performance ≥ 95 on \`/\` and \`/properties\`, and ≥ 95 in every category on the pay page
\`/pay/:token\` (a real link of an open demo invoice, made through the API; reported, not enforced: it depends on the load).

${lighthouseTable}`,
    );
    console.log('docs/performance.md: "## Web" updated');
  }
  const over = pages.filter((page) => kb(page.jsGzipBytes) > BUDGET_KB);
  if (over.length > 0) {
    console.error(
      `over the ${BUDGET_KB} kB budget: ${over.map((page) => `${page.path} ${kbText(page.jsGzipBytes)} kB`).join(', ')}`,
    );
    process.exitCode = 1;
  }
}

try {
  await main();
} finally {
  await browser?.close().catch(() => {});
  await server?.stop().catch(() => {});
  rmSync(workDir, { recursive: true, force: true });
}
