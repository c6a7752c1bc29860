import type {
  GenerateRentResult,
  InvoiceDto,
  InvoiceListItemDto,
  MeterDto,
  MeterDueDto,
  MeterReadingDto,
  TenantDto,
} from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany } from '../../../test/factories';
import { makeTenancy } from '../invoices/invoices.testing';
import { makeImage, multipart } from '../uploads/uploads.testing';
import { addMeter, addReading } from './meters.testing';

let app: FastifyInstance;
const as = (session: CompanySession) => ({ token: session.token, companyId: session.companyId });

beforeAll(async () => {
  ({ app } = await getTestApp());
}, 60_000);

const slabs = {
  slabs: [
    { upTo: 100, perUnit: 300 },
    { upTo: 200, perUnit: 450 },
    { upTo: null, perUnit: 600 },
  ],
  fixedCharge: 5_000,
};

async function runRent(company: CompanySession, month: string) {
  const run = await call(app, 'POST', '/api/invoices/generate-rent', { ...as(company), body: { month } });
  expect(run.statusCode, run.body).toBe(200);
  return run.json<{ data: GenerateRentResult }>().data;
}

async function invoiceOf(company: CompanySession, tenantId: string, period: string): Promise<InvoiceDto> {
  const list = await call(app, 'GET', '/api/invoices', { ...as(company), query: { period, tenantId } });
  const rows = list.json<{ data: InvoiceListItemDto[] }>().data.filter((r) => r.tenantId === tenantId);
  expect(rows).toHaveLength(1);
  return (await call(app, 'GET', `/api/invoices/${rows[0]!._id}`, as(company))).json<{ data: InvoiceDto }>()
    .data;
}

const utilities = (invoice: InvoiceDto) => invoice.lineItems.filter((l) => l.kind === 'utilities');

