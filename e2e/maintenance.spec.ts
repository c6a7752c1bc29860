import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, login, registerUser } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

interface World {
  owner: { token: string; companyId: string };
  ownerEmail: string;
  fieldToken: string;
  fieldName: string;
  formId: string;
  portalCode: string;
}
let world: World;

async function must<T>(promise: Promise<{ status: number; body: { data?: T } }>, what: string): Promise<T> {
  const result = await promise;
  if (result.status >= 300 || result.body.data === undefined) {
    throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body.data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // A company of its own: an owner, a property with a unit, the default types, a field staff member who gets every
  // plumbing request automatically, a public form and the field staff member's portal code.
  const email = `maint-owner-${randomUUID()}@example.test`;
  const company = await must<{ token: string; company: { _id: string } }>(
    api(baseUrl, 'POST', '/auth/register-company', {
      body: {
        company: { name: `Fixit Homes ${randomUUID().slice(0, 4)}` },
        owner: { firstName: 'Olga', lastName: 'Owner', email, password: 'Password123!' },
      },
    }),
    'register company',
  );
  const owner = { token: company.token, companyId: company.company._id };
  const property = await must<{ _id: string }>(
    api(baseUrl, 'POST', '/properties', {
      ...owner,
      body: {
        name: 'Lakeview Residency',
        propertyType: 'apartment_building',
        address: { line1: '4 Lake Road', city: 'Pune', state: 'Maharashtra', postalCode: '411001' },
      },
    }),
    'property',
  );
  await must(
    api(baseUrl, 'POST', '/rental-units', {
      ...owner,
      body: { propertyId: property._id, unitNumber: 'A-101', unitType: '2bhk', pricing: { rent: 2_500_000 } },
    }),
    'unit',
  );
  await must(
    api(baseUrl, 'POST', '/maintenance/types/create-defaults', {
      ...owner,
      body: { companyId: owner.companyId },
    }),
    'types',
  );
  const field = await registerUser(baseUrl, { firstName: 'Faiz', lastName: 'Fixer' });
  await must(
    api(baseUrl, 'POST', `/companies/${owner.companyId}/users`, {
      ...owner,
      body: { email: field.email, role: 'field_staff' },
    }),
    'field staff',
  );
  const fieldSession = await login(baseUrl, field.email, field.password);
  await must(
    api(baseUrl, 'POST', '/maintenance/assignments', {
      ...owner,
      body: {
        companyId: owner.companyId,
        maintenanceType: 'plumbing',
        assignees: [field.user._id],
        settings: { autoAssign: true },
      },
    }),
    'assignment',
  );
  const form = await must<{ _id: string }>(
    api(baseUrl, 'POST', '/maintenance/forms', {
      ...owner,
      body: {
        name: 'Report a problem',
        propertyIds: [property._id],
        intro: 'We usually reply within a day.',
      },
    }),
    'form',
  );
  const code = await must<{ assigneeCode: string }>(
    api(baseUrl, 'POST', '/assignee/generate-code', {
      token: fieldSession.token,
      companyId: owner.companyId,
    }),
    'assignee code',
  );
  world = {
    owner,
    ownerEmail: email,
    fieldToken: fieldSession.token,
    fieldName: 'Faiz Fixer',
    formId: form._id,
    portalCode: code.assigneeCode,
  };
});

afterAll(async () => {
  await browser?.close();
});

