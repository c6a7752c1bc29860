import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO } from './support/api';
import { launchBrowser, newPage, SCREENSHOT_DIR, screenshot, type TrackedPage } from './support/browser';

const baseUrl = inject('baseUrl');

/** The demo owner's analytics: KPI cards and charts from the demo data, and a CSV export. */
describe('analytics', () => {
  let browser: Browser;
  let tab: TrackedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    tab = await newPage(browser, { baseUrl });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders KPIs and charts with demo data and exports a CSV', async () => {
    const { page } = tab;
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(DEMO.owner.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/dashboard');

    // The dashboard home's key figures lead into the analytics page.
    const home = page.getByRole('region', { name: 'Key figures' });
    await home.getByText('Occupancy rate').waitFor();
    await home.getByRole('link', { name: /Occupancy rate/ }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/dashboard/analytics');

    await page.goto('/dashboard/analytics');
    const figures = page.getByRole('region', { name: 'Key figures' });
    await figures.getByText('Occupancy rate').waitFor();
    const unitsText = await figures
      .getByText('Rental units')
      .locator('xpath=..')
      .locator('p')
      .nth(1)
      .textContent();
    const units = Number((unitsText ?? '').replace(/,/g, ''));
    expect(units).toBeGreaterThan(0);
    await page.getByRole('img', { name: /^Occupancy by month:/ }).waitFor();
    await page.getByRole('img', { name: /^Units by property:/ }).waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    // The demo data has maintenance requests of several types and bookings of every outcome.
    await figures.getByText('Rent collected').waitFor();
    await figures.getByText('Open maintenance requests').waitFor();
    await page.getByRole('img', { name: /^Maintenance requests by type: \S+ \d+/ }).waitFor();
    await page.getByRole('img', { name: /^Bookings funnel: Created [1-9]/ }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^rentora-overview-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('KPI,Value,Previous period,Change %');
    expect(csv).toContain(`Rental units,${units}`);

    await page.getByLabel('Report to export').selectOption('bookings');
    const [bookingsCsv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(bookingsCsv.suggestedFilename()).toMatch(/^rentora-bookings-\d{4}-\d{2}-\d{2}\.csv$/);
    const funnelLines = readFileSync((await bookingsCsv.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(funnelLines[0]).toBe('Month,Created,Paid,Confirmed,Moved in');
    expect(funnelLines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0)).toBeGreaterThan(
      0,
    );

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Monthly report PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^rentora-report-\d{4}-\d{2}\.pdf$/);
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await pdf.saveAs(`${SCREENSHOT_DIR}/analytics-owner-report.pdf`);

    await screenshot(page, 'analytics-owner');
    expect(tab.pageErrors).toEqual([]);
  });
});
