import path from 'node:path';
import type {
  Pagination,
  PropertyDto,
  RentalUnitDto,
  RentalUnitUserDto,
  TenantCodeDto,
  TenantDocumentDto,
  TenantDto,
  TenantListItemDto,
  TenantPortalDto,
} from '@rentora/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany, login, uniqueEmail } from '../../../test/factories';
import { mailsTo, tokenFromOutbox } from '../../../test/outbox';
import { auditLogs } from '../../db/schema';
import { auth, createProperty, createUnit } from '../properties/properties.testing';
import { makeImage, multipart } from '../uploads/uploads.testing';
import { createDocumentSigner } from './tenants.files';
import { PDF_BYTES } from './tenants.fixtures';
import { findCurrentTenancies } from './tenants.tenancy';

let app: FastifyInstance;
let outboxDir: string;
let jwtSecret: string;
let owner: CompanySession;
let other: CompanySession;
let property: PropertyDto;

beforeAll(async () => {
  const testApp = await getTestApp();
  app = testApp.app;
  outboxDir = path.join(testApp.config.dataDir, 'outbox');
  jwtSecret = testApp.config.jwtSecret;
  owner = await createCompany(app, { plan: 'enterprise' });
  other = await createCompany(app, { plan: 'enterprise' });
  property = await createProperty(app, owner, { name: 'Tenant Test Towers' });
});

let unitCounter = 0;
async function freshUnit(session = owner, propertyId = property._id): Promise<RentalUnitDto> {
  unitCounter += 1;
  return createUnit(app, session, propertyId, {
    unitNumber: `T-${unitCounter}`,
    pricing: { rent: 1_200_000 },
  });
}

function tenantBody(unitId: string, overrides: Record<string, unknown> = {}) {
  return {
    rentalUnitId: unitId,
    userId: { email: uniqueEmail('tenant'), firstName: 'Asha', lastName: 'Rao', phone: '+91 98450 00000' },
    occupancyDetails: { moveInDate: '2025-02-01' },
    agreementDetails: {
      rentAmount: 1_200_000,
      maintenanceCharges: 150_000,
      securityDeposit: 3_600_000,
      rentDueDate: 5,
      leaseStartDate: '2025-02-01',
      leaseEndDate: '2026-01-31',
    },
    ...overrides,
  };
}

async function addTenant(
  unitId: string,
  overrides: Record<string, unknown> = {},
  session = owner,
): Promise<TenantDto> {
  const response = await call(app, 'POST', '/api/tenants', {
    ...auth(session),
    body: tenantBody(unitId, overrides),
  });
  if (response.statusCode !== 201) throw new Error(`addTenant: ${response.body}`);
  return response.json<{ data: TenantDto }>().data;
}

async function unitStatus(unitId: string): Promise<string> {
  const response = await call(app, 'GET', `/api/rental-units/${unitId}`, auth(owner));
  return response.json<{ data: RentalUnitDto }>().data.status;
}

const put = (url: string, body?: unknown, session = owner) =>
  call(app, 'PUT', url, { ...auth(session), body });

function uploadDocument(
  tenantId: string,
  data: Buffer,
  type = 'aadhaar',
  filename = 'doc.pdf',
  contentType = 'application/pdf',
) {
  const upload = multipart([{ field: 'document', filename, contentType, data }], { type });
  return app.inject({
    method: 'POST',
    url: `/api/tenants/${tenantId}/documents`,
    headers: { authorization: `Bearer ${owner.token}`, 'x-company-id': owner.companyId, ...upload.headers },
    payload: upload.payload,
  });
}

