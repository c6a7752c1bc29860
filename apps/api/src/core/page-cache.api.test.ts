import type { PropertyDto } from '@rentora/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../test/app';
import { addMember, type CompanySession, createCompany, superAdmin } from '../../test/factories';
import type { Database } from '../db/client';
import { companies, companyUsers, properties, users } from '../db/schema';
import { auth, createProperty } from '../modules/properties/properties.testing';

let app: FastifyInstance;
let database: Database;
let owner: CompanySession;
let other: CompanySession;

beforeAll(async () => {
  ({ app, database } = await getTestApp());
  owner = await createCompany(app, { plan: 'enterprise' });
  other = await createCompany(app, { plan: 'enterprise' });
  await createProperty(app, owner, { name: 'First House' });
});

const list = (session: CompanySession, t = String(Date.now())) =>
  call(app, 'GET', '/api/properties', { ...auth(session), query: { limit: '50', _t: t } });
const names = (response: Awaited<ReturnType<typeof list>>) =>
  response
    .json<{ data: PropertyDto[] }>()
    .data.map((property) => property.name)
    .sort();

describe('the page cache', () => {
  it('serves a page again while the company changes nothing, whatever the _t cache-buster says', async () => {
    const first = await list(owner, '1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBeUndefined();
    const second = await list(owner, '2');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers from the data after any committed write of the company, through the API or straight SQL', async () => {
    await list(owner);
    await createProperty(app, owner, { name: 'Second House' });
    const afterCreate = await list(owner);
    expect(afterCreate.headers['x-page-cache']).toBeUndefined();
    expect(names(afterCreate)).toContain('Second House');

    // A job or a script writes without the API: the trigger moves the version all the same.
    await database.db
      .update(properties)
      .set({ name: 'Renamed House' })
      .where(sql`${properties.companyId} = ${owner.companyId} and ${properties.name} = 'Second House'`);
    const afterSql = await list(owner);
    expect(afterSql.headers['x-page-cache']).toBeUndefined();
    expect(names(afterSql)).toContain('Renamed House');
    expect((await list(owner)).headers['x-page-cache']).toBe('hit');
  });

  it('is not moved by another company’s writes, and never shares a page between companies or callers', async () => {
    await list(owner);
    await createProperty(app, other, { name: 'Elsewhere' });
    const owners = await list(owner);
    expect(owners.headers['x-page-cache']).toBe('hit');
    expect(names(owners)).not.toContain('Elsewhere');
    const others = await list(other);
    expect(names(others)).toEqual(['Elsewhere']);

    const member = await addMember(app, owner, 'manager');
    const membersFirst = await list(member);
    expect(membersFirst.statusCode).toBe(200);
    expect(membersFirst.headers['x-page-cache']).toBeUndefined();
  });

  it('checks access before serving a kept page: a permission taken away answers 403 at once', async () => {
    const member = await addMember(app, owner, 'manager');
    expect((await list(member)).statusCode).toBe(200);
    expect((await list(member)).headers['x-page-cache']).toBe('hit');
    await database.db
      .update(companyUsers)
      .set({ featurePermissions: [] })
      .where(eq(companyUsers.userId, member.user._id));
    expect((await list(member)).statusCode).toBe(403);
  });

  it('is moved by a change to a person shown on their companies’ pages, not by a sign-in', async () => {
    await list(owner);
    await database.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, owner.user._id));
    expect((await list(owner)).headers['x-page-cache']).toBe('hit');
    await list(other);
    await database.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, owner.user._id));
    expect((await list(owner)).headers['x-page-cache']).toBeUndefined();
    // Only the companies the person deals with: another company's pages stand.
    expect((await list(other)).headers['x-page-cache']).toBe('hit');
  });

  it('computes a page once for concurrent misses: the others wait for its answer', async () => {
    await createProperty(app, owner, { name: 'Concurrent House' });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => list(owner, String(i))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.filter((answer) => answer.headers['x-page-cache'] !== 'hit')).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(names(answers[0]!)).toContain('Concurrent House');
  });

  it('keeps a person’s companies list while none of their companies changes, never for platform staff', async () => {
    const person = await createCompany(app, { plan: 'enterprise' });
    const companiesOf = (session: { token: string }) =>
      call(app, 'GET', '/api/companies', { token: session.token, query: { _t: String(Date.now()) } });
    const namesOf = (response: Awaited<ReturnType<typeof companiesOf>>) =>
      response.json<{ data: { name: string }[] }>().data.map((company) => company.name);
    await companiesOf(person);
    expect((await companiesOf(person)).headers['x-page-cache']).toBe('hit');

    const created = await call(app, 'POST', '/api/companies', {
      token: person.token,
      body: { name: 'Second Company' },
    });
    expect(created.statusCode).toBe(201);
    const afterJoin = await companiesOf(person);
    expect(afterJoin.headers['x-page-cache']).toBeUndefined();
    expect(namesOf(afterJoin)).toContain('Second Company');

    await database.db
      .update(companies)
      .set({ name: 'Renamed Company' })
      .where(eq(companies.id, person.companyId));
    const afterRename = await companiesOf(person);
    expect(afterRename.headers['x-page-cache']).toBeUndefined();
    expect(namesOf(afterRename)).toContain('Renamed Company');

    const admin = await superAdmin(app);
    await companiesOf(admin);
    expect((await companiesOf(admin)).headers['x-page-cache']).toBeUndefined();
  });

  it('neither keeps nor serves a HEAD request’s answer', async () => {
    await createProperty(app, owner, { name: 'Head House' });
    const head = await call(app, 'HEAD', '/api/properties', { ...auth(owner), query: { limit: '50' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['x-page-cache']).toBeUndefined();
    const get = await list(owner);
    expect(get.headers['x-page-cache']).toBeUndefined();
    expect(names(get)).toContain('Head House');
  });

  it('keeps no failed answer', async () => {
    const bad = () => call(app, 'GET', '/api/properties/not-an-id', auth(owner));
    expect((await bad()).statusCode).toBe(400);
    const missing = () =>
      call(app, 'GET', '/api/properties/01a213b9-3208-7995-adc9-c36a1ec3dbd0', auth(owner));
    expect((await missing()).statusCode).toBe(404);
    const again = await missing();
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-page-cache']).toBeUndefined();
  });
});
