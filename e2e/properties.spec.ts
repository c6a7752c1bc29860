import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO, login, registerUser } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';

/**
 * The properties area end to end: an owner of a new company builds a property with two units, the super admin
 * verifies it, a visitor finds it on the public listing; permissions hide what a manager may not do; plan limits
 * open the upgrade dialog.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;

const suffix = randomUUID().slice(0, 6);
const PROPERTY_NAME = `Lakeview Residency ${suffix}`;
const owner = {
  email: `e2e-owner-${suffix}@example.test`,
  password: 'Password123!',
  firstName: 'Lena',
  lastName: 'Landlord',
};
let ownerToken = '';
let companyId = '';
let propertyId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const registered = await api<{ token: string; company: { _id: string } }>(
    baseUrl,
    'POST',
    '/auth/register-company',
    {
      body: { company: { name: `Lakeview Homes ${suffix}` }, owner },
    },
  );
  expect(registered.status).toBe(201);
  ownerToken = registered.body.data?.token ?? '';
  companyId = registered.body.data?.company._id ?? '';
  expect(companyId).not.toBe('');
});

afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

/** Lazy images load before the screenshot. */
async function imagesLoaded(page: Page) {
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const image of images) image.loading = 'eager';
    await Promise.race([
      Promise.all(
        images.map((image) =>
          image.complete
            ? null
            : new Promise((resolve) => {
                image.addEventListener('load', resolve, { once: true });
                image.addEventListener('error', resolve, { once: true });
              }),
        ),
      ),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]);
  });
}

/** A small valid PNG (solid colour with a stripe), so the upload goes through the real image pipeline. */
function pngImage(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buffer: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const stripe = Math.floor((x + y) / 40) % 2 === 0;
      row[1 + x * 3] = stripe ? rgb[0] : 255;
      row[2 + x * 3] = stripe ? rgb[1] : 255;
      row[3 + x * 3] = stripe ? rgb[2] : 255;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Fills the property form's four steps (the map pin by clicking the map) and submits it. */
async function fillPropertyForm(page: Page, name: string, options: { pin?: boolean; shots?: boolean } = {}) {
  await page.getByLabel('Property name').fill(name);
  await page.getByLabel('Property type').selectOption('apartment_building');
  await page.getByLabel('Description').fill('Bright flats by the lake, five minutes from the metro.');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel('Address line 1').fill('12 Lake Road');
  await page.getByLabel('Landmark').fill('Near Ulsoor Lake');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State').fill('Karnataka');
  await page.getByLabel('Postal code').fill('560008');
  if (options.pin) {
    const map = page.locator('.leaflet-container');
    await map.waitFor();
    await map.click({ position: { x: 220, y: 150 } });
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).not.toBe('');
    if (options.shots) await screenshot(page, 'properties-create-address-map');
  }
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel('Floors').fill('6');
  await page.getByRole('button', { name: 'Lift' }).click();
  await page.getByLabel('Add manager contact').check();
  await page.getByLabel('Name').fill('Lena Landlord');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByTestId('property-review').waitFor();
  if (options.shots) await screenshot(page, 'properties-create-review');
  await page.getByRole('button', { name: 'Create property' }).click();
}