describe('maintenance from the public form to a resolved request', () => {
  it('a public ticket is auto-assigned, the field staff works it from the portal on a phone, tracking shows the public comment only', async () => {
    // 1. A resident files a ticket from the public form.
    const resident = await newPage(browser, { baseUrl, viewport: { width: 390, height: 844 } });
    await resident.page.goto(`/create-ticket/${world.formId}`);
    await resident.page.getByRole('heading', { name: 'Report a problem' }).waitFor();
    await resident.page.getByLabel('Unit').selectOption({ label: 'A-101' });
    await resident.page.getByLabel('What is it about?').selectOption({ label: 'Plumbing' });
    await resident.page.getByLabel('Short title').fill('Kitchen tap leaking');
    await resident.page.getByLabel('Details').fill('Water drips all night.');
    await resident.page.getByLabel('Your name').fill('Riya Resident');
    await resident.page.getByLabel('Email').fill('riya.resident@example.test');
    await screenshot(resident.page, 'maintenance-public-form');
    await resident.page.getByRole('button', { name: 'Send request' }).click();
    const ticketNumber = (await resident.page.getByTestId('ticket-number').textContent())?.trim() ?? '';
    expect(ticketNumber).toMatch(/^MR-\d{6}$/);
    await resident.page.getByRole('link', { name: 'Track my request' }).click();
    await resident.page.waitForURL(/\/track-ticket\//);
    const trackingUrl = resident.page.url();

    // 2. It was assigned to the field staff member at creation.
    const list = await api<
      { _id: string; requestNumber: string; status: string; assignee: { name: string } | null }[]
    >(baseUrl, 'GET', `/maintenance/requests?search=${ticketNumber}`, world.owner);
    const request = list.body.data!.find((r) => r.requestNumber === ticketNumber)!;
    expect(request.status).toBe('assigned');
    expect(request.assignee?.name).toBe(world.fieldName);

    // 3. The office writes an internal note (never shown outside staff views).
    await must(
      api(baseUrl, 'POST', `/maintenance/requests/${request._id}/notes`, {
        ...world.owner,
        body: { note: 'SECRET: the previous tenant broke this tap' },
      }),
      'note',
    );

    // 4. The field staff member works it from the portal on a phone.
    const phone = await newPage(browser, { baseUrl, viewport: { width: 390, height: 844 } });
    await phone.page.goto(`/assignee-portal/${world.portalCode}`);
    const card = phone.page.getByRole('article', { name: new RegExp(ticketNumber) });
    await card.waitFor();
    await expect(phone.page.content()).resolves.not.toContain('SECRET');
    await card.getByRole('button', { name: 'Start work' }).click();
    await card.getByText('In progress', { exact: true }).first().waitFor();
    await card.getByLabel('Write a comment…').fill('Plumber on the way, new washer fitted by noon.');
    await card.getByRole('button', { name: 'Comment' }).click();
    await card.getByText('Plumber on the way, new washer fitted by noon.').waitFor();
    await card.getByLabel('Note for the office').fill('Replaced the washer');
    await card.getByRole('button', { name: 'Mark resolved' }).click();
    await phone.page.getByRole('heading', { name: 'Finished in the last 30 days' }).waitFor();
    await screenshot(phone.page, 'maintenance-assignee-portal-phone');
    expect(phone.pageErrors).toEqual([]);

    // 5. The resident's tracking page shows the status and the public comment, never the internal note.
    await resident.page.goto(trackingUrl);
    await resident.page.getByText('Plumber on the way, new washer fitted by noon.').waitFor();
    await resident.page.getByText('Resolved', { exact: true }).first().waitFor();
    const html = await resident.page.content();
    expect(html).not.toContain('SECRET');
    expect(html).not.toContain('Replaced the washer');
    await screenshot(resident.page, 'maintenance-tracking');
    expect(resident.pageErrors).toEqual([]);

    const detail = await must<{
      status: string;
      internalNotes: { text: string }[];
      comments: { text: string }[];
    }>(api(baseUrl, 'GET', `/maintenance/requests/${request._id}`, world.owner), 'detail');
    expect(detail.status).toBe('resolved');
    expect(detail.internalNotes.map((n) => n.text)).toEqual(['SECRET: the previous tenant broke this tap']);
    await resident.context.close();
    await phone.context.close();
  });

  it('staff see the request in the dashboard: table, drawer with notes apart from comments, board and stats', async () => {
    const { context, page, pageErrors } = await newPage(browser, { baseUrl });
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(world.ownerEmail);
    await page.getByLabel('Password', { exact: true }).fill('Password123!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);
    await page.goto('/dashboard/maintenance/requests');
    await page.getByRole('button', { name: /Kitchen tap leaking/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('heading', { name: 'Kitchen tap leaking' }).waitFor();
    await drawer.getByText('Internal notes').waitFor();
    await drawer.getByText('SECRET: the previous tenant broke this tap').waitFor();
    await screenshot(page, 'maintenance-drawer');
    await page.keyboard.press('Escape');
    await page.goto('/dashboard/maintenance/board');
    await page.getByRole('region', { name: /Resolved/ }).waitFor();
    await page.goto('/dashboard/maintenance/stats');
    await page.getByText('Filed and resolved by month').waitFor();
    await screenshot(page, 'maintenance-stats');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
