import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countByRule, summarize } from './support/a11y';
import { demoValues, VISITORS, walk } from './support/a11y-walk';
import { launchBrowser } from './support/browser';

/**
 * Issue 28: every route of the route tables (read from apps/web/src/app, so new pages are walked without editing
 * this file) passes axe's WCAG 2.0/2.1 A and AA rules with no critical or serious violation, at desktop and phone
 * sizes, signed out and as each kind of account, and no API request of a working page fails.
 * Run: npm run build && npx vitest run --config e2e/vitest.config.ts e2e/accessibility.spec.ts
 */
const baseUrl = inject('baseUrl');
/**
 * CI walks the public site (signed out, both sizes); `A11Y_FULL=true` walks every visitor (owner, accountant, super
 * admin, tenant) too, which takes far longer (docs/decisions.md, accessibility).
 */
const FULL = process.env.A11Y_FULL === 'true';
const visitors = FULL ? VISITORS : VISITORS.filter((visitor) => visitor.name === 'signed out');
let browser: Browser;
const totals: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  await demoValues(baseUrl);
});
afterAll(async () => {
  await browser?.close();
  console.log(`accessibility: findings by visitor and rule ${JSON.stringify(totals, null, 1)}`);
});

for (const size of ['desktop', 'phone'] as const) {
  describe(`every route passes axe (WCAG 2.1 A/AA) at ${size} size`, () => {
    for (const visitor of visitors) {
      it(visitor.name, async () => {
        const started = Date.now();
        const { findings, visited } = await walk(browser, baseUrl, visitor, size);
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
