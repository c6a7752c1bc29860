import type {
  MaintenancePublicRequestDto,
  MaintenanceRequestDto,
  PublicTicketCreatedDto,
  PublicTicketFormDto,
  PublicTicketTrackingDto,
  TenantMaintenanceOptionsDto,
  TicketFormDto,
} from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany, signUp } from '../../../test/factories';
import { createProperty } from '../properties/properties.testing';
import { makeImage } from '../uploads/uploads.testing';
import { PUBLIC_TICKETS_PER_IP } from './maintenance.forms';
import {
  as,
  createRequest,
  expectOk,
  type MaintenanceWorld,
  maintenanceWorld,
  saveAssignment,
  uploadMedia,
} from './maintenance.testing';

let app: FastifyInstance;
let owner: CompanySession;
let other: CompanySession;
let world: MaintenanceWorld;
let field: CompanySession;

/** Each test files from its own address, so the per-IP limits of one test do not touch another. */
const fromIp = () => ({
  'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
});

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'enterprise', name: `Public Fixit ${uuidv7().slice(-4)}` });
  other = await createCompany(app, { plan: 'enterprise' });
  world = await maintenanceWorld(app, owner);
  field = await addMember(app, owner, 'field_staff');
  await saveAssignment(app, owner, { maintenanceType: 'plumbing', assignees: [field.user._id] });
});

async function createForm(body: Record<string, unknown> = {}): Promise<TicketFormDto> {
  return expectOk(
    await call(app, 'POST', '/api/maintenance/forms', {
      ...as(owner),
      body: { name: 'Residents', propertyIds: [world.property._id], intro: 'Report a problem', ...body },
    }),
    201,
  ).data as TicketFormDto;
}

function ticket(formId: string, body: Record<string, unknown> = {}, headers = fromIp()) {
  return call(app, 'POST', `/api/public/ticket-forms/${formId}/tickets`, {
    headers,
    body: {
      name: 'Priya Resident',
      email: 'priya@example.test',
      phone: '+91 98000 00000',
      propertyId: world.property._id,
      rentalUnitId: world.unit._id,
      type: 'plumbing',
      title: 'Bathroom tap leaking',
      description: 'Since yesterday',
      ...body,
    },
  });
}

