// Lighthouse for bench/web.ts: the runs of one page and preset (all four categories), and the real pay link the
// `/pay/:token` page needs (an unknown token shows the "not found" state, which is not the page tenants open).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { json, signIn } from './lib/list-bench';
import { freePort } from './lib/server';

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof LIGHTHOUSE_CATEGORIES)[number];

export interface LighthouseResult {
  page: string;
  preset: 'mobile' | 'desktop';
  /** Performance score (0–100) of the reported run. */
  score: number;
  /** Accessibility, best practices and SEO of the same run. */
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Performance scores of every measured run. */
  scores: number[];
  /** Audits under a perfect score in the reported run (`id score`), to see what holds a category back. */
  failing: string[];
}

export interface LighthouseOptions {
  chromePath: string;
  chromeFlags: string[];
  runs: number;
}

/**
 * One Lighthouse run. On a loaded machine Chromium now and then loses the trace (NO_NAVSTART, NO_FCP): such a run is
 * repeated, up to twice.
 */
async function oneRun(url: string, port: number, preset: 'mobile' | 'desktop') {
  for (let attempt = 1; ; attempt++) {
    const flags: Flags = { port, logLevel: 'error', onlyCategories: [...LIGHTHOUSE_CATEGORIES] };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error('lighthouse returned no result');
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt >= 3) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    console.log(`lighthouse ${url} ${preset}: ${lhr.runtimeError.code}, again`);
  }
}

/**
 * One warm-up run (not reported), then `runs` runs of `url` with the preset (mobile = Lighthouse's default simulated
 * Moto G Power on slow 4G); the run with the median performance score is reported with its other scores.
 */
export async function runLighthouse(
  url: string,
  label: string,
  preset: 'mobile' | 'desktop',
  options: LighthouseOptions,
): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromePath,
    chromeFlags: options.chromeFlags,
    port: await freePort(),
    logLevel: 'silent',
  });
  try {
    const runs: Omit<LighthouseResult, 'scores'>[] = [];
    for (let run = 0; run <= options.runs; run++) {
      const lhr = await oneRun(url, chrome.port, preset);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const category = (id: Category) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const score = category('performance');
      const others = `a11y ${category('accessibility')}, bp ${category('best-practices')}, seo ${category('seo')}`;
      const timings = `FCP ${Math.round(metric('first-contentful-paint'))}, LCP ${Math.round(metric('largest-contentful-paint'))}, TBT ${Math.round(metric('total-blocking-time'))} ms`;
      console.log(
        `lighthouse ${label} ${preset} ${run === 0 ? 'warm-up' : `run ${run}`}: ${score} (${others}; ${timings})`,
      );
      if (run === 0) continue;
      const failing = LIGHTHOUSE_CATEGORIES.flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit && audit.score !== null && audit.score < 1)
          .map((audit) => `${audit!.id} ${audit!.score}`),
      );
      runs.push({
        page: label,
        preset,
        score,
        accessibility: category('accessibility'),
        bestPractices: category('best-practices'),
        seo: category('seo'),
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        failing,
      });
    }
    const sorted = [...runs].sort((a, b) => a.score - b.score);
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    if (!median) throw new Error('no lighthouse run');
    return { ...median, scores: runs.map((run) => run.score) };
  } finally {
    chrome.kill();
  }
}

const DEMO_OWNER = { email: 'owner@sunrise.test', password: 'Password123!' };

/**
 * A pay link of an open invoice of the demo company, made through the API as staff do (POST /invoices/{id}/pay-link):
 * the token of `/pay/:token`. Nothing is paid, so every visit shows the open invoice with its Pay button.
 */
export async function demoPayLinkToken(baseUrl: string): Promise<string> {
  const anonymous = await signIn(baseUrl, DEMO_OWNER, '');
  const companies = await json<{ data: { _id: string; name: string }[] }>(
    await fetch(`${baseUrl}/api/companies`, { headers: { authorization: anonymous.authorization! } }),
  );
  const companyId = companies.data.find((company) => company.name === 'Sunrise Estates')?._id;
  if (!companyId) throw new Error('the demo company Sunrise Estates is missing');
  const headers = { ...anonymous, 'x-company-id': companyId };
  for (const status of ['sent', 'partially_paid', 'overdue']) {
    const open = await json<{ data: { _id: string }[] }>(
      await fetch(`${baseUrl}/api/invoices?status=${status}&limit=1`, { headers }),
    );
    const invoiceId = open.data[0]?._id;
    if (!invoiceId) continue;
    const link = await json<{ data: { token: string } }>(
      await fetch(`${baseUrl}/api/invoices/${invoiceId}/pay-link`, { method: 'POST', headers }),
    );
    return link.data.token;
  }
  throw new Error('no open invoice in the demo company to make a pay link for');
}