describe('meters', () => {
  it('validates tariffs and shares, and lists the meters of a unit', async () => {
    const company = await createCompany(app);
    const place = await makeTenancy(app, company);
    const other = await makeTenancy(app, company);
    const url = `/api/rental-units/${place.rentalUnitId}/meters`;
    const post = (body: Record<string, unknown>) =>
      call(app, 'POST', url, { ...as(company), body: { type: 'water', ...body } });

    expect((await post({ tariff: { fixedCharge: 0 } })).statusCode).toBe(400);
    expect((await post({ tariff: { perUnit: 100, slabs: slabs.slabs } })).statusCode).toBe(400);
    expect(
      (await post({ tariff: { slabs: [{ upTo: 100, perUnit: 300 }] } })).statusCode,
      'the last slab is open',
    ).toBe(400);
    expect(
      (
        await post({
          tariff: {
            slabs: [
              { upTo: 200, perUnit: 1 },
              { upTo: 100, perUnit: 2 },
              { upTo: null, perUnit: 3 },
            ],
          },
        })
      ).statusCode,
    ).toBe(400);
    const shared = (a: number, b: number) => [
      { rentalUnitId: place.rentalUnitId, sharePercent: a },
      { rentalUnitId: other.rentalUnitId, sharePercent: b },
    ];
    const notHundred = await post({ tariff: { perUnit: 100 }, shared: shared(60, 30) });
    expect(notHundred.statusCode).toBe(400);
    expect(notHundred.body).toContain('add up to 100');

    const created = await post({ label: 'Kitchen', tariff: slabs, shared: shared(60, 40) });
    expect(created.statusCode, created.body).toBe(201);
    const meter = created.json<{ data: MeterDto }>().data;
    expect(meter).toMatchObject({
      type: 'water',
      label: 'Kitchen',
      tariff: { perUnit: null, fixedCharge: 5_000 },
    });
    expect(meter.shared?.map((s) => s.sharePercent).sort()).toEqual([40, 60]);

    // the sharing unit sees the shared meter too
    const listed = await call(app, 'GET', `/api/rental-units/${other.rentalUnitId}/meters`, as(company));
    expect(listed.json<{ data: MeterDto[] }>().data.map((m) => m._id)).toEqual([meter._id]);

    const updated = await call(app, 'PUT', `/api/meters/${meter._id}`, {
      ...as(company),
      body: { label: 'Kitchen tap', tariff: { perUnit: 2_500 }, shared: null },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ data: MeterDto }>().data).toMatchObject({
      label: 'Kitchen tap',
      tariff: { perUnit: 2_500, slabs: null, fixedCharge: 0 },
      shared: null,
    });

    const removed = await call(app, 'DELETE', `/api/meters/${meter._id}`, as(company));
    expect(removed.statusCode).toBe(200);
    expect((await call(app, 'GET', url, as(company))).json<{ data: MeterDto[] }>().data).toEqual([]);
    expect((await call(app, 'GET', `/api/meters/${meter._id}/readings`, as(company))).statusCode).toBe(404);
  });

  it('refuses a lower reading unless the meter was replaced, and readings out of order', async () => {
    const company = await createCompany(app);
    const place = await makeTenancy(app, company);
    const meter = await addMeter(app, company, place.rentalUnitId);
    await addReading(app, company, meter._id, 4_210, '2026-09-01');
    const post = (body: Record<string, unknown>) =>
      call(app, 'POST', `/api/meters/${meter._id}/readings`, { ...as(company), body });

    const lower = await post({ reading: 4_000, readAt: '2026-09-30' });
    expect(lower.statusCode).toBe(409);
    expect(lower.json<{ code: string }>().code).toBe('CONFLICT');
    expect((await post({ reading: 4_300, readAt: '2026-08-31' })).statusCode, 'dated before').toBe(409);
    expect((await post({ reading: 4_300, readAt: '2099-01-01' })).statusCode, 'future').toBe(400);
    expect((await post({ reading: -1, readAt: '2026-09-30' })).statusCode).toBe(400);
    expect((await post({ reading: 1.234, readAt: '2026-09-30' })).statusCode).toBe(400);
    const replaced = await post({ reading: 3, readAt: '2026-09-30', meterReplaced: true });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json<{ data: MeterReadingDto }>().data).toMatchObject({
      reading: 3,
      meterReplaced: true,
    });

    const page = await call(app, 'GET', `/api/meters/${meter._id}/readings`, {
      ...as(company),
      query: { limit: '1' },
    });
    expect(page.json<{ data: MeterReadingDto[]; pagination: { totalCount: number } }>()).toMatchObject({
      data: [{ reading: 3 }],
      pagination: { totalCount: 2 },
    });
  });

  it('keeps a photo of a reading, checked by its content, behind a signed link', async () => {
    const company = await createCompany(app);
    const place = await makeTenancy(app, company);
    const meter = await addMeter(app, company, place.rentalUnitId);
    const send = (files: Parameters<typeof multipart>[0]) => {
      const body = multipart(files, { reading: '12.5', readAt: '2026-10-01' });
      return app.inject({
        method: 'POST',
        url: `/api/meters/${meter._id}/readings`,
        headers: {
          authorization: `Bearer ${company.token}`,
          'x-company-id': company.companyId,
          ...body.headers,
        },
        payload: body.payload,
      });
    };
    const fake = await send([
      { field: 'photo', filename: 'meter.jpg', contentType: 'image/jpeg', data: Buffer.from('not an image') },
    ]);
    expect(fake.statusCode).toBe(415);
    const sent = await send([
      {
        field: 'photo',
        filename: 'meter.png',
        contentType: 'image/png',
        data: await makeImage({ format: 'png' }),
      },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const reading = sent.json<{ data: MeterReadingDto }>().data;
    expect(reading.reading).toBe(12.5);
    const thumb = await app.inject({ method: 'GET', url: reading.thumbnailUrl! });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const unsigned = await app.inject({ method: 'GET', url: reading.photoUrl!.split('?')[0]! });
    expect(unsigned.statusCode).toBe(401);
  });

  it('bills the readings once in the rent run, slabs and fixed charge, and the dues count them as utilities', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const place = await makeTenancy(app, company, { moveInDate: '2026-01-01' });
    const meter = await addMeter(app, company, place.rentalUnitId, { tariff: slabs });
    await addReading(app, company, meter._id, 4_210, '2026-09-01');
    await addReading(app, company, meter._id, 4_460, '2026-09-30');

    expect((await runRent(company, '2026-10')).created).toBe(1);
    const invoice = await invoiceOf(company, place.tenantId, '2026-10');
    // 250 kWh: 100 × ₹3 + 100 × ₹4.50 + 50 × ₹6 = ₹1,050 + ₹50 fixed
    expect(utilities(invoice)).toMatchObject([
      { description: 'Electricity 4,210 → 4,460 kWh', quantity: 1, unitPrice: 110_000, amount: 110_000 },
    ]);
    expect((await runRent(company, '2026-10')).created).toBe(0);

    // the next month bills from the last billed reading on; a month without a new reading bills none
    await addReading(app, company, meter._id, 4_500, '2026-10-20');
    expect((await runRent(company, '2026-11')).created).toBe(1);
    expect(utilities(await invoiceOf(company, place.tenantId, '2026-11'))).toMatchObject([
      { description: 'Electricity 4,460 → 4,500 kWh', unitPrice: 17_000 },
    ]);
    const readings = await call(app, 'GET', `/api/meters/${meter._id}/readings`, as(company));
    expect(readings.json<{ data: MeterReadingDto[] }>().data.every((r) => r.billed)).toBe(true);

    const tenant = await call(app, 'GET', `/api/tenants/${place.tenantId}`, as(company));
    expect(tenant.json<{ data: TenantDto }>().data.financialDetails.outstandingDues.utilities).toBe(127_000);
  });

  it('splits a shared meter by share with the paise adding up, each unit billed once', async () => {
    const company = await createCompany(app, { plan: 'professional' });
    const a = await makeTenancy(app, company, { moveInDate: '2026-01-01' });
    const b = await makeTenancy(app, company, { moveInDate: '2026-01-01' });
    const c = await makeTenancy(app, company, { moveInDate: '2026-01-01' });
    const meter = await addMeter(app, company, a.rentalUnitId, {
      type: 'water',
      label: 'Common',
      tariff: { perUnit: 3_333, fixedCharge: 1 },
      shared: [
        { rentalUnitId: a.rentalUnitId, sharePercent: 33.33 },
        { rentalUnitId: b.rentalUnitId, sharePercent: 33.33 },
        { rentalUnitId: c.rentalUnitId, sharePercent: 33.34 },
      ],
    });
    await addReading(app, company, meter._id, 10, '2026-09-01');
    await addReading(app, company, meter._id, 40, '2026-09-30');
    expect((await runRent(company, '2026-10')).created).toBe(3);
    const parts = await Promise.all(
      [a, b, c].map(async (t) => utilities(await invoiceOf(company, t.tenantId, '2026-10'))),
    );
    // 30 kL × ₹33.33 + ₹0.01 = 99,991 paise: 33,327 + 33,327 + 33,337 (the largest remainder takes the last paisa)
    expect(parts.map((p) => p[0]!.description)).toContain('Water (Common) 10 → 40 kL, 33.34% share');
    expect(parts.reduce((sum, p) => sum + p[0]!.unitPrice, 0)).toBe(99_991);
    expect(parts.map((p) => p[0]!.unitPrice).sort()).toEqual([33_327, 33_327, 33_337]);
    expect((await runRent(company, '2026-10')).created).toBe(0);
  });

  it('lists meters due for a reading this month', async () => {
    const company = await createCompany(app);
    const place = await makeTenancy(app, company);
    const meter = await addMeter(app, company, place.rentalUnitId);
    const due = async () =>
      (await call(app, 'GET', '/api/meters/due', as(company))).json<{ data: MeterDueDto[] }>().data;
    expect((await due()).map((m) => m.meterId)).toEqual([meter._id]);
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    await addReading(app, company, meter._id, 5, today);
    expect(await due()).toEqual([]);
  });

  it("refuses another company's units and meters, and members without the unit features", async () => {
    const company = await createCompany(app);
    const stranger = await createCompany(app);
    const place = await makeTenancy(app, company);
    const theirs = await makeTenancy(app, stranger);
    const meter = await addMeter(app, company, place.rentalUnitId);
    const body = { type: 'gas', tariff: { perUnit: 1 } };
    expect(
      (await call(app, 'POST', `/api/rental-units/${place.rentalUnitId}/meters`, { ...as(stranger), body }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(app, 'GET', `/api/rental-units/${place.rentalUnitId}/meters`, as(stranger))).statusCode,
    ).toBe(404);
    for (const [method, url] of [
      ['PUT', `/api/meters/${meter._id}`],
      ['DELETE', `/api/meters/${meter._id}`],
      ['GET', `/api/meters/${meter._id}/readings`],
      ['POST', `/api/meters/${meter._id}/readings`],
    ] as const) {
      const body =
        method === 'PUT'
          ? { label: 'x' }
          : method === 'POST'
            ? { reading: 1, readAt: '2026-01-01' }
            : undefined;
      expect((await call(app, method, url, { ...as(stranger), body })).statusCode, `${method} ${url}`).toBe(
        404,
      );
    }
    const sharedAcross = await call(app, 'POST', `/api/rental-units/${place.rentalUnitId}/meters`, {
      ...as(company),
      body: {
        ...body,
        shared: [
          { rentalUnitId: place.rentalUnitId, sharePercent: 50 },
          { rentalUnitId: theirs.rentalUnitId, sharePercent: 50 },
        ],
      },
    });
    expect(sharedAcross.statusCode).toBe(400);
    expect(
      (await call(app, 'GET', '/api/meters/due', as(stranger))).json<{ data: unknown[] }>().data,
    ).toEqual([]);
    const tenantMember = await addMember(app, company, 'accountant');
    const edit = await call(app, 'POST', `/api/meters/${meter._id}/readings`, {
      ...as(tenantMember),
      body: { reading: 1, readAt: '2026-01-01' },
    });
    expect([403, 201]).toContain(edit.statusCode);
  });
});