describe('public ticket forms', () => {
  it('shows the form with the company name, its properties, units and active types, and nothing private', async () => {
    const form = await createForm();
    expect(form.publicUrl).toContain(`/create-ticket/${form._id}`);
    const response = await call(app, 'GET', `/api/public/ticket-forms/${form._id}`);
    const data = expectOk(response).data as PublicTicketFormDto;
    expect(data.companyName).toBe(owner.company.name);
    expect(data.properties.map((p) => p._id)).toEqual([world.property._id]);
    expect(data.properties[0]!.units.map((u) => u._id)).toEqual([world.unit._id]);
    expect(data.types.length).toBe(11);
    expect(response.body).not.toContain(owner.user.email);
    expect(response.body).not.toContain(owner.companyId);
    const foreignProperty = await createProperty(app, other);
    const refused = await call(app, 'POST', '/api/maintenance/forms', {
      ...as(owner),
      body: { name: 'Bad', propertyIds: [foreignProperty._id] },
    });
    expect(refused.statusCode).toBe(400);
    expect(
      (
        await call(app, 'PUT', `/api/maintenance/forms/${form._id}`, {
          ...as(other),
          body: { enabled: false },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('files a ticket that is auto-assigned; tracking shows public comments but never internal notes', async () => {
    const form = await createForm();
    const created = expectOk(await ticket(form._id), 201).data as PublicTicketCreatedDto;
    expect(created.ticketNumber).toMatch(/^MR-\d{6}$/);
    expect(created.trackingToken.length).toBeGreaterThanOrEqual(20);

    const list = await call(app, 'GET', '/api/maintenance/requests', {
      ...as(owner),
      query: { source: 'public' },
    });
    const request = list
      .json<{ data: MaintenanceRequestDto[] }>()
      .data.find((r) => r.requestNumber === created.ticketNumber)!;
    expect(request).toMatchObject({
      status: 'assigned',
      assignee: { _id: field.user._id },
      source: 'public',
    });
    const staffNotified = await call(app, 'GET', '/api/inapp-notifications/user', as(owner));
    expect(staffNotified.body).toContain(created.ticketNumber);

    await call(app, 'POST', `/api/maintenance/requests/${request._id}/comments`, {
      ...as(owner),
      body: { comment: 'A plumber comes at 10' },
    });
    await call(app, 'POST', `/api/maintenance/requests/${request._id}/notes`, {
      ...as(owner),
      body: { note: 'INTERNAL-ONLY previous tenant broke it' },
    });
    await call(app, 'PUT', `/api/maintenance/requests/${request._id}/status`, {
      ...as(owner),
      body: { status: 'in_progress', notes: 'INTERNAL-STATUS vendor quote 4500' },
    });
    const tracking = await call(app, 'GET', `/api/public/tickets/${created.trackingToken}`, {
      headers: fromIp(),
    });
    const tracked = expectOk(tracking).data as PublicTicketTrackingDto;
    expect(tracked).toMatchObject({
      ticketNumber: created.ticketNumber,
      status: 'in_progress',
      companyName: owner.company.name,
    });
    expect(tracked.comments.map((c) => c.text)).toEqual(['A plumber comes at 10']);
    expect(tracking.body).not.toContain('INTERNAL');
    expect(
      (await call(app, 'GET', `/api/public/tickets/${'x'.repeat(32)}`, { headers: fromIp() })).statusCode,
    ).toBe(404);

    const photos = await uploadMedia(
      app,
      `/api/public/tickets/${created.trackingToken}/media`,
      [{ filename: 'tap.jpg', contentType: 'image/jpeg', data: await makeImage() }],
      undefined,
      fromIp(),
    );
    expect(expectOk(photos, 201).data).toEqual({ count: 1 });
  });

  it('refuses properties and types outside the form (400), a disabled form (404) and the honeypot', async () => {
    const otherProperty = await createProperty(app, owner);
    const form = await createForm({ typeIds: [world.types.find((t) => t.key === 'plumbing')!._id] });
    expect((await ticket(form._id, { propertyId: otherProperty._id, rentalUnitId: null })).statusCode).toBe(
      400,
    );
    expect((await ticket(form._id, { type: 'electrical' })).statusCode).toBe(400);
    expect((await ticket(form._id, { website: 'http://spam.example' })).statusCode).toBe(400);
    expect((await ticket(form._id, { email: 'not-an-email' })).statusCode).toBe(400);
    await call(app, 'PUT', `/api/maintenance/forms/${form._id}`, { ...as(owner), body: { enabled: false } });
    expect((await call(app, 'GET', `/api/public/ticket-forms/${form._id}`)).statusCode).toBe(404);
    expect((await ticket(form._id)).statusCode).toBe(404);
    expect((await call(app, 'GET', `/api/public/ticket-forms/${uuidv7()}`)).statusCode).toBe(404);
    const deleted = await call(app, 'DELETE', `/api/maintenance/forms/${form._id}`, as(owner));
    expect(deleted.statusCode).toBe(200);
  });

  it('limits tickets per IP (429)', async () => {
    const form = await createForm();
    const headers = fromIp();
    for (let i = 0; i < PUBLIC_TICKETS_PER_IP; i++) {
      expect((await ticket(form._id, {}, headers)).statusCode).toBe(201);
    }
    const limited = await ticket(form._id, {}, headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});

describe('the tenant side', () => {
  let tenant: { token: string; user: { _id: string } };
  let outsider: { token: string };
  let tenancyId: string;

  beforeAll(async () => {
    const person = await signUp(app);
    tenant = person;
    outsider = await signUp(app);
    const created = await call(app, 'POST', '/api/tenants', {
      ...as(owner),
      body: {
        rentalUnitId: world.unit._id,
        userId: person.user._id,
        occupancyDetails: { moveInDate: '2025-01-01' },
        agreementDetails: { rentAmount: 1_500_000, leaseStartDate: '2025-01-01', leaseEndDate: '2027-12-31' },
      },
    });
    if (created.statusCode !== 201) throw new Error(created.body);
    tenancyId = created.json<{ data: { _id: string } }>().data._id;
  });

  it('files requests only for the current unit, and sees only its own without internal notes', async () => {
    const options = expectOk(await call(app, 'GET', '/api/maintenance/my/options', { token: tenant.token }))
      .data as TenantMaintenanceOptionsDto;
    expect(options.units.map((u) => u.rentalUnitId)).toEqual([world.unit._id]);
    expect(options.units[0]!.types.length).toBe(11);

    const created = expectOk(
      await call(app, 'POST', '/api/maintenance/my/requests', {
        token: tenant.token,
        body: { rentalUnitId: world.unit._id, type: 'plumbing', title: 'Geyser not heating' },
      }),
      201,
    ).data as MaintenancePublicRequestDto;
    expect(created).toMatchObject({
      source: 'tenant',
      status: 'assigned',
      rentalUnit: { _id: world.unit._id },
    });
    const elsewhere = await call(app, 'POST', '/api/maintenance/my/requests', {
      token: outsider.token,
      body: { rentalUnitId: world.unit._id, type: 'plumbing', title: 'Not my unit' },
    });
    expect(elsewhere.statusCode).toBe(404);

    await call(app, 'POST', `/api/maintenance/requests/${created._id}/notes`, {
      ...as(owner),
      body: { note: 'HIDDEN-NOTE check deposit' },
    });
    await call(app, 'POST', `/api/maintenance/requests/${created._id}/comments`, {
      ...as(owner),
      body: { comment: 'Technician assigned' },
    });
    await call(app, 'PUT', `/api/maintenance/requests/${created._id}/status`, {
      ...as(owner),
      body: { status: 'in_progress', notes: 'HIDDEN-STATUS-NOTE' },
    });
    const mine = await call(app, 'GET', `/api/maintenance/my/requests/${created._id}`, {
      token: tenant.token,
    });
    const detail = expectOk(mine).data as MaintenancePublicRequestDto;
    expect(detail.comments.map((c) => c.text)).toEqual(['Technician assigned']);
    expect(mine.body).not.toContain('HIDDEN');
    const list = await call(app, 'GET', '/api/maintenance/my/requests', { token: tenant.token });
    expect(list.json<{ data: { _id: string }[] }>().data.map((r) => r._id)).toEqual([created._id]);
    expect(list.body).not.toContain('HIDDEN');
    expect(
      (await call(app, 'GET', `/api/maintenance/my/requests/${created._id}`, { token: outsider.token }))
        .statusCode,
    ).toBe(404);

    const staffFiled = await createRequest(app, owner, world);
    expect(
      (await call(app, 'GET', `/api/maintenance/my/requests/${staffFiled._id}`, { token: tenant.token }))
        .statusCode,
    ).toBe(404);

    const commented = await call(app, 'POST', `/api/maintenance/my/requests/${created._id}/comments`, {
      token: tenant.token,
      body: { comment: 'Thank you' },
    });
    expect((expectOk(commented, 201).data as MaintenancePublicRequestDto).comments.at(-1)).toMatchObject({
      text: 'Thank you',
      author: { type: 'tenant' },
    });
    const photo = await uploadMedia(
      app,
      `/api/maintenance/my/requests/${created._id}/media`,
      [{ filename: 'geyser.png', contentType: 'image/png', data: await makeImage({ format: 'png' }) }],
      { token: tenant.token },
    );
    expect((expectOk(photo, 201).data as MaintenancePublicRequestDto).media).toHaveLength(1);
    const staff = expectOk(await call(app, 'GET', `/api/maintenance/requests/${created._id}`, as(owner)))
      .data as MaintenanceRequestDto;
    expect(staff.internalNotes.map((n) => n.text)).toEqual(['HIDDEN-NOTE check deposit']);
  });

  it('files and follows requests from the tenant portal by code, without internal notes', async () => {
    const code = expectOk(await call(app, 'POST', `/api/tenant-codes/${tenancyId}/generate`, as(owner)))
      .data as {
      tenantCode: string;
    };
    const base = `/api/maintenance/tenant-portal/${code.tenantCode}`;
    const query = { companyId: owner.companyId };
    const filed = await call(app, 'POST', `${base}/requests`, {
      query,
      headers: fromIp(),
      body: { type: 'electrical', title: 'Switch sparks', description: 'Bedroom switch' },
    });
    const request = expectOk(filed, 201).data as MaintenancePublicRequestDto;
    expect(request).toMatchObject({ source: 'tenant', rentalUnit: { _id: world.unit._id } });
    await call(app, 'POST', `/api/maintenance/requests/${request._id}/notes`, {
      ...as(owner),
      body: { note: 'PORTAL-HIDDEN electrician is expensive' },
    });
    const commented = await call(app, 'POST', `${base}/requests/${request._id}/comments`, {
      query,
      headers: fromIp(),
      body: { comment: 'Please come after 5 pm' },
    });
    expect(commented.statusCode).toBe(201);
    const view = await call(app, 'GET', base, { query, headers: fromIp() });
    const data = expectOk(view).data as { requests: { _id: string }[]; types: unknown[]; unitNumber: string };
    expect(data.requests.map((r) => r._id)).toContain(request._id);
    expect(data.types.length).toBe(11);
    expect(view.body).not.toContain('PORTAL-HIDDEN');
    const staffFiled = await createRequest(app, owner, world);
    expect(
      (
        await call(app, 'POST', `${base}/requests/${staffFiled._id}/comments`, {
          query,
          headers: fromIp(),
          body: { comment: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(app, 'GET', '/api/maintenance/tenant-portal/NOPE1234', { headers: fromIp() })).statusCode,
    ).toBe(404);
    expect(
      (await call(app, 'GET', base, { query: { companyId: other.companyId }, headers: fromIp() })).statusCode,
    ).toBe(404);
  });
});
