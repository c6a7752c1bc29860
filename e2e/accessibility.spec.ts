import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countByRule, SIZES, type SizeName, summarize } from './support/a11y';
import { demoValues, VISITORS, walk } from './support/a11y-walk';
import { launchBrowser } from './support/browser';

/**
 * Issue 28: every route of the route tables (read from apps/web/src/app, so new pages are walked without editing
 * this file) passes axe's WCAG 2.0/2.1 A and AA rules with no critical or serious violation, at desktop and phone
 * sizes, signed out and as every kind of account (each company role, the super admin, a tenant), and no API request
 * of a working page fails. Each visitor walks only the routes its guards let it open, plus one it may not open (which
 * must say so).
 * Run: npm run build && npx vitest run --config e2e/vitest.config.ts e2e/accessibility.spec.ts
 * While fixing: A11Y_ONLY=<route regex>, A11Y_VISITORS=<visitor regex>, A11Y_DEBUG=1 (timings of each page).
 */
const baseUrl = inject('baseUrl');
/** Walks at once, each in its own browser context (docs/decisions.md, accessibility). */
const WORKERS = Math.max(1, Number(process.env.A11Y_WORKERS ?? 3));
const only = process.env.A11Y_VISITORS ? new RegExp(process.env.A11Y_VISITORS) : null;
const visitors = VISITORS.filter((visitor) => !only || only.test(visitor.name));
let browser: Browser;
const totals: Record<string, Record<string, number>> = {};

/** At most `size` tasks at a time, started in the order they ask. */
function pool(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
const slot = pool(WORKERS);
/**
 * One walk of an account at a time: two sessions of one account see each other's changes live (opening the
 * notifications marks them read, and the other session refetches mid-check), so its two sizes take turns.
 */
const turns = new Map<string, Promise<unknown>>();
function inTurn<T>(account: string, task: () => Promise<T>): Promise<T> {
  const next = (turns.get(account) ?? Promise.resolve()).catch(() => undefined).then(task);
  turns.set(account, next);
  return next;
}

beforeAll(async () => {
  browser = await launchBrowser();
  await demoValues(baseUrl);
});
afterAll(async () => {
  await browser?.close();
  console.log(`accessibility: findings by visitor and rule ${JSON.stringify(totals, null, 1)}`);
});

describe.concurrent('every route passes axe (WCAG 2.1 A/AA)', { timeout: 900_000 }, () => {
  for (const size of Object.keys(SIZES) as SizeName[]) {
    for (const visitor of visitors) {
      it(`${visitor.name} @ ${size}`, async () => {
        const { findings, visited, seconds } = await inTurn(visitor.name, () =>
          slot(async () => {
            const started = Date.now();
            const result = await walk(browser, baseUrl, visitor, size);
            return { ...result, seconds: Math.round((Date.now() - started) / 1000) };
          }),
        );
        totals[`${visitor.name} @ ${size}`] = countByRule(findings);
        console.log(
          `accessibility: ${visitor.name} @ ${size}: ${visited} pages in ${seconds} s, ${findings.length} findings`,
        );
        if (findings.length > 0) console.log(summarize(findings));
        expect(findings.map((f) => `${f.route}: ${f.text}`)).toEqual([]);
      });
    }
  }
});
