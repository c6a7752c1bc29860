import type {
  AssignmentDto,
  AvailableUserDto,
  MaintenanceRequestDto,
  MaintenanceRequestListItemDto,
  MaintenanceStatsDto,
  MaintenanceTypeDto,
} from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { addMember, type CompanySession, createCompany } from '../../../test/factories';
import { makeImage } from '../uploads/uploads.testing';
import {
  as,
  createRequest,
  expectOk,
  type MaintenanceWorld,
  maintenanceWorld,
  PDF,
  saveAssignment,
  uploadMedia,
} from './maintenance.testing';

let app: FastifyInstance;
let owner: CompanySession;
let other: CompanySession;
let world: MaintenanceWorld;

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'enterprise' });
  other = await createCompany(app, { plan: 'enterprise' });
  world = await maintenanceWorld(app, owner);
});

describe('maintenance types', () => {
  it('creates the defaults once: a second call adds nothing', async () => {
    const company = await createCompany(app, { plan: 'enterprise' });
    const first = await call(app, 'POST', '/api/maintenance/types/create-defaults', {
      ...as(company),
      body: { companyId: company.companyId },
    });
    const body = expectOk(first);
    expect(body.message).toBe('Default maintenance types created successfully');
    const keys = (body.data as MaintenanceTypeDto[]).map((type) => type.key).sort();
    expect(keys).toEqual(
      [
        'appliance',
        'carpentry',
        'cleaning',
        'electrical',
        'hvac',
        'lift',
        'other',
        'painting',
        'pest-control',
        'plumbing',
        'security',
      ].sort(),
    );
    const second = await call(app, 'POST', '/api/maintenance/types/create-defaults', {
      ...as(company),
      body: { companyId: company.companyId },
    });
    expect((expectOk(second).data as MaintenanceTypeDto[]).length).toBe(11);
    const otherCompany = await call(app, 'POST', '/api/maintenance/types/create-defaults', {
      ...as(company),
      body: { companyId: other.companyId },
    });
    expect(otherCompany.statusCode).toBe(404);
  });

  it('creates, updates, toggles and deletes with the spec messages', async () => {
    const created = await call(app, 'POST', '/api/maintenance/types', {
      ...as(owner),
      body: { name: 'Water Tank', slaHours: 12, defaultPriority: 'high' },
    });
    const createdBody = expectOk(created, 201);
    expect(createdBody.message).toBe('Maintenance type created successfully');
    const type = createdBody.data as MaintenanceTypeDto;
    expect(type).toMatchObject({ key: 'water-tank', isActive: true, slaHours: 12, company: owner.companyId });
    const duplicate = await call(app, 'POST', '/api/maintenance/types', {
      ...as(owner),
      body: { name: 'Again', key: 'water-tank' },
    });
    expect(duplicate.statusCode).toBe(409);

    const updated = await call(app, 'PUT', `/api/maintenance/types/single/${type._id}`, {
      ...as(owner),
      body: { description: 'Overhead and sump tanks' },
    });
    expect(expectOk(updated).message).toBe('Maintenance type updated successfully');
    const off = await call(app, 'PATCH', `/api/maintenance/types/single/${type._id}/toggle`, as(owner));
    expect(expectOk(off).message).toBe('Maintenance type deactivated successfully');
    const on = await call(app, 'PATCH', `/api/maintenance/types/single/${type._id}/toggle`, as(owner));
    expect(expectOk(on).message).toBe('Maintenance type activated successfully');

    const active = await call(app, 'GET', `/api/maintenance/types/${owner.companyId}`, {
      ...as(owner),
      query: { isActive: 'true' },
    });
    expect((expectOk(active).data as MaintenanceTypeDto[]).some((t) => t._id === type._id)).toBe(true);
    expect((await call(app, 'GET', `/api/maintenance/types/single/${type._id}`, as(other))).statusCode).toBe(
      404,
    );
    expect((await call(app, 'GET', `/api/maintenance/types/${owner.companyId}`, as(other))).statusCode).toBe(
      404,
    );

    const deleted = await call(app, 'DELETE', `/api/maintenance/types/single/${type._id}`, as(owner));
    expect(expectOk(deleted).message).toBe('Maintenance type deleted successfully');
    const used = expectOk(
      await call(app, 'POST', '/api/maintenance/types', { ...as(owner), body: { name: 'Used type' } }),
      201,
    ).data as MaintenanceTypeDto;
    await createRequest(app, owner, world, { type: used.key });
    const inUse = await call(app, 'DELETE', `/api/maintenance/types/single/${used._id}`, as(owner));
    expect(inUse.statusCode).toBe(409);
  });
});

