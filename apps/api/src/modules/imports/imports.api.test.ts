import type { ImportJobDto, InvoiceListItemDto, RentalUnitDto, TenantListItemDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany, uniqueEmail } from '../../../test/factories';
import {
  csvOf,
  importFile,
  jobOf,
  PROPERTY_HEADER,
  propertyRow,
  TENANCY_HEADER,
  UNIT_HEADER,
  upload,
  xlsxOf,
} from './imports.testing';

let app: FastifyInstance;
let owner: CompanySession;

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'enterprise' });
}, 60_000);

const auth = (caller: CompanySession) => ({ token: caller.token, companyId: caller.companyId });

async function unitsOf(caller: CompanySession, search: string): Promise<RentalUnitDto[]> {
  const response = await call(app, 'GET', '/api/rental-units', {
    ...auth(caller),
    query: { search, limit: '100' },
  });
  return response.json<{ data: RentalUnitDto[] }>().data;
}

describe('templates', () => {
  it('answers a CSV and an XLSX of each kind with its headers and an example row', async () => {
    const csv = await call(app, 'GET', '/api/imports/template', {
      ...auth(owner),
      query: { kind: 'tenancies', format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, example] = csv.body.trim().split('\r\n');
    expect(header).toContain('Tenant email');
    expect(header).toContain('Opening balance');
    expect(example).toContain('asha.rao@example.com');
    const xlsx = await app.inject({
      method: 'GET',
      url: '/api/imports/template?kind=units&format=xlsx',
      headers: { authorization: `Bearer ${owner.token}`, 'x-company-id': owner.companyId },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const bad = await call(app, 'GET', '/api/imports/template', { ...auth(owner), query: { kind: 'cars' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a portfolio from spreadsheets', () => {
  const tag = `Imp${Date.now().toString(36)}`;
  const names = [`${tag} Lakeview`, `${tag} Hilltop`];

  it('a dry run reports without writing; the commit creates; the same file again is skipped', async () => {
    const file = csvOf([PROPERTY_HEADER, propertyRow(names[0]!), propertyRow(names[1]!)]);
    const dry = await importFile(app, owner, 'properties', file, { dryRun: true });
    expect(dry.status).toBe('ready');
    expect(dry.summary).toEqual({ valid: 2, invalid: 0, created: 2, updated: 0, skipped: 0 });
    const before = await call(app, 'GET', '/api/properties', { ...auth(owner), query: { search: tag } });
    expect(before.json<{ data: unknown[] }>().data).toHaveLength(0);

    const commit = await call(app, 'POST', `/api/imports/${dry._id}/commit`, auth(owner));
    expect(commit.statusCode).toBe(202);
    await app.services.imports.run({ companyId: owner.companyId, jobId: dry._id });
    const done = await jobOf(app, owner, dry._id);
    expect(done.status).toBe('done');
    expect(done.summary).toMatchObject({ created: 2, updated: 0, skipped: 0 });
    expect(done.progress).toEqual({ done: 2, total: 2 });
    const again = await call(app, 'POST', `/api/imports/${dry._id}/commit`, auth(owner));
    expect(again.statusCode).toBe(409);

    const repeat = await importFile(app, owner, 'properties', file);
    expect(repeat.summary).toEqual({ valid: 2, invalid: 0, created: 0, updated: 0, skipped: 2 });
    const changed = await importFile(
      app,
      owner,
      'properties',
      csvOf([PROPERTY_HEADER, propertyRow(names[0]!), propertyRow(names[1]!, 'Mysuru')]),
    );
    expect(changed.summary).toMatchObject({ created: 0, updated: 1, skipped: 1 });
  });

  it('units from an XLSX with rupees in paise; row errors name the row and column; nothing half-applies', async () => {
    const file = await xlsxOf([
      UNIT_HEADER,
      [names[0]!, 'A-101', '2bhk', '₹12,500.50', '50000'],
      [names[0]!, 'A-102', '1bhk', 12500.5, ''],
      [names[0]!, 'A-103', 'castle', '1000', ''],
      [names[0]!, 'A-104', '1bhk', '12.345', ''],
      ['No Such Property', 'B-1', '1bhk', '1000', ''],
      [names[0]!, 'A-101', '2bhk', '1000', ''],
    ]);
    const job = await importFile(app, owner, 'units', file, { filename: 'units.xlsx' });
    expect(job.format).toBe('xlsx');
    expect(job.status).toBe('done');
    expect(job.summary).toMatchObject({ valid: 2, invalid: 4, created: 2 });
    expect(job.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 4, field: 'Unit type' }),
        expect.objectContaining({ row: 5, field: 'Rent' }),
        expect.objectContaining({ row: 6, field: 'Property name' }),
        expect.objectContaining({ row: 7, message: expect.stringContaining('Repeats row 2') }),
      ]),
    );
    const units = await unitsOf(owner, tag);
    const a101 = units.find((unit) => unit.unitNumber === 'A-101');
    expect(a101?.pricing.rent).toBe(1_250_050);
    expect(a101?.pricing.securityDeposit).toBe(5_000_000);
    expect(units.find((unit) => unit.unitNumber === 'A-102')?.pricing.rent).toBe(1_250_050);
    expect(units.some((unit) => unit.unitNumber === 'A-103')).toBe(false);
  });

  it('tenancies with DD/MM/YYYY dates; an opening balance becomes one issued invoice; re-import skips', async () => {
    const email = uniqueEmail('imported');
    const rows = [
      TENANCY_HEADER,
      [
        names[0]!,
        'A-101',
        'Asha',
        'Rao',
        email,
        '01/04/2026',
        '01/04/2026',
        '2027-03-31',
        '25000',
        '₹1,200.50',
      ],
    ];
    const job = await importFile(app, owner, 'tenancies', csvOf(rows));
    expect(job.errors).toEqual([]);
    expect(job.summary).toMatchObject({ valid: 1, created: 1 });
    const list = await call(app, 'GET', '/api/tenants', { ...auth(owner), query: { search: 'Asha' } });
    const tenant = list.json<{ data: TenantListItemDto[] }>().data.find((row) => row.user.email === email);
    expect(tenant?.agreementDetails.rentAmount).toBe(2_500_000);
    expect(tenant?.agreementDetails.leaseStartDate).toBe('2026-04-01');
    const invoices = await call(app, 'GET', '/api/invoices', {
      ...auth(owner),
      query: { tenantId: tenant?._id ?? '' },
    });
    const opening = invoices.json<{ data: InvoiceListItemDto[] }>().data;
    expect(opening).toHaveLength(1);
    expect(opening[0]).toMatchObject({ status: 'sent' });
    expect(opening[0]!.total).toBeGreaterThanOrEqual(120_050);

    const repeat = await importFile(app, owner, 'tenancies', csvOf(rows));
    expect(repeat.summary).toMatchObject({ created: 0, skipped: 1 });
    const again = await call(app, 'GET', '/api/invoices', {
      ...auth(owner),
      query: { tenantId: tenant?._id ?? '' },
    });
    expect(again.json<{ data: unknown[] }>().data).toHaveLength(1);
    const raised = await importFile(app, owner, 'tenancies', csvOf([rows[0]!, rows[1]!.with(8, '26000')]));
    expect(raised.summary).toMatchObject({ created: 0, updated: 1 });
  });

  it('lists the history, newest first', async () => {
    const response = await call(app, 'GET', '/api/imports', { ...auth(owner), query: { limit: '2' } });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: ImportJobDto[]; pagination: { totalCount: number } }>();
    expect(body.data).toHaveLength(2);
    expect(body.pagination.totalCount).toBeGreaterThanOrEqual(5);
  });
});

describe('refusals', () => {
  it('refuses a file past the plan as a whole, with the numbers', async () => {
    const starter = await createCompany(app);
    const rows = [
      PROPERTY_HEADER,
      ...['P1', 'P2', 'P3', 'P4'].map((name) => propertyRow(`${name} ${Date.now()}`)),
    ];
    const job = await importFile(app, starter, 'properties', csvOf(rows));
    expect(job.status).toBe('failed');
    expect(job.planLimit).toEqual({ limitType: 'properties', current: 0, limit: 3, adding: 4 });
    expect(job.errors[0]).toMatchObject({ row: 0, field: 'file' });
    const list = await call(app, 'GET', '/api/properties', auth(starter));
    expect(list.json<{ data: unknown[] }>().data).toHaveLength(0);
  });

  it('checks the file by content, the kind permission, and a missing column', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const image = await upload(app, owner, 'properties', png, { filename: 'props.csv' });
    expect(image.statusCode).toBe(415);
    const accountant = await addMember(app, owner, 'accountant');
    const refused = await upload(app, accountant, 'properties', csvOf([PROPERTY_HEADER]));
    expect(refused.statusCode).toBe(403);
    const missing = await importFile(app, owner, 'properties', csvOf([['Property name'], ['X']]));
    expect(missing.status).toBe('failed');
    expect(missing.errors[0]?.message).toContain('Missing column');
  });

  it("another company's import is 404", async () => {
    const other = await createCompany(app, { plan: 'enterprise' });
    const job = await importFile(app, owner, 'properties', csvOf([PROPERTY_HEADER]), { dryRun: true });
    for (const [method, url] of [
      ['GET', `/api/imports/${job._id}`],
      ['POST', `/api/imports/${job._id}/commit`],
    ] as const) {
      expect((await call(app, method, url, auth(other))).statusCode).toBe(404);
    }
    const list = await call(app, 'GET', '/api/imports', auth(other));
    expect(list.json<{ data: unknown[] }>().data).toHaveLength(0);
  });

  it('answers 413 past IMPORT_LIMIT_BYTES', async () => {
    const small = await buildTestAppWith({ importLimitBytes: 2048 });
    try {
      const big = csvOf([PROPERTY_HEADER, ...Array.from({ length: 100 }, (_, i) => propertyRow(`Big ${i}`))]);
      const response = await upload(small, owner, 'properties', big);
      expect(response.statusCode).toBe(413);
    } finally {
      await small.close();
    }
  });
});
