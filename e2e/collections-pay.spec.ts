import { randomInt, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, DEMO, login } from './support/api';
import { launchBrowser, newPage, screenshot } from './support/browser';

/**
 * Pay links end to end (issue 24): the demo owner bills a new tenant (with a mobile number) of the demo company and
 * runs the day's collections (POST /collections/run?date=…, a day on which a reminder step of the invoice falls). The
 * outbox providers write the SMS (with its DLT template id) and the WhatsApp message to DATA_DIR/outbox; the tenant
 * opens the `/pay/{token}` link of the SMS on a phone-sized window, pays in the sandbox without an account, sees the
 * receipt (its PDF downloads through the signed link), and the link then says paid. The tenant portal by code lists
 * a second invoice with the same Pay button, and pays it.
 */

const baseUrl = inject('baseUrl');
const outboxDir = path.join(inject('dataDir'), 'outbox');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const RENT = 2_500_000; // ₹25,000
let browser: Browser;
let staff: { token: string; companyId: string };
let tenantId = '';
/** The tenant's mobile number as the text providers get it (91 and the 10 digits). */
const mobile = `9${randomInt(100_000_000, 999_999_999)}`;
const providerNumber = `91${mobile}`;

/** Today in India (the company's business date). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface OutboxText {
  channel: 'sms' | 'whatsapp';
  to: string;
  template: string;
  text: string;
  link: string | null;
  dltTemplateId?: string | null;
  whatsappTemplateName?: string | null;
  parameters?: string[];
}

/** The SMS or WhatsApp messages the outbox provider wrote (`<channel>-<time>-<id>.json`) for `to`. */
function textsInOutbox(channel: 'sms' | 'whatsapp', to: string): OutboxText[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir).filter((file) => file.startsWith(`${channel}-`) && file.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .map((file) => JSON.parse(readFileSync(path.join(outboxDir, file), 'utf8')) as OutboxText)
    .filter((message) => message.to === to);
}

const PAY_URL = /https?:\/\/[^\s]+\/pay\/([A-Za-z0-9_-]+)/;