describe('maintenance requests', () => {
  beforeAll(async () => {
    await createRequest(app, owner, world);
  });

  it('numbers requests per company, dates them by the SLA and lists them in the maintenance pagination shape', async () => {
    const first = await createRequest(app, owner, world, { type: 'electrical', priority: 'urgent' });
    const second = await createRequest(app, owner, world, { type: 'electrical' });
    expect(first.requestNumber).toMatch(/^MR-\d{6}$/);
    expect(Number(second.requestNumber.slice(3))).toBe(Number(first.requestNumber.slice(3)) + 1);
    const hours = (new Date(first.dueDate!).getTime() - new Date(first.createdAt).getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
    expect(first).toMatchObject({ status: 'open', priority: 'urgent', source: 'staff', assignee: null });
    expect(second.priority).toBe('high');

    const list = await call(app, 'GET', '/api/maintenance/requests', { ...as(owner), query: { limit: '2' } });
    const body = list.json<{ data: MaintenanceRequestListItemDto[]; pagination: Record<string, number> }>();
    expect(list.statusCode).toBe(200);
    expect(Object.keys(body.pagination).sort()).toEqual([
      'currentPage',
      'itemsPerPage',
      'totalItems',
      'totalPages',
    ]);
    expect(body.pagination).toMatchObject({ currentPage: 1, itemsPerPage: 2 });
    expect(body.pagination.totalItems).toBeGreaterThanOrEqual(3);
    expect(body.data).toHaveLength(2);

    const filtered = await call(app, 'GET', '/api/maintenance/requests', {
      ...as(owner),
      query: { 'priority[]': ['urgent'], type: 'electrical', search: first.requestNumber },
    });
    expect(filtered.json<{ data: MaintenanceRequestListItemDto[] }>().data.map((r) => r._id)).toEqual([
      first._id,
    ]);
    const defaultPage = await call(app, 'GET', '/api/maintenance/requests', as(owner));
    expect(defaultPage.json<{ pagination: { itemsPerPage: number } }>().pagination.itemsPerPage).toBe(10);
    const otherList = await call(app, 'GET', '/api/maintenance/requests', as(other));
    expect(otherList.json<{ data: unknown[] }>().data).toEqual([]);
    expect((await call(app, 'GET', `/api/maintenance/requests/${first._id}`, as(other))).statusCode).toBe(
      404,
    );
    const badStatus = await call(app, 'GET', '/api/maintenance/requests', {
      ...as(owner),
      query: { status: 'nope' },
    });
    expect(badStatus.statusCode).toBe(400);
  });

  it('refuses a property or unit of another company and an unknown type with 400', async () => {
    const otherWorld = await maintenanceWorld(app, other);
    for (const body of [
      { propertyId: otherWorld.property._id, rentalUnitId: undefined },
      { rentalUnitId: otherWorld.unit._id },
      { type: 'no-such-type' },
    ]) {
      const response = await call(app, 'POST', '/api/maintenance/requests', {
        ...as(owner),
        body: { title: 'Bad', type: 'plumbing', propertyId: world.property._id, ...body },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('allows only the listed transitions: 409 otherwise, 400 for an unknown status', async () => {
    const request = await createRequest(app, owner, world);
    const move = (status: string, notes?: string) =>
      call(app, 'PUT', `/api/maintenance/requests/${request._id}/status`, {
        ...as(owner),
        body: { status, notes },
      });
    expect((await move('resolved')).statusCode).toBe(409);
    expect((await move('assigned')).statusCode).toBe(409);
    expect((await move('finished')).statusCode).toBe(400);
    for (const status of ['in_progress', 'on_hold', 'in_progress', 'resolved', 'in_progress', 'resolved']) {
      expect((await move(status, `to ${status}`)).statusCode, status).toBe(200);
    }
    const closed = expectOk(await move('closed')).data as MaintenanceRequestDto;
    expect(closed.status).toBe('closed');
    expect(closed.closedAt).not.toBeNull();
    expect(closed.allowedStatuses).toEqual([]);
    expect((await move('in_progress')).statusCode).toBe(409);
    expect(closed.timeline.filter((e) => e.kind === 'status').map((e) => e.toStatus)).toEqual([
      'in_progress',
      'on_hold',
      'in_progress',
      'resolved',
      'in_progress',
      'resolved',
      'closed',
    ]);
  });

  it('assigns only active members who may work maintenance', async () => {
    const field = await addMember(app, owner, 'field_staff');
    const sales = await addMember(app, owner, 'sales_agent');
    const request = await createRequest(app, owner, world);
    const refused = await call(app, 'PUT', `/api/maintenance/requests/${request._id}/assign`, {
      ...as(owner),
      body: { userId: sales.user._id },
    });
    expect(refused.statusCode).toBe(400);
    const stranger = await call(app, 'PUT', `/api/maintenance/requests/${request._id}/assign`, {
      ...as(owner),
      body: { userId: other.user._id },
    });
    expect(stranger.statusCode).toBe(400);
    const assigned = expectOk(
      await call(app, 'PUT', `/api/maintenance/requests/${request._id}/assign`, {
        ...as(owner),
        body: { userId: field.user._id },
      }),
    ).data as MaintenanceRequestDto;
    expect(assigned).toMatchObject({ status: 'assigned', assignee: { _id: field.user._id } });
    // Field staff may not assign (maintenance_assign) but may work the request.
    const fieldAssign = await call(app, 'PUT', `/api/maintenance/requests/${request._id}/assign`, {
      ...as(field),
      body: { userId: field.user._id },
    });
    expect(fieldAssign.statusCode).toBe(403);
    const started = await call(app, 'PUT', `/api/maintenance/requests/${request._id}/status`, {
      ...as(field),
      body: { status: 'in_progress' },
    });
    expect(started.statusCode).toBe(200);
    const notifications = await call(app, 'GET', '/api/inapp-notifications/user', as(field));
    expect(JSON.stringify(notifications.json())).toContain(request.requestNumber);
  });

  it('keeps public comments and internal notes apart', async () => {
    const request = await createRequest(app, owner, world);
    await call(app, 'POST', `/api/maintenance/requests/${request._id}/comments`, {
      ...as(owner),
      body: { comment: 'We will come on Monday' },
    });
    const noted = await call(app, 'POST', `/api/maintenance/requests/${request._id}/notes`, {
      ...as(owner),
      body: { note: 'Landlord pays for this one' },
    });
    const detail = expectOk(noted, 201).data as MaintenanceRequestDto;
    expect(detail.comments.map((c) => c.text)).toEqual(['We will come on Monday']);
    expect(detail.internalNotes.map((c) => c.text)).toEqual(['Landlord pays for this one']);
    expect(detail.timeline.find((e) => e.kind === 'note')?.visibility).toBe('internal');
    const empty = await call(app, 'POST', `/api/maintenance/requests/${request._id}/comments`, {
      ...as(owner),
      body: { comment: '   ' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('edits fields and watchers and records the change in the timeline', async () => {
    const manager = await addMember(app, owner, 'manager');
    const request = await createRequest(app, owner, world);
    const updated = expectOk(
      await call(app, 'PUT', `/api/maintenance/requests/${request._id}`, {
        ...as(owner),
        body: { title: 'Kitchen leak', priority: 'high', watcherIds: [manager.user._id] },
      }),
    ).data as MaintenanceRequestDto;
    expect(updated).toMatchObject({ title: 'Kitchen leak', priority: 'high' });
    expect(updated.watchers.map((w) => w._id)).toEqual([manager.user._id]);
    expect(updated.timeline.at(-1)).toMatchObject({ kind: 'updated', visibility: 'internal' });
    const badWatcher = await call(app, 'PUT', `/api/maintenance/requests/${request._id}`, {
      ...as(owner),
      body: { watcherIds: [other.user._id] },
    });
    expect(badWatcher.statusCode).toBe(400);
  });

  it('accepts photos, videos and PDFs told by their bytes and serves them by short-lived signed links', async () => {
    const request = await createRequest(app, owner, world);
    const url = `/api/maintenance/requests/${request._id}/media`;
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(32)]);
    const response = await uploadMedia(
      app,
      url,
      [
        { filename: 'leak.jpg', contentType: 'image/jpeg', data: await makeImage() },
        { filename: 'quote.pdf', contentType: 'application/pdf', data: PDF },
        { filename: 'clip.mp4', contentType: 'video/mp4', data: mp4 },
      ],
      as(owner),
    );
    const detail = expectOk(response, 201).data as MaintenanceRequestDto;
    expect(detail.media.map((m) => m.kind)).toEqual(['image', 'pdf', 'video']);
    const file = await app.inject({ method: 'GET', url: detail.media[1]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const tampered = detail.media[1]!.url.replace(/sig=.{4}/, 'sig=AAAA');
    expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const unsigned = detail.media[1]!.url.split('?')[0]!;
    expect((await app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(403);

    const fake = await uploadMedia(
      app,
      url,
      [{ filename: 'photo.jpg', contentType: 'image/jpeg', data: Buffer.from('<script>alert(1)</script>') }],
      as(owner),
    );
    expect(fake.statusCode).toBe(415);
    const json = await call(app, 'POST', url, { ...as(owner), body: { media: [] } });
    expect(json.statusCode).toBe(415);
    const foreign = await uploadMedia(
      app,
      url,
      [{ filename: 'a.pdf', contentType: 'application/pdf', data: PDF }],
      as(other),
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('answers statistics by status, priority, type, source and month', async () => {
    const stats = expectOk(await call(app, 'GET', '/api/maintenance/requests/stats', as(owner)))
      .data as MaintenanceStatsDto;
    expect(stats.total).toBeGreaterThan(3);
    expect(stats.byStatus.closed).toBeGreaterThanOrEqual(1);
    expect(stats.byMonth).toHaveLength(12);
    expect(stats.byMonth.at(-1)!.created).toBeGreaterThan(0);
    expect(stats.byType.some((t) => t.name === 'Plumbing')).toBe(true);
    expect(stats.averageResolutionHours).not.toBeNull();
    const empty = expectOk(await call(app, 'GET', '/api/maintenance/requests/stats', as(other)))
      .data as MaintenanceStatsDto;
    expect(empty.total).toBe(0);
  });
});

describe('assignments and auto-assignment', () => {
  let company: CompanySession;
  let place: MaintenanceWorld;
  let first: CompanySession;
  let second: CompanySession;

  beforeAll(async () => {
    company = await createCompany(app, { plan: 'enterprise' });
    place = await maintenanceWorld(app, company);
    first = await addMember(app, company, 'field_staff');
    second = await addMember(app, company, 'field_staff');
  });

  it('saves an assignment with the spec messages and lists available users', async () => {
    const saved = await call(app, 'POST', '/api/maintenance/assignments', {
      ...as(company),
      body: {
        companyId: company.companyId,
        maintenanceType: 'plumbing',
        assignees: [first.user._id, second.user._id],
        watchers: [company.user._id],
        settings: { autoAssign: true, strategy: 'round_robin' },
      },
    });
    const body = expectOk(saved);
    expect(body.message).toBe('Assignment saved successfully');
    const assignment = body.data as AssignmentDto;
    expect(assignment.assignees.map((a) => a.userId)).toEqual([first.user._id, second.user._id]);
    expect(assignment.settings).toMatchObject({
      autoAssign: true,
      strategy: 'round_robin',
      notifyWatchers: true,
    });

    const byType = await call(
      app,
      'GET',
      `/api/maintenance/assignments/${company.companyId}/type/plumbing`,
      as(company),
    );
    expect((expectOk(byType).data as AssignmentDto)._id).toBe(assignment._id);
    const available = expectOk(
      await call(app, 'GET', `/api/maintenance/assignments/${assignment._id}/available-users`, as(company)),
    ).data as AvailableUserDto[];
    expect(available.map((u) => u._id)).toContain(company.user._id);
    expect(available.map((u) => u._id)).not.toContain(first.user._id);

    const base = `/api/maintenance/assignments/${assignment._id}`;
    const sales = await addMember(app, company, 'sales_agent');
    expect(
      (await call(app, 'POST', `${base}/assignees`, { ...as(company), body: { userId: sales.user._id } }))
        .statusCode,
    ).toBe(400);
    expect(
      expectOk(
        await call(app, 'POST', `${base}/assignees`, { ...as(company), body: { userId: company.user._id } }),
      ).message,
    ).toBe('Assignee added successfully');
    expect(
      expectOk(
        await call(app, 'PATCH', `${base}/assignees/${company.user._id}/status`, {
          ...as(company),
          body: { isActive: false },
        }),
      ).message,
    ).toBe('Assignee status updated successfully');
    expect(
      expectOk(await call(app, 'DELETE', `${base}/assignees/${company.user._id}`, as(company))).message,
    ).toBe('Assignee removed successfully');
    expect(
      expectOk(
        await call(app, 'POST', `${base}/watchers`, { ...as(company), body: { userId: first.user._id } }),
      ).message,
    ).toBe('Watcher added successfully');
    expect(
      expectOk(await call(app, 'DELETE', `${base}/watchers/${first.user._id}`, as(company))).message,
    ).toBe('Watcher removed successfully');
    expect(
      expectOk(
        await call(app, 'PATCH', `${base}/settings`, {
          ...as(company),
          body: { settings: { notifyWatchers: true } },
        }),
      ).message,
    ).toBe('Settings updated successfully');
    const list = expectOk(
      await call(app, 'GET', `/api/maintenance/assignments/${company.companyId}`, as(company)),
    ).data as AssignmentDto[];
    expect(list.map((a) => a._id)).toEqual([assignment._id]);
    expect((await call(app, 'GET', `${base}/available-users`, as(other))).statusCode).toBe(404);
    expect(
      (await call(app, 'GET', `/api/maintenance/assignments/${company.companyId}`, as(other))).statusCode,
    ).toBe(404);
  });

  it('assigns new requests round robin at creation and skips inactive assignees', async () => {
    await saveAssignment(app, company, {
      maintenanceType: 'electrical',
      assignees: [first.user._id, second.user._id],
      settings: { autoAssign: true, strategy: 'round_robin' },
    });
    const picks = [];
    for (let i = 0; i < 4; i++) {
      const request = await createRequest(app, company, place, { type: 'electrical' });
      expect(request.status).toBe('assigned');
      expect(request.timeline.map((e) => e.kind)).toEqual(['created', 'assigned']);
      picks.push(request.assignee!._id);
    }
    expect(picks).toEqual([first.user._id, second.user._id, first.user._id, second.user._id]);
    const assignment = (await saveAssignment(app, company, {
      maintenanceType: 'electrical',
      assignees: [
        { userId: first.user._id, isActive: false },
        { userId: second.user._id, isActive: true },
      ],
    })) as AssignmentDto;
    expect(assignment.settings.strategy).toBe('round_robin');
    for (let i = 0; i < 2; i++) {
      expect((await createRequest(app, company, place, { type: 'electrical' })).assignee!._id).toBe(
        second.user._id,
      );
    }
  });

  it('assigns to the assignee with the fewest open requests with least_open', async () => {
    await saveAssignment(app, company, {
      maintenanceType: 'carpentry',
      assignees: [first.user._id, second.user._id],
      settings: { autoAssign: true, strategy: 'least_open' },
    });
    // `second` holds more open requests after the round-robin test; `first` gets the next ones until even.
    const counts = async () => {
      const list = await call(app, 'GET', '/api/maintenance/requests', {
        ...as(company),
        query: { limit: '100', 'status[]': ['open', 'assigned', 'in_progress', 'on_hold'] },
      });
      const rows = list.json<{ data: MaintenanceRequestListItemDto[] }>().data;
      return [first, second].map((p) => rows.filter((r) => r.assignee?._id === p.user._id).length);
    };
    const [a, b] = await counts();
    expect(b!).toBeGreaterThan(a!);
    const next = await createRequest(app, company, place, { type: 'carpentry' });
    expect(next.assignee!._id).toBe(first.user._id);
  });

  it('leaves a request open when auto-assignment is off or nobody may take it', async () => {
    await saveAssignment(app, company, {
      maintenanceType: 'painting',
      assignees: [first.user._id],
      settings: { autoAssign: false },
    });
    expect((await createRequest(app, company, place, { type: 'painting' })).status).toBe('open');
    const leaving = await addMember(app, company, 'field_staff');
    await saveAssignment(app, company, { maintenanceType: 'hvac', assignees: [leaving.user._id] });
    const members = await call(app, 'GET', '/api/company-users', { ...as(company), query: { limit: '100' } });
    const record = members
      .json<{ data: { _id: string; userId: string | { _id: string } }[] }>()
      .data.find((m) => (typeof m.userId === 'string' ? m.userId : m.userId._id) === leaving.user._id);
    expect(
      (await call(app, 'PUT', `/api/company-users/${record!._id}/deactivate`, as(company))).statusCode,
    ).toBe(200);
    expect((await createRequest(app, company, place, { type: 'hvac' })).status).toBe('open');
  });
});

describe('assignee codes and the portal', () => {
  let field: CompanySession;
  let colleague: CompanySession;
  let mine: MaintenanceRequestDto;
  let theirs: MaintenanceRequestDto;
  let code: string;

  beforeAll(async () => {
    field = await addMember(app, owner, 'field_staff');
    colleague = await addMember(app, owner, 'field_staff');
    mine = await createRequest(app, owner, world, { assigneeId: field.user._id });
    theirs = await createRequest(app, owner, world, { assigneeId: colleague.user._id });
  });

  it('answers null data until a code exists, and a new code replaces the old', async () => {
    const none = await call(app, 'GET', '/api/assignee/code', as(field));
    expect(none.statusCode).toBe(200);
    expect(none.json<{ data: unknown }>().data).toBeNull();
    const generated = expectOk(await call(app, 'POST', '/api/assignee/generate-code', as(field))).data as {
      assigneeCode: string;
      portalUrl: string;
    };
    expect(generated.portalUrl).toContain(`/assignee-portal/${generated.assigneeCode}`);
    const again = expectOk(await call(app, 'POST', '/api/assignee/generate-code', as(field))).data as {
      assigneeCode: string;
    };
    expect(again.assigneeCode).not.toBe(generated.assigneeCode);
    expect((await call(app, 'GET', `/api/assignee-portal/${generated.assigneeCode}`)).statusCode).toBe(404);
    const current = expectOk(await call(app, 'GET', '/api/assignee/code', as(field))).data as {
      assigneeCode: string;
    };
    expect(current.assigneeCode).toBe(again.assigneeCode);
    code = again.assigneeCode;
  });

  it("shows only the assignee's requests, without internal notes, and lets them work them", async () => {
    await call(app, 'POST', `/api/maintenance/requests/${mine._id}/notes`, {
      ...as(owner),
      body: { note: 'SECRET-NOTE tenant owes rent' },
    });
    await call(app, 'PUT', `/api/maintenance/requests/${mine._id}/status`, {
      ...as(owner),
      body: { status: 'in_progress', notes: 'SECRET-STATUS-NOTE' },
    });
    const portal = await call(app, 'GET', `/api/assignee-portal/${code}`);
    expect(portal.statusCode).toBe(200);
    expect(portal.body).not.toContain('SECRET');
    const data = portal.json<{ data: { open: { _id: string }[] } }>().data;
    expect(data.open.map((r) => r._id)).toEqual([mine._id]);

    const base = `/api/assignee-portal/${code}/requests`;
    const hold = await call(app, 'PUT', `${base}/${mine._id}/status`, {
      body: { status: 'on_hold', notes: 'Waiting for parts' },
    });
    expect(hold.statusCode).toBe(200);
    expect(hold.body).not.toContain('SECRET');
    expect(
      (await call(app, 'PUT', `${base}/${mine._id}/status`, { body: { status: 'closed' } })).statusCode,
    ).toBe(400);
    const comment = await call(app, 'POST', `${base}/${mine._id}/comments`, {
      body: { comment: 'Parts ordered' },
    });
    expect(comment.statusCode).toBe(201);
    const photo = await uploadMedia(app, `${base}/${mine._id}/media`, [
      { filename: 'site.jpg', contentType: 'image/jpeg', data: await makeImage() },
    ]);
    expect(photo.statusCode).toBe(201);
    expect(
      (await call(app, 'PUT', `${base}/${theirs._id}/status`, { body: { status: 'in_progress' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(app, 'POST', `${base}/${theirs._id}/comments`, { body: { comment: 'x' } })).statusCode,
    ).toBe(404);

    const staffView = expectOk(await call(app, 'GET', `/api/maintenance/requests/${mine._id}`, as(owner)))
      .data as MaintenanceRequestDto;
    expect(staffView.status).toBe('on_hold');
    expect(staffView.comments.at(-1)).toMatchObject({ text: 'Parts ordered', author: { type: 'assignee' } });
    expect(staffView.media).toHaveLength(1);
  });

  it('stops working when the member is deactivated', async () => {
    const temp = await addMember(app, owner, 'field_staff');
    const tempCode = (
      expectOk(await call(app, 'POST', '/api/assignee/generate-code', as(temp))).data as {
        assigneeCode: string;
      }
    ).assigneeCode;
    expect((await call(app, 'GET', `/api/assignee-portal/${tempCode}`)).statusCode).toBe(200);
    const members = await call(app, 'GET', '/api/company-users', { ...as(owner), query: { limit: '100' } });
    const record = members
      .json<{ data: { _id: string; userId: string | { _id: string } }[] }>()
      .data.find((m) => (typeof m.userId === 'string' ? m.userId : m.userId._id) === temp.user._id);
    expect(
      (await call(app, 'PUT', `/api/company-users/${record!._id}/deactivate`, as(owner))).statusCode,
    ).toBe(200);
    expect((await call(app, 'GET', `/api/assignee-portal/${tempCode}`)).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/assignee-portal/not-a-code!')).statusCode).toBe(400);
  });
});

describe('numbers under concurrency, overdue reminders and pickers', () => {
  it('gives concurrent creates distinct consecutive numbers', async () => {
    const company = await createCompany(app, { plan: 'enterprise' });
    const place = await maintenanceWorld(app, company);
    const created = await Promise.all(Array.from({ length: 6 }, () => createRequest(app, company, place)));
    const numbers = created.map((r) => Number(r.requestNumber.slice(3))).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('reminds the assignee and watchers of an overdue request once', async () => {
    const field = await addMember(app, owner, 'field_staff');
    const request = await createRequest(app, owner, world, { assigneeId: field.user._id, type: 'lift' });
    const service = app.services.maintenanceRequests;
    const later = new Date(Date.now() + 9 * 3_600_000);
    expect(await service.remindOverdue(later)).toBeGreaterThanOrEqual(1);
    expect(await service.remindOverdue(later)).toBe(0);
    const notifications = await call(app, 'GET', '/api/inapp-notifications/user', as(field));
    expect(notifications.body).toContain(`Overdue: ${request.requestNumber}`);
    const overdue = await call(app, 'GET', '/api/maintenance/requests', {
      ...as(owner),
      query: { overdue: 'true' },
    });
    expect(overdue.statusCode).toBe(200);
  });

  it('lists the people who may be assigned, and the forms', async () => {
    const people = expectOk(await call(app, 'GET', '/api/maintenance/assignable-users', as(owner)))
      .data as AvailableUserDto[];
    expect(people.map((p) => p._id)).toContain(owner.user._id);
    expect(people.every((p) => p.role !== 'sales_agent')).toBe(true);
    const created = await call(app, 'POST', '/api/maintenance/forms', {
      ...as(owner),
      body: { name: 'Lobby', propertyIds: [world.property._id] },
    });
    expect(created.statusCode).toBe(201);
    const forms = expectOk(await call(app, 'GET', '/api/maintenance/forms', as(owner))).data as {
      name: string;
    }[];
    expect(forms.map((f) => f.name)).toContain('Lobby');
    expect(
      (expectOk(await call(app, 'GET', '/api/maintenance/forms', as(other))).data as unknown[]).length,
    ).toBe(0);
  });
});
