import {
  CHAT_MOVED_OUT_MESSAGE,
  type ChatChannelDto,
  type ChatMessageDto,
  type TenantDto,
} from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany, type Session, signUp } from '../../../test/factories';
import { auth, createProperty, createUnit } from '../properties/properties.testing';
import { multipart } from '../uploads/uploads.testing';

let app: FastifyInstance;
let owner: CompanySession;
let manager: CompanySession;
let fieldStaff: CompanySession;
let other: CompanySession;
let tenant: Session;
let neighbour: Session;
let tenancy: TenantDto;
let propertyId: string;
let units = 0;

async function addTenancy(person: Session, company = owner): Promise<TenantDto> {
  units += 1;
  const property = company === owner ? propertyId : (await createProperty(app, company))._id;
  const unit = await createUnit(app, company, property, {
    unitNumber: `C-${units}`,
    pricing: { rent: 1_000_000 },
  });
  const response = await call(app, 'POST', '/api/tenants', {
    ...auth(company),
    body: {
      rentalUnitId: unit._id,
      userId: person.user._id,
      occupancyDetails: { moveInDate: '2025-01-01' },
      agreementDetails: { rentAmount: 1_000_000, leaseStartDate: '2025-01-01', leaseEndDate: '2026-12-31' },
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: TenantDto }>().data;
}

async function conversations(session: Session): Promise<ChatChannelDto[]> {
  const response = await call(app, 'GET', '/api/chat/tenancies', { token: session.token });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: ChatChannelDto[] }>().data;
}

async function staffChannels(session: CompanySession): Promise<ChatChannelDto[]> {
  const response = await call(app, 'GET', '/api/chat/channels', auth(session));
  expect(response.statusCode).toBe(200);
  return response.json<{ data: ChatChannelDto[] }>().data;
}

const tenantPost = (session: Session, tenancyId: string, body: string) =>
  call(app, 'POST', `/api/chat/tenancies/${tenancyId}/messages`, { token: session.token, body: { body } });

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'enterprise' });
  manager = await addMember(app, owner, 'manager');
  fieldStaff = await addMember(app, owner, 'field_staff');
  other = await createCompany(app, { plan: 'enterprise' });
  propertyId = (await createProperty(app, owner, { name: 'Chat Court' }))._id;
  tenant = await signUp(app);
  neighbour = await signUp(app);
  tenancy = await addTenancy(tenant);
  await addTenancy(neighbour);
});