async function must<T>(promise: Promise<{ status: number; body: { data?: T } }>, what: string): Promise<T> {
  const result = await promise;
  if (result.status >= 300 || result.body.data === undefined) {
    throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body.data;
}

async function issuedInvoice(description: string, dueDate = '2099-01-10') {
  return must<{ _id: string; number: string; total: number }>(
    api(baseUrl, 'POST', '/invoices', {
      ...staff,
      body: {
        tenantId,
        issueDate: new Date().toISOString().slice(0, 10),
        dueDate,
        lineItems: [{ description, quantity: 1, unitPrice: RENT, kind: 'rent' }],
        send: true,
      },
    }),
    'invoice',
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await login(baseUrl, DEMO.owner.email, DEMO.owner.password);
  const companies = await must<{ _id: string; name: string }[]>(
    api(baseUrl, 'GET', '/companies', { token: owner.token }),
    'companies',
  );
  staff = { token: owner.token, companyId: companies.find((c) => c.name === 'Sunrise Estates')!._id };
  const suffix = randomUUID().slice(0, 5);
  const property = await must<{ _id: string }>(
    api(baseUrl, 'POST', '/properties', {
      ...staff,
      body: {
        name: `Pay Link House ${suffix}`,
        propertyType: 'apartment_building',
        address: { line1: '8 Lake Road', city: 'Chennai', state: 'Tamil Nadu', postalCode: '600001' },
      },
    }),
    'property',
  );
  const unit = await must<{ _id: string }>(
    api(baseUrl, 'POST', '/rental-units', {
      ...staff,
      body: {
        propertyId: property._id,
        unitNumber: 'P-1',
        unitType: '1bhk',
        bedrooms: 1,
        pricing: { rent: RENT },
      },
    }),
    'unit',
  );
  const tenant = await must<{ _id: string }>(
    api(baseUrl, 'POST', '/tenants', {
      ...staff,
      body: {
        rentalUnitId: unit._id,
        userId: {
          email: `pay-link-${suffix}@example.test`,
          firstName: 'Priya',
          lastName: `Payer ${suffix}`,
          phone: `+91 ${mobile}`,
        },
        occupancyDetails: { moveInDate: '2026-01-01' },
        agreementDetails: {
          rentAmount: RENT,
          rentDueDate: 5,
          leaseStartDate: '2026-01-01',
          leaseEndDate: '2028-12-31',
        },
      },
    }),
    'tenant',
  );
  tenantId = tenant._id;
});

afterAll(async () => {
  await browser?.close();
});

describe('collections: paying by link', () => {
  it('a tenant opens the pay link of the SMS reminder on a phone, pays in the sandbox, gets the receipt, and the link then says paid', async () => {
    // A reminder step of the demo schedule that falls today for an invoice due on or after today (no late fee).
    const settings = await must<{ reminderDays: number[]; channels: string[]; quietHours: unknown }>(
      api(baseUrl, 'GET', '/collections/settings', staff),
      'collections settings',
    );
    expect(settings.channels).toEqual(expect.arrayContaining(['sms', 'whatsapp']));
    expect(settings.quietHours).toBeNull();
    const step = Math.max(...settings.reminderDays.filter((day) => day <= 0));
    expect(Number.isFinite(step)).toBe(true);
    const date = today();
    const invoice = await issuedInvoice('Rent, pay link e2e', addDays(date, -step));

    const run = await must<{ date: string; sent: { invoiceId: string; channel: string; status: string }[] }>(
      api(baseUrl, 'POST', `/collections/run?date=${date}`, staff),
      'collections run',
    );
    expect(run.date).toBe(date);
    const ours = run.sent.filter((sent) => sent.invoiceId === invoice._id);
    expect(ours.map((sent) => `${sent.channel} ${sent.status}`).sort()).toEqual(
      settings.channels.map((channel) => `${channel} sent`).sort(),
    );

    // The outbox: one SMS carrying the DLT template id of the company's SMS template, one WhatsApp message naming its
    // approved template; both carry the same pay link.
    const templates = await must<
      { key: string; channel: string; dltTemplateId: string | null; whatsappTemplateName: string | null }[]
    >(api(baseUrl, 'GET', '/collections/templates', staff), 'templates');
    const [sms, ...moreSms] = textsInOutbox('sms', providerNumber);
    expect(moreSms).toEqual([]);
    const smsTemplate = templates.find((t) => t.channel === 'sms' && t.key === sms?.template);
    expect(sms?.dltTemplateId).toMatch(/^\d{19}$/);
    expect(sms?.dltTemplateId).toBe(smsTemplate?.dltTemplateId);
    const [whatsapp] = textsInOutbox('whatsapp', providerNumber);
    const whatsappTemplate = templates.find((t) => t.channel === 'whatsapp' && t.key === whatsapp?.template);
    expect(whatsapp?.whatsappTemplateName).toBeTruthy();
    expect(whatsapp?.whatsappTemplateName).toBe(whatsappTemplate?.whatsappTemplateName);
    const smsLink = sms!.text.match(PAY_URL);
    expect(smsLink, sms!.text).not.toBeNull();
    expect(whatsapp!.text.match(PAY_URL)?.[0]).toBe(smsLink![0]);
    expect(whatsapp!.parameters).toContain(smsLink![0]);
    const token = smsLink![1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new URL(smsLink![0]).origin).toBe(new URL(baseUrl).origin);

    const reminders = await must<{ channel: string; status: string; to: string | null }[]>(
      api(baseUrl, 'GET', `/collections/reminders?invoiceId=${invoice._id}`, staff),
      'reminders',
    );
    expect(reminders.filter((r) => r.channel === 'sms')).toMatchObject([
      { status: 'sent', to: providerNumber },
    ]);

    const { page, pageErrors, context } = await newPage(browser, { baseUrl, viewport: PHONE });
    await page.goto(smsLink![0]);
    await page.getByRole('heading', { name: /Hello Priya/ }).waitFor();
    await page.getByText('Sunrise Estates').first().waitFor();
    await page.getByText('Rent, pay link e2e').waitFor();
    expect(await page.getByTestId('pay-link-balance').textContent()).toBe('₹25,000');
    // Nothing of the gateway is loaded before Pay is pressed.
    expect(await page.locator('[data-testid="sandbox-checkout"]').count()).toBe(0);
    await screenshot(page, 'pay-link-open');

    // The same link on a desktop window (open, and the checkout left unpaid), for the screenshots.
    const desktop = await newPage(browser, { baseUrl, viewport: DESKTOP });
    await desktop.page.goto(smsLink![0]);
    await desktop.page.getByTestId('pay-link-balance').waitFor();
    await screenshot(desktop.page, 'pay-link-open-desktop');
    await desktop.page.getByTestId('pay-link-pay').click();
    await desktop.page.getByTestId('sandbox-checkout').waitFor();
    await screenshot(desktop.page, 'pay-link-checkout-desktop');

    await page.getByTestId('pay-link-pay').click();
    await page.getByTestId('sandbox-checkout').waitFor();
    await screenshot(page, 'pay-link-checkout');
    await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
    await page.getByTestId('pay-link-paid').waitFor();
    const receipts = page.getByTestId('pay-link-receipts');
    await receipts.getByText('₹25,000').waitFor();
    await screenshot(page, 'pay-link-paid');

    const href = await receipts.getByRole('link', { name: /Download receipt/ }).getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The link, opened again, says paid and offers no Pay button.
    await page.reload();
    await page.getByTestId('pay-link-paid').waitFor();
    expect(await page.getByTestId('pay-link-pay').count()).toBe(0);
    await desktop.page.reload();
    await desktop.page.getByTestId('pay-link-paid').waitFor();
    await screenshot(desktop.page, 'pay-link-paid-desktop');
    expect(desktop.pageErrors).toEqual([]);
    await desktop.context.close();
    const order = await api(baseUrl, 'POST', `/public/pay/${token}/order`);
    expect(order.status).toBe(410);

    const detail = await must<{ status: string; balance: number; payments: unknown[] }>(
      api(baseUrl, 'GET', `/invoices/${invoice._id}`, staff),
      'invoice detail',
    );
    expect(detail).toMatchObject({ status: 'paid', balance: 0 });
    expect(detail.payments).toHaveLength(1);
    expect(pageErrors).toEqual([]);
    await context.close();

    // The same day run again sends nothing new; the paid invoice is no longer chased.
    const again = await must<{ sent: { invoiceId: string }[] }>(
      api(baseUrl, 'POST', `/collections/run?date=${date}`, staff),
      'collections run again',
    );
    expect(again.sent.filter((sent) => sent.invoiceId === invoice._id)).toEqual([]);
    expect(textsInOutbox('sms', providerNumber)).toHaveLength(1);
  });

  it('an unknown link says so', async () => {
    const { page, pageErrors, context } = await newPage(browser, { baseUrl, viewport: PHONE });
    await page.goto('/pay/AAAAAAAAAAAAAAAAAAAAAA');
    await page.getByTestId('pay-link-dead').getByText('Pay link not found').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the tenant portal by code lists the open invoice with the same Pay button', async () => {
    const invoice = await issuedInvoice('Rent, portal e2e');
    const code = await must<{ tenantCode: string }>(
      api(baseUrl, 'POST', `/tenant-codes/${tenantId}/generate`, staff),
      'tenant code',
    );
    const { page, pageErrors, context } = await newPage(browser, { baseUrl, viewport: PHONE });
    await page.goto(`/tenant-portal/${code.tenantCode}?companyId=${staff.companyId}`);
    const card = page.getByTestId('portal-invoices');
    const row = card.getByRole('listitem').filter({ hasText: invoice.number });
    await row.waitFor();
    await screenshot(page, 'pay-link-portal');
    await row.getByTestId('pay-link-pay').click();
    await page.getByTestId('sandbox-checkout').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Payment received').first().waitFor();
    await expect
      .poll(async () => card.getByRole('listitem').filter({ hasText: invoice.number }).count(), {
        timeout: 30_000,
      })
      .toBe(0);
    await page.getByTestId('pay-link-receipts').getByText(invoice.number).first().waitFor();
    await screenshot(page, 'pay-link-portal-paid');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
