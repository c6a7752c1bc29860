import type { FavoriteDto, RentalUnitDto } from '@rentora/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import { type CompanySession, createCompany, type Session, signUp } from '../../../test/factories';
import { auth, createProperty, createUnit, makePublic } from '../properties/properties.testing';

let app: FastifyInstance;
let company: CompanySession;
let visitor: Session;
let someoneElse: Session;
let listedA: RentalUnitDto;
let listedB: RentalUnitDto;
let listedC: RentalUnitDto;
let hidden: RentalUnitDto;

const save = (session: Session, rentalUnitId: string) =>
  call(app, 'POST', '/api/favorites', { token: session.token, body: { rentalUnitId } });

async function list(session: Session): Promise<FavoriteDto[]> {
  const response = await call(app, 'GET', '/api/favorites', { token: session.token });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: FavoriteDto[] }>().data;
}

beforeAll(async () => {
  ({ app } = await getTestApp());
  company = await createCompany(app, { plan: 'enterprise' });
  const property = await createProperty(app, company, { name: 'Favourite Heights' });
  listedA = await createUnit(app, company, property._id, { unitNumber: 'F-1', pricing: { rent: 2_000_000 } });
  listedB = await createUnit(app, company, property._id, { unitNumber: 'F-2', pricing: { rent: 2_500_000 } });
  listedC = await createUnit(app, company, property._id, { unitNumber: 'F-3', pricing: { rent: 3_000_000 } });
  await makePublic(app, company, property._id);
  const pending = await createProperty(app, company, { name: 'Not Public Yet' });
  hidden = await createUnit(app, company, pending._id, { unitNumber: 'H-1' });
  visitor = await signUp(app);
  someoneElse = await signUp(app);
});

describe('favorites', () => {
  it('pages the saved units newest first with their total', async () => {
    const pager = await signUp(app);
    for (const unit of [listedA, listedB, listedC])
      expect((await save(pager, unit._id)).statusCode).toBe(200);
    const page = async (n: number) => {
      const response = await call(app, 'GET', `/api/favorites?page=${n}&limit=2`, { token: pager.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: FavoriteDto[]; pagination: { totalCount: number; hasNext: boolean } }>();
    };
    const first = await page(1);
    expect(first.data.map((f) => f.rentalUnitId)).toEqual([listedC._id, listedB._id]);
    expect(first.pagination).toMatchObject({ totalCount: 3, hasNext: true });
    const second = await page(2);
    expect(second.data.map((f) => f.rentalUnitId)).toEqual([listedA._id]);
    expect(second.pagination).toMatchObject({ totalCount: 3, hasNext: false });
  });

  it('saves a listed unit once (a second POST changes nothing) and lists it with its property and rent', async () => {
    const first = await save(visitor, listedA._id);
    expect(first.statusCode).toBe(200);
    const again = await save(visitor, listedA._id);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: FavoriteDto }>().data._id).toBe(first.json<{ data: FavoriteDto }>().data._id);
    const rows = await list(visitor);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      rentalUnitId: listedA._id,
      unitNumber: 'F-1',
      property: { name: 'Favourite Heights' },
      state: 'available',
      currentRent: 2_000_000,
      savedRent: 2_000_000,
      savedState: 'available',
    });
    const ids = await call(app, 'GET', '/api/favorites/ids', { token: visitor.token });
    expect(ids.json<{ data: string[] }>().data).toEqual([listedA._id]);
  });

  it("never shows one person's favorites to another, and refuses units not on the listing", async () => {
    expect(await list(someoneElse)).toEqual([]);
    expect((await save(visitor, hidden._id)).statusCode).toBe(404);
    expect((await save(visitor, '01900000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect(
      (await call(app, 'POST', '/api/favorites', { token: visitor.token, body: { rentalUnitId: 'x' } }))
        .statusCode,
    ).toBe(400);
    expect((await call(app, 'GET', '/api/favorites')).statusCode).toBe(401);
  });

  it('says when a saved unit is booked or unlisted since, and when its rent changed', async () => {
    await save(visitor, listedB._id);
    await save(visitor, listedC._id);
    const raise = await call(app, 'PUT', `/api/rental-units/${listedA._id}`, {
      ...auth(company),
      body: { pricing: { rent: 2_200_000 } },
    });
    expect(raise.statusCode).toBe(200);
    const occupied = await call(app, 'POST', '/api/rental-units/update-status', {
      ...auth(company),
      body: { unitIds: [listedB._id], status: 'Occupied' },
    });
    expect(occupied.statusCode).toBe(200);
    const repairs = await call(app, 'POST', '/api/rental-units/update-status', {
      ...auth(company),
      body: { unitIds: [listedC._id], status: 'Under_Maintenance' },
    });
    expect(repairs.statusCode).toBe(200);
    const rows = new Map((await list(visitor)).map((row) => [row.unitNumber, row]));
    expect(rows.get('F-1')).toMatchObject({
      state: 'available',
      currentRent: 2_200_000,
      savedRent: 2_000_000,
    });
    expect(rows.get('F-2')).toMatchObject({
      state: 'booked',
      currentRent: null,
      image: null,
      savedState: 'available',
    });
    expect(rows.get('F-3')).toMatchObject({ state: 'unlisted', currentRent: null, savedState: 'available' });
    // Still saved (idempotent POST answers it even now it is not listed).
    expect((await save(visitor, listedB._id)).statusCode).toBe(200);
  });

  it('removes by unit id (removing twice is a no-op) and pages the list', async () => {
    const removed = await call(app, 'DELETE', '/api/favorites', {
      token: visitor.token,
      body: { rentalUnitId: listedC._id },
    });
    expect(removed.statusCode).toBe(200);
    const twice = await call(app, 'DELETE', '/api/favorites', {
      token: visitor.token,
      body: { rentalUnitId: listedC._id },
    });
    expect(twice.statusCode).toBe(200);
    const page = await call(app, 'GET', '/api/favorites', {
      token: visitor.token,
      query: { limit: '1', page: '2' },
    });
    expect(page.json<{ data: FavoriteDto[]; pagination: { totalCount: number } }>()).toMatchObject({
      pagination: { totalCount: 2 },
    });
    expect(page.json<{ data: FavoriteDto[] }>().data).toHaveLength(1);
  });
});