describe('tenancy conversations', () => {
  it('makes one conversation per tenancy on demand; the tenant sees only their own', async () => {
    const first = await conversations(tenant);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ kind: 'tenancy', unreadCount: 0 });
    expect(first[0]!.tenancy).toMatchObject({
      _id: tenancy._id,
      propertyName: 'Chat Court',
      movedOut: false,
    });
    expect((await conversations(tenant)).map((c) => c._id)).toEqual([first[0]!._id]);
    const theirs = await conversations(neighbour);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!._id).not.toBe(first[0]!._id);
    // Another person's tenancy is not found, read or write.
    expect(
      (await call(app, 'GET', `/api/chat/tenancies/${tenancy._id}/messages`, { token: neighbour.token }))
        .statusCode,
    ).toBe(404);
    expect((await tenantPost(neighbour, tenancy._id, 'hello?')).statusCode).toBe(404);
  });

  it('a tenant writes, staff with tenants_read read and reply, staff without it never see it', async () => {
    const sent = await tenantPost(tenant, tenancy._id, 'The geyser is leaking');
    expect(sent.statusCode).toBe(201);
    const channel = (await staffChannels(manager)).find((c) => c.tenancy?._id === tenancy._id);
    expect(channel).toBeDefined();
    expect(channel!.unreadCount).toBe(1);
    expect(channel!.name).toContain(`${tenant.user.firstName}`);
    expect((await staffChannels(fieldStaff)).some((c) => c.kind === 'tenancy')).toBe(false);
    const hidden = await call(app, 'GET', `/api/chat/channels/${channel!._id}/messages`, auth(fieldStaff));
    expect(hidden.statusCode).toBe(404);
    expect(
      (
        await call(app, 'POST', `/api/chat/channels/${channel!._id}/messages`, {
          ...auth(fieldStaff),
          body: { body: 'x' },
        })
      ).statusCode,
    ).toBe(404);

    const reply = await call(app, 'POST', `/api/chat/channels/${channel!._id}/messages`, {
      ...auth(manager),
      body: { body: 'A plumber comes tomorrow' },
    });
    expect(reply.statusCode).toBe(201);
    const mine = (await conversations(tenant))[0]!;
    expect(mine.unreadCount).toBe(1);
    const page = await call(app, 'GET', `/api/chat/tenancies/${tenancy._id}/messages`, {
      token: tenant.token,
    });
    expect(page.json<{ data: ChatMessageDto[] }>().data.map((m) => m.body)).toEqual([
      'A plumber comes tomorrow',
      'The geyser is leaking',
    ]);
    const read = await call(app, 'POST', `/api/chat/tenancies/${tenancy._id}/read`, { token: tenant.token });
    expect(read.json<{ data: ChatChannelDto }>().data.unreadCount).toBe(0);
    // The reply told the tenant in-app.
    const inbox = await call(app, 'GET', '/api/inapp-notifications/user', { token: tenant.token });
    expect(inbox.body).toContain('chat.tenant_reply');
  });

  it('takes attachments with the same checks as chat', async () => {
    const bad = multipart(
      [
        {
          field: 'files',
          filename: 'x.exe',
          contentType: 'application/octet-stream',
          data: Buffer.from('MZ nope'),
        },
      ],
      {
        body: 'see attached',
      },
    );
    const refused = await app.inject({
      method: 'POST',
      url: `/api/chat/tenancies/${tenancy._id}/messages`,
      headers: { authorization: `Bearer ${tenant.token}`, ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(415);
    const pdf = multipart(
      [
        {
          field: 'files',
          filename: 'bill.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF-1.4\n%%EOF\n'),
        },
      ],
      { body: '' },
    );
    const sent = await app.inject({
      method: 'POST',
      url: `/api/chat/tenancies/${tenancy._id}/messages`,
      headers: { authorization: `Bearer ${tenant.token}`, ...pdf.headers },
      payload: pdf.payload,
    });
    expect(sent.statusCode).toBe(201);
    const file = sent.json<{ data: ChatMessageDto }>().data.attachments[0]!;
    expect(file.kind).toBe('pdf');
    const path = new URL(file.url, 'http://x').pathname;
    const asTenant = await app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Bearer ${tenant.token}` },
    });
    expect(asTenant.statusCode).toBe(200);
    const asNeighbour = await app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Bearer ${neighbour.token}` },
    });
    expect(asNeighbour.statusCode).toBe(403);
  });

  it('is read-only once the tenant moved out: 403 with a clear message', async () => {
    const out = await call(app, 'PUT', `/api/tenants/${tenancy._id}/move-out`, {
      ...auth(owner),
      body: { moveOutDate: '2026-06-30', reason: 'Lease over' },
    });
    expect(out.statusCode).toBe(200);
    const [conversation] = await conversations(tenant);
    expect(conversation!.tenancy?.movedOut).toBe(true);
    const page = await call(app, 'GET', `/api/chat/tenancies/${tenancy._id}/messages`, {
      token: tenant.token,
    });
    expect(page.statusCode).toBe(200);
    const refused = await tenantPost(tenant, tenancy._id, 'One more thing');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', error: CHAT_MOVED_OUT_MESSAGE });
  });

  it('keeps companies apart: another company never sees the conversation', async () => {
    expect((await staffChannels(other)).some((c) => c.kind === 'tenancy')).toBe(false);
    const [conversation] = await conversations(tenant);
    const foreign = await call(app, 'GET', `/api/chat/channels/${conversation!._id}/messages`, auth(other));
    expect(foreign.statusCode).toBe(404);
    // A tenant of two companies has one conversation per tenancy, each with its company.
    const second = await addTenancy(tenant, other);
    const list = await conversations(tenant);
    expect(list.map((c) => c.tenancy?._id).sort()).toEqual([tenancy._id, second._id].sort());
    expect(
      (await staffChannels(other)).filter((c) => c.kind === 'tenancy').map((c) => c.tenancy?._id),
    ).toEqual([second._id]);
  });
});
