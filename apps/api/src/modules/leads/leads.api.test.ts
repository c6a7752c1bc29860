import type { LeadDto, LeadStats, NotificationDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, call, getTestApp } from '../../../test/app';
import { createCompany, type Session, superAdmin, uniqueEmail } from '../../../test/factories';

let app: FastifyInstance;
let admin: Session;

beforeAll(async () => {
  ({ app } = await getTestApp());
  admin = await superAdmin(app);
});

function leadBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Priya Prospect',
    email: uniqueEmail('prospect'),
    phone: '+91 98765 00000',
    company: 'Prospect Realty',
    subject: 'Upgrade to Professional',
    message: 'We manage 40 flats and want online payments.',
    source: 'upgrade-dialog',
    ...overrides,
  };
}

async function createLead(overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await call(app, 'POST', '/api/leads', { body: leadBody(overrides) });
  if (response.statusCode !== 201) throw new Error(`lead failed: ${response.body}`);
  return response.json<{ data: { _id: string } }>().data._id;
}

describe('POST /api/leads (public contact form)', () => {
  it('stores a lead without an account, answers only its id and tells the super admin', async () => {
    const response = await call(app, 'POST', '/api/leads', { body: leadBody({ name: 'Nisha Notify' }) });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ data: Record<string, unknown>; message: string }>();
    expect(Object.keys(body.data)).toEqual(['_id']);
    expect(body.message).toContain('get back to you');
    const inbox = await call(app, 'GET', '/api/inapp-notifications/user', { token: admin.token });
    const notified = inbox
      .json<{ data: NotificationDto[] }>()
      .data.find((notification) => notification.title === 'New lead: Nisha Notify');
    expect(notified).toMatchObject({ type: 'lead.created', link: '/dashboard/leads' });
  });

  it('validates the form', async () => {
    const response = await call(app, 'POST', '/api/leads', {
      body: leadBody({ email: 'not-an-email', message: 'short' }),
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json<{ details: { path: string }[] }>().details.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'message']));
  });

  describe('rate limit', () => {
    let limited: FastifyInstance;
    beforeAll(async () => {
      limited = await buildTestAppWith({
        rateLimits: { loginPerIp: 2, loginPerAccount: 10, emailPerAccount: 10, windowSeconds: 900 },
      });
    });
    afterAll(async () => {
      await limited.close();
    });

    it('answers 429 after too many submissions from one IP', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await call(limited, 'POST', '/api/leads', {
          body: leadBody(),
          headers: { 'x-forwarded-for': '203.0.113.77' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
      const other = await call(limited, 'POST', '/api/leads', {
        body: leadBody(),
        headers: { 'x-forwarded-for': '203.0.113.78' },
      });
      expect(other.statusCode).toBe(201);
    });
  });
});

describe('super admin lead management', () => {
  it('lists leads newest first, 10 per page, filtered by status, source and search', async () => {
    const marker = uuidv7().slice(-10);
    const first = await createLead({ company: `Alpha ${marker}` });
    const second = await createLead({ company: `Beta ${marker}`, source: 'pricing:enterprise' });
    const list = await call(app, 'GET', '/api/leads', { token: admin.token, query: { search: marker } });
    expect(list.statusCode).toBe(200);
    const body = list.json<{ data: LeadDto[]; pagination: { limit: number; totalCount: number } }>();
    expect(body.pagination).toMatchObject({ limit: 10, totalCount: 2 });
    expect(body.data.map((lead) => lead._id)).toEqual([second, first]);

    const bySource = await call(app, 'GET', '/api/leads', {
      token: admin.token,
      query: { search: marker, source: 'pricing:enterprise' },
    });
    expect(bySource.json<{ data: LeadDto[] }>().data.map((l) => l._id)).toEqual([second]);

    await call(app, 'PATCH', `/api/leads/${first}/status`, { token: admin.token, body: { status: 'won' } });
    const won = await call(app, 'GET', '/api/leads', {
      token: admin.token,
      query: { search: marker, 'status[]': ['won', 'lost'] },
    });
    expect(won.json<{ data: LeadDto[] }>().data.map((l) => l._id)).toEqual([first]);
    const bad = await call(app, 'GET', '/api/leads', { token: admin.token, query: { status: 'hot' } });
    expect(bad.statusCode).toBe(400);
  });

  it('changes status and keeps notes with their author', async () => {
    const id = await createLead();
    const contacted = await call(app, 'PATCH', `/api/leads/${id}/status`, {
      token: admin.token,
      body: { status: 'contacted' },
    });
    expect(contacted.statusCode).toBe(200);
    expect(contacted.json<{ data: LeadDto }>().data.status).toBe('contacted');
    const noted = await call(app, 'POST', `/api/leads/${id}/notes`, {
      token: admin.token,
      body: { content: 'Called, demo booked for Monday.' },
    });
    expect(noted.statusCode).toBe(201);
    expect(noted.json<{ data: LeadDto }>().data.notes).toEqual([
      expect.objectContaining({ content: 'Called, demo booked for Monday.', authorName: 'Super Admin' }),
    ]);
    const fetched = await call(app, 'GET', `/api/leads/${id}`, { token: admin.token });
    expect(fetched.json<{ data: LeadDto }>().data).toMatchObject({ status: 'contacted', notes: [{}] });

    const badStatus = await call(app, 'PATCH', `/api/leads/${id}/status`, {
      token: admin.token,
      body: { status: 'maybe' },
    });
    expect(badStatus.statusCode).toBe(400);
    const emptyNote = await call(app, 'POST', `/api/leads/${id}/notes`, {
      token: admin.token,
      body: { content: '' },
    });
    expect(emptyNote.statusCode).toBe(400);
    const missing = await call(app, 'PATCH', `/api/leads/${uuidv7()}/status`, {
      token: admin.token,
      body: { status: 'lost' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('counts leads by status', async () => {
    await createLead();
    const response = await call(app, 'GET', '/api/leads/stats', { token: admin.token });
    const stats = response.json<{ data: LeadStats }>().data;
    expect(Object.values(stats.byStatus).reduce((sum, n) => sum + n, 0)).toBe(stats.total);
    expect(stats.byStatus.new).toBeGreaterThanOrEqual(1);
  });

  it('is for the super admin only', async () => {
    const id = await createLead();
    const owner = await createCompany(app);
    for (const [method, url, body] of [
      ['GET', '/api/leads', undefined],
      ['GET', `/api/leads/${id}`, undefined],
      ['PATCH', `/api/leads/${id}/status`, { status: 'won' }],
      ['POST', `/api/leads/${id}/notes`, { content: 'x' }],
    ] as const) {
      const response = await call(app, method, url, { token: owner.token, body });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
