import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DEMO } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';

/**
 * Payments → Exports on the demo company: the owner picks the financial year to date, keeps Tally Prime and downloads
 * the XML; every voucher in it balances to the paisa and carries a stable GUID.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

/** Paise of a Tally amount written in rupees ("-11800.50"). */
const paiseOf = (amount: string) => {
  const [whole, fraction = '0'] = amount.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return amount.startsWith('-') ? -value : value;
};

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { baseUrl }));
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(DEMO.owner.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
});

afterAll(async () => {
  await browser?.close();
});

it("the owner downloads the financial year's Tally XML from Payments → Exports", async () => {
  await page.goto('/dashboard/payments/exports');
  await page.getByRole('heading', { name: 'Exports', level: 1 }).waitFor();
  await page.getByRole('button', { name: /to date$/ }).click();
  await expect(page.getByRole('radio', { name: /Tally Prime/ }).isChecked()).resolves.toBe(true);
  await page.getByLabel('Rent', { exact: true }).waitFor();
  await screenshot(page, 'accounting-exports');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^rentora-tally-\d{4}-04-01-to-\d{4}-\d{2}-\d{2}\.xml$/);
  const xml = await readFile((await download.path())!, 'utf8');
  const vouchers = [...xml.matchAll(/<VOUCHER [^>]*>([\s\S]*?)<\/VOUCHER>/g)].map((m) => m[1]!);
  expect(vouchers.length).toBeGreaterThan(0);
  for (const voucher of vouchers) {
    const entries = [...voucher.matchAll(/<ALLLEDGERENTRIES\.LIST>[\s\S]*?<AMOUNT>([-\d.]+)<\/AMOUNT>/g)];
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.reduce((sum, m) => sum + paiseOf(m[1]!), 0)).toBe(0);
  }
  expect(xml).toMatch(/<GUID>rentora-invoice-[0-9a-f-]{36}<\/GUID>/);
  expect(xml).toContain('<PARENT>Sundry Debtors</PARENT>');
});