describe('properties: owner, super admin and the public listing', () => {
  it('an owner creates a property and two units (one from a template), uploads an image and marks a unit available', async () => {
    const { context, page, pageErrors } = await newPage(browser, { baseUrl });
    await signIn(page, owner);
    await page.goto('/dashboard/properties');
    await page.getByText('No properties yet').waitFor();
    await screenshot(page, 'properties-empty');

    await page.getByTestId('add-property').click();
    await page.waitForURL('**/dashboard/properties/create');
    await fillPropertyForm(page, PROPERTY_NAME, { pin: true, shots: true });

    await page.waitForURL(/\/dashboard\/properties\/[0-9a-f-]{36}$/);
    propertyId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('heading', { name: PROPERTY_NAME }).waitFor();
    await expect.poll(() => page.getByText('Pending verification').count()).toBeGreaterThan(0);
    await page.getByText('No units yet').waitFor();

    // Unit 1: from scratch, closed for booking for now.
    await page.getByRole('button', { name: 'Add unit' }).first().click();
    await page.getByRole('menuitem', { name: /From scratch/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Unit number').fill('A-101');
    await dialog.getByLabel('Floor').fill('1');
    await dialog.getByRole('textbox', { name: 'Rent', exact: true }).fill('25000');
    await dialog.getByLabel('Maintenance', { exact: true }).fill('2000');
    await expect.poll(() => dialog.getByTestId('monthly-total').textContent()).toContain('₹27,000');
    await dialog.getByLabel('Open for booking').uncheck();
    await screenshot(page, 'properties-unit-form');
    await dialog.getByRole('button', { name: 'Create unit' }).click();
    await page.locator('[data-unit="A-101"]').waitFor();
    await expect.poll(() => page.locator('[data-unit="A-101"]').textContent()).toContain('Not Available');

    // Unit 2: from a template (the most used one).
    await page.getByRole('button', { name: 'Add unit' }).first().click();
    await page.getByRole('menuitem', { name: /From a template/ }).click();
    await page.getByRole('list', { name: 'Templates' }).getByRole('button').first().click();
    await page.getByRole('dialog').getByLabel('Unit number').fill('A-102');
    await page.getByRole('dialog').getByRole('button', { name: 'Create unit' }).click();
    await page.locator('[data-unit="A-102"]').waitFor();
    await screenshot(page, 'properties-detail-units');

    // Unit 1: upload an image, then open it for booking.
    await page.locator('[data-unit="A-101"]').getByRole('link', { name: 'Unit A-101' }).first().click();
    await page.waitForURL(/\/units\//);
    await page.getByRole('tab', { name: /Images/ }).click();
    await page.getByTestId('unit-image-input').setInputFiles({
      name: 'living-room.png',
      mimeType: 'image/png',
      buffer: pngImage(640, 400, [79, 70, 229]),
    });
    await page.getByTestId('unit-image').first().waitFor();
    await page.getByText('Primary', { exact: true }).waitFor();
    await screenshot(page, 'properties-unit-images');

    const bookable = page.getByRole('switch', { name: 'Open for booking' });
    await expect.poll(() => bookable.getAttribute('aria-checked')).toBe('false');
    await bookable.click();
    await expect.poll(() => bookable.getAttribute('aria-checked')).toBe('true');
    await page.getByText('Unit marked available').first().waitFor();
    await screenshot(page, 'properties-unit-available');

    const units = await api<{ unitNumber: string; derived: { available: boolean; monthlyTotal: number } }[]>(
      baseUrl,
      'GET',
      `/properties/${propertyId}/rental-units`,
      { token: ownerToken, companyId },
    );
    const a101 = units.body.data?.find((unit) => unit.unitNumber === 'A-101');
    expect(a101?.derived).toMatchObject({ available: true, monthlyTotal: 2_700_000 });
    expect(units.body.data).toHaveLength(2);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the super admin verifies it and a signed-out visitor finds it on /properties', async () => {
    expect(propertyId).not.toBe('');
    const admin = await login(baseUrl, DEMO.superAdmin.email, DEMO.superAdmin.password);
    const verified = await api(baseUrl, 'POST', `/superadmin/companies/${companyId}/verify`, {
      token: admin.token,
      body: { isVerified: true, notes: 'e2e' },
    });
    expect(verified.status).toBe(200);

    const { context, page, pageErrors } = await newPage(browser, { baseUrl });
    await signIn(page, DEMO.superAdmin);
    await page.goto('/dashboard/properties/verification');
    const verify = page.getByRole('button', { name: `Verify ${PROPERTY_NAME}` });
    await verify.waitFor();
    await screenshot(page, 'properties-verification-queue');
    await verify.click();
    await page.getByText('Property verified').first().waitFor();
    await expect.poll(() => verify.count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();

    const visitor = await newPage(browser, { baseUrl });
    await visitor.page.goto('/properties');
    const card = visitor.page.getByTestId('public-property-card').filter({ hasText: PROPERTY_NAME });
    await card.waitFor();
    await imagesLoaded(visitor.page);
    await screenshot(visitor.page, 'properties-public-listing');
    await card.click();
    await visitor.page.getByRole('heading', { name: PROPERTY_NAME }).waitFor();
    const unitCards = visitor.page.getByTestId('public-unit-card');
    await expect.poll(() => unitCards.count()).toBe(2);
    await expect
      .poll(() => unitCards.filter({ hasText: 'Unit A-101' }).getByTestId('unit-monthly-total').textContent())
      .toBe('₹27,000');
    await visitor.page.getByTestId('gallery-main').waitFor();
    await visitor.page.getByText('Contact the property team').waitFor();
    await imagesLoaded(visitor.page);
    await screenshot(visitor.page, 'properties-public-detail');
    expect(visitor.pageErrors).toEqual([]);
    await visitor.context.close();
  });
});

describe('properties: permissions and plan limits', () => {
  it('a manager without properties_write sees no create button and is refused the create page', async () => {
    const person = await registerUser(baseUrl, { firstName: 'Mona', lastName: 'Manager' });
    const added = await api<{ featurePermissions: string[] }>(
      baseUrl,
      'POST',
      `/companies/${companyId}/users`,
      {
        token: ownerToken,
        body: { email: person.email, role: 'manager' },
      },
    );
    expect(added.status).toBe(201);
    // The member's features must stay within the plan: keep the manager defaults the plan has, minus properties_write.
    const permissionContext = await api<{ featuresList: string[] }>(
      baseUrl,
      'GET',
      '/auth/permission-context',
      {
        token: ownerToken,
        companyId,
      },
    );
    const plan = permissionContext.body.data?.featuresList ?? [];
    const features = (added.body.data?.featurePermissions ?? []).filter(
      (feature) => feature !== 'properties_write' && (plan.length === 0 || plan.includes(feature)),
    );
    expect(features).toContain('properties_read');
    const updated = await api(baseUrl, 'PUT', `/companies/${companyId}/users/${person.user._id}`, {
      token: ownerToken,
      body: { featurePermissions: features },
    });
    expect(updated.status).toBe(200);

    const { context, page, pageErrors } = await newPage(browser, { baseUrl });
    await signIn(page, { email: person.email, password: person.password });
    await page.goto('/dashboard/properties');
    await page.getByTestId('property-card').filter({ hasText: PROPERTY_NAME }).waitFor();
    expect(await page.getByTestId('add-property').count()).toBe(0);
    await page.goto('/dashboard/properties/create');
    await page.getByText('You do not have access to Properties.').waitFor();
    await screenshot(page, 'properties-manager-denied');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a company at its plan limit sees the upgrade dialog for properties and units', async () => {
    // Starter allows 3 properties: two more through the API reach the limit.
    for (const name of ['Second', 'Third']) {
      const created = await api(baseUrl, 'POST', '/properties', {
        token: ownerToken,
        companyId,
        body: {
          name: `${name} ${suffix}`,
          propertyType: 'villa',
          address: { line1: '1 Test Street', city: 'Pune', state: 'Maharashtra', postalCode: '411001' },
        },
      });
      expect(created.status).toBe(201);
    }
    const over = await api<unknown>(baseUrl, 'POST', '/properties', {
      token: ownerToken,
      companyId,
      body: {
        name: 'Fourth',
        propertyType: 'villa',
        address: { line1: '1', city: 'Pune', state: 'MH', postalCode: '411001' },
      },
    });
    expect(over.status).toBe(403);
    expect(over.body.code).toBe('PLAN_LIMIT_REACHED');

    const { context, page, pageErrors } = await newPage(browser, { baseUrl });
    await signIn(page, owner);
    await page.goto('/dashboard/properties');
    await page.getByTestId('add-property').click();
    const upgrade = page.getByRole('dialog');
    await upgrade.getByRole('heading', { name: 'Unlock Your Full Potential' }).waitFor();
    await upgrade.getByText("You've reached your limit of 3 properties").waitFor();
    await screenshot(page, 'properties-upgrade-dialog');
    await page.keyboard.press('Escape');

    // The server's refusal opens the same dialog (the create page reached directly).
    await page.goto('/dashboard/properties/create');
    await fillPropertyForm(page, 'One too many');
    await page.getByRole('dialog').getByText("You've reached your limit of 3 properties").waitFor();
    await page.keyboard.press('Escape');

    // Units: the plan allows 2 per property and the first property has 2.
    const admin = await login(baseUrl, DEMO.superAdmin.email, DEMO.superAdmin.password);
    const limited = await api(baseUrl, 'PUT', `/superadmin/companies/${companyId}/limitations`, {
      token: admin.token,
      body: { limitations: { maxRentalUnitsPerProperty: 2 } },
    });
    expect(limited.status).toBe(200);
    await page.goto(`/dashboard/properties/${propertyId}`);
    await page.locator('[data-unit="A-102"]').waitFor();
    await page.getByRole('button', { name: 'Add unit' }).first().click();
    await page.getByRole('menuitem', { name: /From scratch/ }).click();
    await page.getByRole('dialog').getByText("You've reached your limit of 2 rental units").waitFor();
    const refused = await api<unknown>(baseUrl, 'POST', '/rental-units', {
      token: ownerToken,
      companyId,
      body: { propertyId, unitNumber: 'A-103', unitType: 'studio', pricing: { rent: 1_000_000 } },
    });
    expect(refused.body.code).toBe('PLAN_LIMIT_REACHED');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