describe('POST /api/tenants', () => {
  it('creates a tenancy, an account with a mailed set-password link, and occupies the unit', async () => {
    const unit = await freshUnit();
    const body = tenantBody(unit._id);
    const response = await call(app, 'POST', '/api/tenants', { ...auth(owner), body });
    expect(response.statusCode).toBe(201);
    const tenant = response.json<{ data: TenantDto }>().data;
    expect(tenant).toMatchObject({
      status: 'active',
      isActive: true,
      rentalUnitUserId: tenant._id,
      unit: { _id: unit._id, unitNumber: unit.unitNumber },
      property: { _id: property._id, name: 'Tenant Test Towers' },
      monthlyTotal: 1_350_000,
      agreementDetails: { rentDueDate: 5, leaseEndDate: '2026-01-31' },
      financialDetails: { outstandingDues: { total: 0 } },
      documentsComplete: false,
    });
    expect(tenant.history).toHaveLength(1);
    expect(await unitStatus(unit._id)).toBe('Occupied');
    const token = tokenFromOutbox(outboxDir, body.userId.email, '/auth/reset-password');
    expect(token.length).toBeGreaterThan(20);
    // The unit-tenant view reads the same row.
    const unitTenants = await call(app, 'GET', `/api/rental-units/${unit._id}/tenants`, auth(owner));
    expect(unitTenants.json<{ data: RentalUnitUserDto[] }>().data.map((row) => row._id)).toEqual([
      tenant._id,
    ]);
    const current = await findCurrentTenancies((await getTestApp()).database.db, tenant.userId);
    expect(current).toEqual([
      { tenantId: tenant._id, companyId: owner.companyId, rentalUnitId: unit._id, propertyId: property._id },
    ]);
  });

  it('refuses the same person twice (409), another company’s unit (404) and bad input (400)', async () => {
    const unit = await freshUnit();
    const first = await addTenant(unit._id);
    const twice = await call(app, 'POST', '/api/tenants', {
      ...auth(owner),
      body: tenantBody(unit._id, { userId: first.userId }),
    });
    expect(twice.statusCode).toBe(409);
    const foreignUnit = await freshUnit(other, (await createProperty(app, other))._id);
    const foreign = await call(app, 'POST', '/api/tenants', {
      ...auth(owner),
      body: tenantBody(foreignUnit._id),
    });
    expect(foreign.statusCode).toBe(404);
    const badDay = await call(app, 'POST', '/api/tenants', {
      ...auth(owner),
      body: tenantBody(unit._id, {
        agreementDetails: {
          rentAmount: 1,
          rentDueDate: 31,
          leaseStartDate: '2025-01-01',
          leaseEndDate: '2026-01-01',
        },
      }),
    });
    expect(badDay.statusCode).toBe(400);
    const backwards = await call(app, 'POST', '/api/tenants', {
      ...auth(owner),
      body: tenantBody(unit._id, {
        agreementDetails: { rentAmount: 1, leaseStartDate: '2025-05-01', leaseEndDate: '2025-01-01' },
      }),
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('a pending tenant does not occupy the unit and notifies staff', async () => {
    const unit = await freshUnit();
    const manager = await addMember(app, owner, 'manager');
    const tenant = await addTenant(unit._id, { status: 'pending' });
    expect(tenant).toMatchObject({ status: 'pending', isActive: false });
    expect(await unitStatus(unit._id)).toBe('Available');
    const notes = await call(app, 'GET', '/api/inapp-notifications/user', { token: manager.token });
    expect(notes.body).toContain('waiting for approval');
  });

  it('refuses staff without tenants_write (403) and without tenants_read (403)', async () => {
    const designer = await addMember(app, owner, 'designer');
    const unit = await freshUnit();
    expect((await call(app, 'GET', '/api/tenants', auth(designer))).statusCode).toBe(403);
    const support = await addMember(app, owner, 'customer_support');
    const create = await call(app, 'POST', '/api/tenants', { ...auth(support), body: tenantBody(unit._id) });
    expect(create.statusCode).toBe(403);
  });
});

describe('GET /api/tenants and its variants', () => {
  let company: CompanySession;
  let names: string[];
  beforeAll(async () => {
    company = await createCompany(app, { plan: 'enterprise' });
    const listProperty = await createProperty(app, company, { name: 'List Towers' });
    names = ['Zara', 'Bala', 'Meera'];
    for (const [index, name] of names.entries()) {
      const unit = await createUnit(app, company, listProperty._id, {
        unitNumber: `L-${index}`,
        pricing: { rent: 1_000_000 },
      });
      await addTenant(
        unit._id,
        {
          userId: {
            email: uniqueEmail(name.toLowerCase()),
            firstName: name,
            lastName: 'Kumar',
            phone: `+91 90000 0000${index}`,
          },
          status: index === 0 ? 'pending' : 'active',
          occupancyDetails: { moveInDate: `2025-0${index + 1}-10` },
          agreementDetails: {
            rentAmount: 1_000_000 + index,
            leaseStartDate: '2025-01-01',
            leaseEndDate: '2026-01-01',
          },
        },
        company,
      );
    }
  });
  type List = { data: TenantListItemDto[]; pagination: Pagination };

  it('pages (default 10), filters by status[] / repeated status / isActive / search / move-in range and sorts', async () => {
    const all = await call(app, 'GET', '/api/tenants', auth(company));
    expect(all.statusCode).toBe(200);
    const list = all.json<List>();
    expect(list.pagination).toMatchObject({ page: 1, limit: 10, totalCount: 3 });
    const pending = await call(app, 'GET', '/api/tenants', {
      ...auth(company),
      query: { 'status[]': ['pending'] },
    });
    expect(pending.json<List>().data.map((row) => row.user.firstName)).toEqual(['Zara']);
    const repeated = await call(app, 'GET', '/api/tenants', {
      ...auth(company),
      query: { status: ['active', 'pending'] },
    });
    expect(repeated.json<List>().data).toHaveLength(3);
    const active = await call(app, 'GET', '/api/tenants', { ...auth(company), query: { isActive: 'true' } });
    expect(active.json<List>().data).toHaveLength(2);
    const search = await call(app, 'GET', '/api/tenants', { ...auth(company), query: { search: 'meer' } });
    expect(search.json<List>().data.map((row) => row.user.firstName)).toEqual(['Meera']);
    const byPhone = await call(app, 'GET', '/api/tenants', {
      ...auth(company),
      query: { search: '90000 00001' },
    });
    expect(byPhone.json<List>().data.map((row) => row.user.firstName)).toEqual(['Bala']);
    // A term looks only where it can be: an email has no space, a phone no letter; names are always searched.
    const zaraEmail = list.data.find((row) => row.user.firstName === 'Zara')!.user.email;
    const byEmail = await call(app, 'GET', '/api/tenants', {
      ...auth(company),
      query: { search: zaraEmail },
    });
    expect(byEmail.json<List>().data.map((row) => row.user.firstName)).toEqual(['Zara']);
    const byFullName = await call(app, 'GET', '/api/tenants', {
      ...auth(company),
      query: { search: 'meera kum' },
    });
    expect(byFullName.json<List>().data.map((row) => row.user.firstName)).toEqual(['Meera']);
    const range = await call(app, 'GET', '/api/tenants', {
      ...auth(company),
      query: { moveInFrom: '2025-02-01', moveInTo: '2025-03-31', sortBy: 'moveInDate', sortOrder: 'asc' },
    });
    expect(range.json<List>().data.map((row) => row.user.firstName)).toEqual(['Bala', 'Meera']);
    const paged = await call(app, 'GET', '/api/tenants', {
      ...auth(company),
      query: { limit: '2', page: '2' },
    });
    expect(paged.json<List>()).toMatchObject({ pagination: { totalCount: 3, hasPrev: true } });
    expect(paged.json<List>().data).toHaveLength(1);
    // A full page takes its total from the page's own statement (a search's matches found once for both).
    const fullPages: Record<string, string | string[]>[] = [
      { limit: '2' },
      { limit: '2', status: ['active', 'pending'] },
      { limit: '2', search: 'a' },
    ];
    for (const query of fullPages) {
      const full = await call(app, 'GET', '/api/tenants', { ...auth(company), query });
      expect(full.json<List>().data, JSON.stringify(query)).toHaveLength(2);
      expect(full.json<List>().pagination, JSON.stringify(query)).toMatchObject({
        totalCount: 3,
        hasNext: true,
      });
    }
    const pastTheEnd = await call(app, 'GET', '/api/tenants', {
      ...auth(company),
      query: { limit: '2', page: '3' },
    });
    expect(pastTheEnd.json<List>()).toMatchObject({ data: [], pagination: { totalCount: 3 } });
    const searchPastTheEnd = await call(app, 'GET', '/api/tenants', {
      ...auth(company),
      query: { limit: '2', page: '3', search: 'kumar' },
    });
    expect(searchPastTheEnd.json<List>()).toMatchObject({ data: [], pagination: { totalCount: 3 } });
    const bad = await call(app, 'GET', '/api/tenants', { ...auth(company), query: { status: 'sleeping' } });
    expect(bad.statusCode).toBe(400);
  });

  it('lists by status (400 for an unknown one) and by company (404 for another company)', async () => {
    const pending = await call(app, 'GET', '/api/tenants', {
      ...auth(company),
      query: { status: 'pending' },
    });
    expect(pending.json<List>().data).toHaveLength(1);
    const mine = await call(app, 'GET', `/api/companies/${company.companyId}/tenants`, auth(company));
    expect(mine.json<List>().data).toHaveLength(3);
    expect(
      (await call(app, 'GET', `/api/companies/${owner.companyId}/tenants`, auth(company))).statusCode,
    ).toBe(404);
    const leak = await call(app, 'GET', '/api/tenants', auth(other));
    expect(leak.json<List>().data).toHaveLength(0);
  });
});

describe('the lifecycle', () => {
  it('approve, notice, back to active, move out; every other transition is 409 and history is kept', async () => {
    const unit = await freshUnit();
    const tenant = await addTenant(unit._id, { status: 'pending' });
    const url = `/api/tenants/${tenant._id}`;
    expect((await put(`${url}/move-out`, { moveOutDate: '2025-06-01' })).statusCode).toBe(409);
    expect((await put(`${url}/status`, { status: 'notice_given' })).statusCode).toBe(409);
    expect((await put(`${url}/status`, { status: 'sleeping' })).statusCode).toBe(400);
    const approved = await put(`${url}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json<{ data: TenantDto }>().data).toMatchObject({ status: 'active', isActive: true });
    expect(await unitStatus(unit._id)).toBe('Occupied');
    expect(mailsTo(outboxDir, tenant.user.email).some((mail) => mail.includes('approved'))).toBe(true);
    expect((await put(`${url}/approve`)).statusCode).toBe(409);
    expect((await put(`${url}/reject`, { rejectionReason: 'late' })).statusCode).toBe(409);
    const notice = await put(`${url}/status`, { status: 'notice_given', reason: 'Moving city' });
    expect(notice.json<{ data: TenantDto }>().data).toMatchObject({ status: 'notice_given', isActive: true });
    expect((await put(`${url}/status`, { status: 'active' })).statusCode).toBe(200);
    expect((await put(`${url}/move-out`, { moveOutDate: '2024-01-01' })).statusCode).toBe(400);
    const out = await put(`${url}/move-out`, { moveOutDate: '2025-07-31', reason: 'Lease over' });
    expect(out.statusCode).toBe(200);
    const moved = out.json<{ data: TenantDto }>().data;
    expect(moved).toMatchObject({
      status: 'moved_out',
      isActive: false,
      occupancyDetails: { moveOutDate: '2025-07-31' },
    });
    expect(moved.stayDurationDays).toBe(180);
    expect(moved.history.map((entry) => entry.toStatus)).toEqual([
      'moved_out',
      'active',
      'notice_given',
      'active',
      'pending',
    ]);
    expect(moved.history[0]).toMatchObject({ reason: 'Lease over', actor: expect.any(String) });
    expect(await unitStatus(unit._id)).toBe('Available');
    const audits = await (await getTestApp()).database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, tenant._id));
    expect(audits.map((row) => row.action).sort()).toEqual([
      'tenant.created',
      'tenant.status_changed',
      'tenant.status_changed',
      'tenant.status_changed',
      'tenant.status_changed',
    ]);
    for (const status of ['active', 'notice_given', 'pending', 'rejected']) {
      expect((await put(`${url}/status`, { status, reason: 'x' })).statusCode).toBe(409);
    }
    const unitTenants = await call(app, 'GET', `/api/rental-units/${unit._id}/tenants`, {
      ...auth(owner),
      query: { type: 'past' },
    });
    expect(unitTenants.json<{ data: RentalUnitUserDto[] }>().data[0]).toMatchObject({
      _id: tenant._id,
      status: 'past',
      tenancyStatus: 'moved_out',
    });
  });

  it("keeps a pending application out of the unit's past tenants, and shows it among all of them", async () => {
    const unit = await freshUnit();
    const tenant = await addTenant(unit._id, { status: 'pending' });
    const unitTenants = (type: 'current' | 'past' | 'all') =>
      call(app, 'GET', `/api/rental-units/${unit._id}/tenants`, { ...auth(owner), query: { type } }).then(
        (response) => response.json<{ data: RentalUnitUserDto[] }>().data,
      );
    expect(await unitTenants('past')).toEqual([]);
    expect(await unitTenants('current')).toEqual([]);
    expect(await unitTenants('all')).toMatchObject([{ _id: tenant._id, tenancyStatus: 'pending' }]);
  });

  it('rejects a pending tenant with a reason (400 without) and mails them', async () => {
    const unit = await freshUnit();
    const tenant = await addTenant(unit._id, { status: 'pending' });
    expect((await put(`/api/tenants/${tenant._id}/reject`, {})).statusCode).toBe(400);
    const rejected = await put(`/api/tenants/${tenant._id}/reject`, {
      rejectionReason: 'References did not check out',
    });
    expect(rejected.json<{ data: TenantDto }>().data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'References did not check out',
    });
    expect(
      mailsTo(outboxDir, tenant.user.email).some((mail) => mail.includes('References did not check out')),
    ).toBe(true);
  });

  it('extends a lease only past the current end; transfers to a free unit of the same company', async () => {
    const unit = await freshUnit();
    const target = await freshUnit();
    const tenant = await addTenant(unit._id);
    const url = `/api/tenants/${tenant._id}`;
    expect((await put(`${url}/extend-lease`, { newEndDate: '2025-12-31' })).statusCode).toBe(400);
    const extended = await put(`${url}/extend-lease`, { newEndDate: '2026-06-30', rentAmount: 1_300_000 });
    expect(extended.json<{ data: TenantDto }>().data.agreementDetails).toMatchObject({
      leaseEndDate: '2026-06-30',
      rentAmount: 1_300_000,
    });
    const busy = await freshUnit();
    await addTenant(busy._id);
    expect(
      (await put(`${url}/transfer`, { toRentalUnitId: busy._id, transferDate: '2025-06-01' })).statusCode,
    ).toBe(409);
    const foreign = await freshUnit(other, (await createProperty(app, other))._id);
    expect(
      (await put(`${url}/transfer`, { toRentalUnitId: foreign._id, transferDate: '2025-06-01' })).statusCode,
    ).toBe(404);
    await put(`${url}/financials`, { rent: 500 });
    const moved = await put(`${url}/transfer`, { toRentalUnitId: target._id, transferDate: '2025-06-01' });
    expect(moved.statusCode).toBe(200);
    const next = moved.json<{ data: TenantDto }>().data;
    expect(next).toMatchObject({
      status: 'active',
      unit: { _id: target._id },
      financialDetails: { outstandingDues: { rent: 500 } },
    });
    const old = await call(app, 'GET', url, auth(owner));
    expect(old.json<{ data: TenantDto }>().data).toMatchObject({
      status: 'moved_out',
      occupancyDetails: { moveOutDate: '2025-06-01' },
    });
    expect(await unitStatus(unit._id)).toBe('Available');
    expect(await unitStatus(target._id)).toBe('Occupied');
  });
});

describe('details, dues, notes, behaviour, compliance, payments', () => {
  it('edits the agreement and dues; records notes, complaints, warnings, ratings and compliance', async () => {
    const unit = await freshUnit();
    const tenant = await addTenant(unit._id);
    const url = `/api/tenants/${tenant._id}`;
    const updated = await put(url, { agreementDetails: { rentAmount: 1_250_000, rentDueDate: 10 } });
    expect(updated.json<{ data: TenantDto }>().data.agreementDetails).toMatchObject({
      rentAmount: 1_250_000,
      rentDueDate: 10,
    });
    expect((await put(url, { agreementDetails: { leaseEndDate: '2020-01-01' } })).statusCode).toBe(400);
    expect((await put(`${url}/financials`, { rent: -1 })).statusCode).toBe(400);
    const financials = await put(`${url}/financials`, {
      rent: 1_250_000,
      utilities: 20_000,
      penalties: 5_000,
    });
    expect(financials.json<{ data: { total: number } }>().data.total).toBe(1_275_000);
    const dues = await call(app, 'GET', `${url}/dues`, auth(owner));
    expect(dues.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      rent: 1_250_000,
      maintenance: 0,
      total: 1_275_000,
      monthlyTotal: 1_400_000,
      nextRentDueDate: expect.stringMatching(/^\d{4}-\d{2}-10$/),
    });
    const note = await call(app, 'POST', `${url}/notes`, {
      ...auth(owner),
      body: { content: 'Prefers email', type: 'general' },
    });
    expect(note.statusCode).toBe(201);
    await call(app, 'POST', `${url}/complaints`, {
      ...auth(owner),
      body: { content: 'Noise at night', type: 'high' },
    });
    await call(app, 'POST', `${url}/warnings`, {
      ...auth(owner),
      body: { content: 'Late rent', type: 'low' },
    });
    expect((await put(`${url}/rating`, { ratings: { payment: 6 } })).statusCode).toBe(400);
    await put(`${url}/rating`, { ratings: { payment: 4, behavior: 5 } });
    const behavior = await call(app, 'GET', `${url}/behavior`, auth(owner));
    expect(behavior.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      complaints: [{ content: 'Noise at night', type: 'high' }],
      warnings: [{ content: 'Late rent' }],
      ratings: { payment: 4, behavior: 5 },
    });
    const compliance = await put(`${url}/compliance`, { policeVerification: true, notes: 'Done at station' });
    expect(compliance.json<{ data: TenantDto }>().data).toMatchObject({
      compliance: { policeVerification: true, notes: 'Done at station' },
      notes: [{ content: 'Prefers email' }],
    });
    const payments = await call(app, 'GET', `${url}/payments`, auth(owner));
    expect(payments.statusCode).toBe(200);
    expect(payments.json()).toMatchObject({ data: [], pagination: { totalCount: 0 } });
  });

  it('answers 404 to another company for every tenant call', async () => {
    const unit = await freshUnit();
    const tenant = await addTenant(unit._id);
    for (const path of ['', '/dues', '/behavior', '/documents', '/payments']) {
      expect((await call(app, 'GET', `/api/tenants/${tenant._id}${path}`, auth(other))).statusCode).toBe(404);
    }
    expect(
      (await put(`/api/tenants/${tenant._id}/move-out`, { moveOutDate: '2025-06-01' }, other)).statusCode,
    ).toBe(404);
    expect((await call(app, 'GET', `/api/tenant-codes/${tenant._id}`, auth(other))).statusCode).toBe(404);
  });
});

describe('documents', () => {
  it('accepts PDF/JPEG/PNG/WebP by content, refuses the rest, verifies, deletes and serves by a short-lived signed link', async () => {
    const unit = await freshUnit();
    const tenant = await addTenant(unit._id);
    const fake = await uploadDocument(
      tenant._id,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'pan',
      'pan.pdf',
    );
    expect(fake.statusCode).toBe(415);
    const noType = await uploadDocument(tenant._id, PDF_BYTES, 'passport');
    expect(noType.statusCode).toBe(400);
    const pdf = await uploadDocument(tenant._id, PDF_BYTES, 'aadhaar');
    expect(pdf.statusCode).toBe(201);
    const png = await uploadDocument(
      tenant._id,
      await makeImage({ format: 'png' }),
      'pan',
      'pan.txt',
      'text/plain',
    );
    expect(png.json<{ data: TenantDocumentDto }>().data.mimeType).toBe('image/png');
    const webp = await uploadDocument(tenant._id, await makeImage({ format: 'webp' }), 'salary_slip', 'slip');
    expect(webp.json<{ data: TenantDocumentDto }>().data.mimeType).toBe('image/webp');
    const big = await uploadDocument(
      tenant._id,
      Buffer.concat([PDF_BYTES, Buffer.alloc(11 * 1024 * 1024)]),
      'other',
    );
    expect(big.statusCode).toBe(413);
    const list = await call(app, 'GET', `/api/tenants/${tenant._id}/documents`, auth(owner));
    const { documents, documentsComplete } = list.json<{
      data: { documents: TenantDocumentDto[]; documentsComplete: boolean };
    }>().data;
    expect(documentsComplete).toBe(true);
    expect(documents).toHaveLength(3);
    const aadhaar = documents.find((document) => document.type === 'aadhaar')!;
    const file = await app.inject({ method: 'GET', url: aadhaar.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain('inline; filename=');
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);
    const unsigned = await app.inject({ method: 'GET', url: aadhaar.url.split('?')[0]! });
    expect(unsigned.statusCode).toBe(403);
    // A different first character (replacing it with a fixed one would leave 1 link in 64 unchanged).
    const tamperedUrl = aadhaar.url.replace(
      /sig=(.)/,
      (_, first: string) => `sig=${first === 'x' ? 'y' : 'x'}`,
    );
    const tampered = await app.inject({ method: 'GET', url: tamperedUrl });
    expect(tampered.statusCode).toBe(403);
    const signer = createDocumentSigner(jwtSecret);
    const expired = signer.url(tenant._id, aadhaar._id, new Date(Date.now() - 10 * 60_000));
    expect((await app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
    const verified = await put(`/api/tenants/${tenant._id}/documents/${aadhaar._id}`, { verified: true });
    expect(verified.json<{ data: TenantDocumentDto }>().data.verified).toBe(true);
    expect(mailsTo(outboxDir, tenant.user.email).some((mail) => mail.includes('verified'))).toBe(true);
    const removed = await call(
      app,
      'DELETE',
      `/api/tenants/${tenant._id}/documents/${aadhaar._id}`,
      auth(owner),
    );
    expect(removed.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: aadhaar.url })).statusCode).toBe(404);
    const after = await call(app, 'GET', `/api/tenants/${tenant._id}`, auth(owner));
    expect(after.json<{ data: TenantDto }>().data.documentsComplete).toBe(false);
  });
});

describe('the tenant themself', () => {
  it('sees their own tenancies with GET /tenants/me after setting a password', async () => {
    const unit = await freshUnit();
    const body = tenantBody(unit._id);
    await call(app, 'POST', '/api/tenants', { ...auth(owner), body });
    const token = tokenFromOutbox(outboxDir, body.userId.email, '/auth/reset-password');
    const reset = await call(app, 'PUT', `/api/auth/reset-password/${token}`, {
      body: { password: 'Tenant123!x' },
    });
    expect(reset.statusCode).toBeLessThan(300);
    const session = await login(app, body.userId.email, 'Tenant123!x');
    const mine = await call(app, 'GET', '/api/tenants/me', { token: session.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ data: TenantDto[] }>().data.map((row) => row.unit._id)).toEqual([unit._id]);
    expect(
      (await call(app, 'GET', '/api/tenants', { token: session.token })).statusCode,
    ).toBeGreaterThanOrEqual(400);
  });
});

describe('tenant codes', () => {
  it('generates (a new code replaces the old), fetches, validates publicly and stops after move-out', async () => {
    const unit = await freshUnit();
    const tenant = await addTenant(unit._id);
    const none = await call(app, 'GET', `/api/tenant-codes/${tenant._id}`, auth(owner));
    expect(none.statusCode).toBe(200);
    expect(none.json<{ data: unknown }>().data).toBeNull();
    const first = (await call(app, 'POST', `/api/tenant-codes/${tenant._id}/generate`, auth(owner))).json<{
      data: TenantCodeDto;
    }>().data;
    expect(first.tenantCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
    expect(first.portalUrl).toContain(`/tenant-portal/${first.tenantCode}?companyId=${owner.companyId}`);
    const second = (await call(app, 'POST', `/api/tenant-codes/${tenant._id}/generate`, auth(owner))).json<{
      data: TenantCodeDto;
    }>().data;
    expect(second.tenantCode).not.toBe(first.tenantCode);
    const fetched = await call(app, 'GET', `/api/tenant-codes/${tenant._id}`, auth(owner));
    expect(fetched.json<{ data: TenantCodeDto }>().data.tenantCode).toBe(second.tenantCode);
    const validate = (tenantCode: string, companyId?: string, remoteAddress = '10.0.0.1') =>
      app.inject({
        method: 'POST',
        url: '/api/tenant-codes/validate',
        payload: { tenantCode, companyId },
        remoteAddress,
      });
    const old = await validate(first.tenantCode, owner.companyId);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ success: false, error: 'Invalid tenant code' });
    const good = await validate(second.tenantCode.toLowerCase(), owner.companyId);
    expect(good.statusCode).toBe(200);
    const portal = good.json<{ data: TenantPortalDto }>().data;
    expect(portal).toMatchObject({
      firstName: 'Asha',
      unit: { unitNumber: unit.unitNumber },
      monthlyTotal: 1_350_000,
    });
    expect(good.body).not.toContain(tenant.user.email);
    expect(good.body).not.toContain(tenant._id);
    expect((await validate(second.tenantCode)).statusCode).toBe(200);
    expect((await validate(second.tenantCode, other.companyId)).statusCode).toBe(404);
    await put(`/api/tenants/${tenant._id}/move-out`, { moveOutDate: '2025-06-01' });
    expect((await validate(second.tenantCode, owner.companyId)).statusCode).toBe(404);
  });

  it('rate limits validation per IP (429) without affecting other addresses', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 35; attempt += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/tenant-codes/validate',
        payload: { tenantCode: 'ABCDEFGHJK' },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/tenant-codes/validate',
      payload: { tenantCode: 'ABCDEFGHJK' },
      remoteAddress: '10.9.9.10',
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
