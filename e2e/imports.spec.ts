import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO_PASSWORD } from './support/api';
import { launchBrowser, newPage, screenshot, type TrackedPage } from './support/browser';

const baseUrl = inject('baseUrl');

/** A CSV file of the given rows, for the set-up imports done through the API. */
function csvOf(rows: readonly (readonly string[])[]): Blob {
  return new Blob([`${rows.map((row) => row.join(',')).join('\r\n')}\r\n`], { type: 'text/csv' });
}

async function importByApi(
  auth: { token: string; companyId: string },
  kind: string,
  file: Blob,
): Promise<void> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('dryRun', 'false');
  form.append('file', file, `${kind}.csv`);
  const started = await fetch(`${baseUrl}/api/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth.token}`, 'x-company-id': auth.companyId },
    body: form,
  });
  expect(started.status).toBe(202);
  const { data } = (await started.json()) as { data: { _id: string } };
  await expect
    .poll(
      async () =>
        (await api<{ status: string }>(baseUrl, 'GET', `/imports/${data._id}`, auth)).body.data?.status,
      { timeout: 60_000, interval: 500 },
    )
    .toBe('done');
}

/** An owner brings 50 tenancies in from an XLSX workbook: dry run, commit, progress, then sees them in Tenants. */
describe('spreadsheet import', () => {
  let browser: Browser;
  let tab: TrackedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    tab = await newPage(browser, { baseUrl });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('imports 50 tenancies from an XLSX after a dry run', async () => {
    const email = `e2e-import-${randomUUID()}@example.test`;
    const registered = await api<{ company: { _id: string }; token: string }>(
      baseUrl,
      'POST',
      '/auth/register-company',
      {
        body: {
          company: { name: `Import Co ${randomUUID().slice(0, 6)}` },
          owner: { firstName: 'Imogen', lastName: 'Porter', email, password: DEMO_PASSWORD },
        },
      },
    );
    expect(registered.status).toBe(201);
    const auth = { token: registered.body.data!.token, companyId: registered.body.data!.company._id };
    const properties = ['Palm Court', 'Cedar Heights', 'Banyan House'];
    await importByApi(
      auth,
      'properties',
      csvOf([
        ['Property name', 'Property type', 'Address line 1', 'City', 'State', 'Postal code'],
        ...properties.map((name) => [
          name,
          'apartment_building',
          '1 Main Road',
          'Pune',
          'Maharashtra',
          '411001',
        ]),
      ]),
    );
    const units = Array.from({ length: 50 }, (_, i) => ({
      property: properties[i % 3]!,
      number: `U-${String(i + 1).padStart(2, '0')}`,
    }));
    await importByApi(
      auth,
      'units',
      csvOf([
        ['Property name', 'Unit number', 'Unit type', 'Rent'],
        ...units.map((unit) => [unit.property, unit.number, '1bhk', '15000']),
      ]),
    );

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tenancies');
    sheet.addRow([
      'Property name',
      'Unit number',
      'Tenant first name',
      'Tenant last name',
      'Tenant email',
      'Move-in date',
      'Lease start',
      'Lease end',
      'Rent',
      'Rent due day',
    ]);
    for (const [i, unit] of units.entries()) {
      sheet.addRow([
        unit.property,
        unit.number,
        `Tenant${i + 1}`,
        'Imported',
        `e2e-tenant-${i + 1}-${randomUUID().slice(0, 8)}@example.test`,
        '01/04/2026',
        '01/04/2026',
        '31/03/2027',
        '₹15,000.50',
        '5',
      ]);
    }
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());

    const { page } = tab;
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/dashboard');
    await page.goto('/dashboard/imports');
    await page.getByLabel('What to import').selectOption('tenancies');
    await page.getByLabel('Spreadsheet (CSV or XLSX)').setInputFiles({
      name: 'tenancies.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsx,
    });
    await page.getByRole('button', { name: 'Check file' }).click();
    const commit = page.getByRole('button', { name: 'Import 50 valid rows' });
    await commit.waitFor({ timeout: 60_000 });
    await screenshot(page, 'imports-dry-run');
    await commit.click();
    const panel = page.getByRole('region', { name: 'Import job' });
    await panel.getByText('Done', { exact: true }).waitFor({ timeout: 60_000 });
    await panel.getByText('Skipped (unchanged)').waitFor();
    await screenshot(page, 'imports-done');

    await page.goto('/dashboard/tenants');
    await page.getByText('Tenant50 Imported').first().waitFor({ timeout: 15_000 });
    const tenants = await api<unknown[]>(baseUrl, 'GET', '/tenants?limit=100', auth);
    expect(tenants.body.data).toHaveLength(50);
    expect(tab.pageErrors).toEqual([]);
  });
});
