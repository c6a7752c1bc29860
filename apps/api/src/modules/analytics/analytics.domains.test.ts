import type {
  AnalyticsOverview,
  BookingCheckoutDto,
  BookingDto,
  BookingsReport,
  MaintenanceReport,
  MaintenanceRequestListItemDto,
  RevenueReport,
  TenantListItemDto,
} from '@rentora/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import {
  type CompanySession,
  createCompany,
  type Session,
  signUp,
  uniqueEmail,
} from '../../../test/factories';
import { companyVersion } from '../../core/company-versions';
import { bookings, maintenanceRequests } from '../../db/schema';
import { book, makeBookableUnit, payInSandbox } from '../bookings/bookings.testing';
import { as, createRequest, expectOk, maintenanceWorld } from '../maintenance/maintenance.testing';
import { createUnit } from '../properties/properties.testing';

/**
 * The maintenance, bookings and money figures of the analytics recomputed from the domain lists
 * (GET /api/maintenance/requests, GET /api/bookings, GET /api/tenants) on one company with real data.
 */

let app: FastifyInstance;
let owner: CompanySession;
let visitor: Session;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const today = () => new Date().toISOString().slice(0, 10);
const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const monthOf = (iso: string) => iso.slice(0, 7);

/** percentile_cont: linear interpolation between the closest ranks. */
function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * fraction;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

async function setStatus(id: string, ...statuses: string[]) {
  for (const status of statuses) {
    expectOk(
      await call(app, 'PUT', `/api/maintenance/requests/${id}/status`, { ...as(owner), body: { status } }),
    );
  }
}

async function maintenanceList(): Promise<MaintenanceRequestListItemDto[]> {
  const response = await call(app, 'GET', '/api/maintenance/requests', {
    ...as(owner),
    query: { limit: '100' },
  });
  return expectOk(response).data as MaintenanceRequestListItemDto[];
}

async function bookingList(): Promise<BookingDto[]> {
  const response = await call(app, 'GET', '/api/bookings', { ...as(owner), query: { limit: '100' } });
  return expectOk(response).data as BookingDto[];
}

async function tenantList(): Promise<TenantListItemDto[]> {
  const response = await call(app, 'GET', '/api/tenants', { ...as(owner), query: { limit: '100' } });
  return expectOk(response).data as TenantListItemDto[];
}

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'professional' });
  visitor = await signUp(app);
  const db = app.deps.db;

  // Maintenance: six requests of three types and four priorities; four resolved (one then closed), one cancelled.
  const world = await maintenanceWorld(app, owner);
  const keys = world.types.map((type) => type.key);
  const made = [];
  const shapes = [
    { type: keys[0]!, priority: 'low' },
    { type: keys[0]!, priority: 'high' },
    { type: keys[1]!, priority: 'urgent' },
    { type: keys[1]!, priority: 'medium' },
    { type: keys[2]!, priority: 'medium' },
    { type: keys[0]!, priority: 'urgent' },
  ] as const;
  for (const shape of shapes) made.push(await createRequest(app, owner, world, shape));
  await setStatus(made[0]!._id, 'in_progress', 'resolved');
  await setStatus(made[1]!._id, 'in_progress', 'resolved');
  await setStatus(made[2]!._id, 'in_progress', 'resolved', 'closed');
  await setStatus(made[3]!._id, 'in_progress', 'resolved');
  await setStatus(made[4]!._id, 'cancelled');
  // Spread them over time: met, missed, no due time, missed (created, due, resolved).
  const timings = [
    { created: ago(70 * DAY), due: ago(66 * DAY), resolved: ago(68 * DAY) },
    { created: ago(40 * DAY), due: ago(37 * DAY), resolved: ago(30 * DAY) },
    { created: ago(12 * DAY), due: null, resolved: ago(11 * DAY - 5 * HOUR) },
    { created: ago(3 * DAY), due: ago(2 * DAY), resolved: ago(1 * DAY) },
  ];
  for (const [index, timing] of timings.entries()) {
    await db
      .update(maintenanceRequests)
      .set({ createdAt: timing.created, dueAt: timing.due, resolvedAt: timing.resolved })
      .where(eq(maintenanceRequests.id, made[index]!._id));
  }

  // Bookings: one moved in, one partially paid (its second installment 45 days overdue), one never paid.
  const fullUnit = await makeBookableUnit(app, owner);
  const full = expectOk(await book(app, visitor, fullUnit._id), 201).data as BookingCheckoutDto;
  expectOk(await payInSandbox(app, visitor, full));
  expectOk(
    await call(app, 'PATCH', `/api/bookings/${full.booking._id}/status`, {
      ...as(owner),
      body: { status: 'completed', note: 'Moved in' },
    }),
  );
  const splitUnit = await makeBookableUnit(app, owner);
  const split = expectOk(
    await book(app, visitor, splitUnit._id, { paymentPlan: 'installments', installmentCount: 3 }),
    201,
  ).data as BookingCheckoutDto;
  expectOk(await payInSandbox(app, visitor, split));
  const overdueDay = new Date(Date.now() - 45 * DAY).toISOString().slice(0, 10);
  await db
    .update(bookings)
    .set({
      installments: sql`jsonb_set(${bookings.installments}, '{1,dueDate}', to_jsonb(${overdueDay}::text))`,
    })
    .where(eq(bookings.id, split.booking._id));
  const unpaidUnit = await makeBookableUnit(app, owner);
  expectOk(await book(app, await signUp(app), unpaidUnit._id), 201);

  // A tenant with dues on a unit of the maintenance property.
  const unit = await createUnit(app, owner, world.property._id);
  expectOk(
    await call(app, 'POST', `/api/rental-units/${unit._id}/tenants`, {
      ...as(owner),
      body: {
        userId: { email: uniqueEmail('tenant'), firstName: 'Dee', lastName: 'Dues' },
        startDate: today(),
        rent: 1_000_000,
      },
    }),
    201,
  );
  const tenant = (await tenantList()).find((row) => row.rentalUnitId === unit._id)!;
  expectOk(
    await call(app, 'PUT', `/api/tenants/${tenant._id}/financials`, {
      ...as(owner),
      body: { rent: 250_000, penalties: 5_000 },
    }),
  );
}, 120_000);

describe('GET /api/analytics/maintenance', () => {
  it('recomputes volume, SLA and resolution time from GET /api/maintenance/requests', async () => {
    const list = await maintenanceList();
    const response = await call(app, 'GET', '/api/analytics/maintenance', as(owner));
    expect(response.statusCode).toBe(200);
    const report = response.json<{ data: MaintenanceReport }>().data;

    expect(report.created).toBe(list.length);
    expect(report.created).toBe(6);
    const byType = new Map<string, number>();
    for (const row of list) byType.set(row.type!.name, (byType.get(row.type!.name) ?? 0) + 1);
    expect(Object.fromEntries(report.byType.map((row) => [row.name, row.requests]))).toEqual(
      Object.fromEntries(byType),
    );
    for (const priority of ['low', 'medium', 'high', 'urgent'] as const) {
      expect(report.byPriority.find((row) => row.priority === priority)?.requests).toBe(
        list.filter((row) => row.priority === priority).length,
      );
    }
    const open = ['open', 'assigned', 'in_progress', 'on_hold'];
    expect(report.open).toBe(list.filter((row) => open.includes(row.status)).length);

    const solved = list
      .filter((row) => row.status === 'resolved' || row.status === 'closed')
      .map((row) => {
        const doneAt = Date.parse((row.resolvedAt ?? row.closedAt)!);
        return {
          month: monthOf(new Date(doneAt).toISOString()),
          hours: (doneAt - Date.parse(row.createdAt)) / HOUR,
          sla: row.dueDate === null ? null : doneAt <= Date.parse(row.dueDate),
        };
      });
    expect(report.resolved).toBe(solved.length);
    expect(report.resolved).toBe(4);
    const withSla = solved.filter((row) => row.sla !== null);
    expect(withSla).toHaveLength(3);
    expect(report.slaCompliance).toBe(
      oneDecimal((withSla.filter((row) => row.sla).length / withSla.length) * 100),
    );
    const hours = solved.map((row) => row.hours);
    expect(report.avgResolutionHours).toBeCloseTo(
      oneDecimal(hours.reduce((sum, value) => sum + value, 0) / hours.length),
      0,
    );
    expect(report.p90ResolutionHours).toBeCloseTo(oneDecimal(percentile(hours, 0.9)), 0);

    expect(report.byMonth.length).toBeGreaterThanOrEqual(12);
    for (const month of report.byMonth) {
      const inMonth = solved.filter((row) => row.month === month.month);
      expect(month.created).toBe(list.filter((row) => monthOf(row.createdAt) === month.month).length);
      expect(month.resolved).toBe(inMonth.length);
      expect(month.slaMet).toBe(inMonth.filter((row) => row.sla).length);
      expect(month.slaTotal).toBe(inMonth.filter((row) => row.sla !== null).length);
      if (inMonth.length === 0) expect(month.avgResolutionHours).toBeNull();
    }
  });

  it('answers zeros for a company without requests, and narrows to a property', async () => {
    const empty = await createCompany(app, { plan: 'professional' });
    const response = await call(app, 'GET', '/api/analytics/maintenance', as(empty));
    const report = response.json<{ data: MaintenanceReport }>().data;
    expect(report).toMatchObject({ created: 0, resolved: 0, open: 0, slaCompliance: null, byType: [] });
    expect(report.byPriority.every((row) => row.requests === 0)).toBe(true);
    expect(report.byMonth.every((row) => row.created === 0 && row.resolved === 0)).toBe(true);

    const list = await maintenanceList();
    const propertyId = list[0]!.property._id;
    const narrowed = await call(app, 'GET', '/api/analytics/maintenance', {
      ...as(owner),
      query: { propertyId },
    });
    expect(narrowed.json<{ data: MaintenanceReport }>().data.created).toBe(
      list.filter((row) => row.property._id === propertyId).length,
    );
  });
});

describe('GET /api/analytics/bookings', () => {
  it('recomputes the funnel from GET /api/bookings', async () => {
    const list = await bookingList();
    expect(list).toHaveLength(3);
    const response = await call(app, 'GET', '/api/analytics/bookings', as(owner));
    expect(response.statusCode).toBe(200);
    const report = response.json<{ data: BookingsReport }>().data;
    const confirmed = (row: BookingDto) =>
      row.status === 'confirmed' ||
      row.status === 'completed' ||
      row.statusHistory.some((entry) => entry.status === 'confirmed');
    expect(report.funnel).toEqual({
      created: list.length,
      paid: list.filter((row) => row.paidAmount > 0).length,
      confirmed: list.filter(confirmed).length,
      movedIn: list.filter((row) => row.status === 'completed').length,
    });
    expect(report.funnel).toEqual({ created: 3, paid: 2, confirmed: 1, movedIn: 1 });
    const month = new Date().toISOString().slice(0, 7);
    expect(report.byMonth.at(-1)).toEqual({ month, ...report.funnel });
    expect(report.byMonth.slice(0, -1).every((row) => row.created === 0)).toBe(true);
  });
});

describe('overview money, bookings and maintenance KPIs', () => {
  it('recomputes collected, outstanding and overdue from the bookings and tenants lists', async () => {
    const [bookingRows, tenants, requests] = await Promise.all([
      bookingList(),
      tenantList(),
      maintenanceList(),
    ]);
    const response = await call(app, 'GET', '/api/analytics/overview', as(owner));
    const { kpis } = response.json<{ data: AnalyticsOverview }>().data;
    const kpi = (key: string) => kpis.find((item) => item.key === key)!;

    // Every booking payment is a captured ledger payment of this period; the deposit it pays first is held, not
    // collected.
    const deposits = bookingRows.reduce(
      (sum, row) => sum + (row.tenantId ? Math.min(row.securityDeposit, row.paidAmount) : 0),
      0,
    );
    expect(kpi('rentCollected').value).toBe(
      bookingRows.reduce((sum, row) => sum + row.paidAmount, 0) - deposits,
    );
    expect(kpi('depositsHeld').value).toBe(deposits);
    expect(kpi('rentCollected').previous).toBe(0);
    const dues = tenants
      .filter((row) => row.isActive)
      .reduce((sum, row) => sum + row.financialDetails.outstandingDues.total, 0);
    expect(dues).toBe(255_000);
    const pending = bookingRows
      .filter((row) => row.status === 'partially_paid')
      .flatMap((row) => row.installments.filter((item) => item.status === 'pending'));
    expect(pending).toHaveLength(2);
    expect(kpi('outstanding').value).toBe(dues + pending.reduce((sum, item) => sum + item.amount, 0));
    const overdueInstallments = pending.filter((item) => item.dueDate < today());
    expect(kpi('overdue').value).toBe(dues + overdueInstallments.reduce((sum, item) => sum + item.amount, 0));

    expect(kpi('bookings')).toMatchObject({ value: bookingRows.length, previous: 0, change: null });
    const open = ['open', 'assigned', 'in_progress', 'on_hold'];
    expect(kpi('openMaintenance').value).toBe(requests.filter((row) => open.includes(row.status)).length);
    const maintenance = await call(app, 'GET', '/api/analytics/maintenance', as(owner));
    expect(kpi('avgResolutionHours').value).toBe(
      maintenance.json<{ data: MaintenanceReport }>().data.avgResolutionHours,
    );

    const revenue = await call(app, 'GET', '/api/analytics/revenue', as(owner));
    const report = revenue.json<{ data: RevenueReport }>().data;
    expect(report.outstanding).toBe(kpi('outstanding').value);
    expect(report.overdue).toBe(kpi('overdue').value);
    const aging = Object.fromEntries(report.aging.map((row) => [row.bucket, row.amount]));
    expect(aging['31-60']).toBe(overdueInstallments[0]!.amount);
    expect(aging['1-30']).toBe(dues);
    expect(aging['61-90'] + aging['90+']).toBe(0);
  });

  it('exports the maintenance and bookings reports as CSV', async () => {
    const csv = await call(app, 'GET', '/api/analytics/export', {
      ...as(owner),
      query: { report: 'bookings', format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Month,Created,Paid,Confirmed,Moved in');
    expect(lines.at(-1)).toBe(`${new Date().toISOString().slice(0, 7)},3,2,1,1`);
    const maintenance = await call(app, 'GET', '/api/analytics/export', {
      ...as(owner),
      query: { report: 'maintenance', format: 'csv' },
    });
    expect(maintenance.statusCode).toBe(200);
    const rows = maintenance.body.trim().split('\r\n');
    expect(rows[0]).toContain('Month,Created,Resolved,SLA met');
    const created = rows.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0);
    expect(created).toBe(6);
    const pdf = await call(app, 'GET', '/api/analytics/report.pdf', {
      ...as(owner),
      query: { month: new Date().toISOString().slice(0, 7) },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the per-version report cache', () => {
  it('serves a report until the company changes anything it reads, and recomputes at once after', async () => {
    const openOf = async () => {
      const response = await call(app, 'GET', '/api/analytics/overview', as(owner));
      const { kpis } = response.json<{ data: AnalyticsOverview }>().data;
      return kpis.find((item) => item.key === 'openMaintenance')!.value;
    };
    // A bystander company: other test files share a PostgreSQL database, and a shared row one of them writes (a
    // platform-wide type, an admin) moves every company's version at once, this one's and the bystander's alike.
    const bystander = await createCompany(app, { plan: 'professional' });
    const versions = async () => {
      const { rows } = (await app.deps.db.execute(
        sql`select
              (select version from analytics_versions where company_id = ${owner.companyId}) as owner,
              (select version from analytics_versions where company_id = ${bystander.companyId}) as bystander`,
      )) as unknown as { rows: { owner: number | null; bystander: number | null }[] };
      const [row] = rows;
      return { owner: Number(row?.owner ?? 0), bystander: Number(row?.bystander ?? 0) };
    };
    const before = await openOf();
    const start = await versions();
    const version = start.owner;
    expect(await openOf()).toBe(before);
    // Reading moves nothing; another company's writes do not move this company's version (beyond what moved every
    // company's: the bystander's moved as much).
    const movedOnlyByAll = async () => {
      const now = await versions();
      expect(now.owner - start.owner).toBe(now.bystander - start.bystander);
    };
    await movedOnlyByAll();
    const other = await createCompany(app, { plan: 'professional' });
    await maintenanceWorld(app, other);
    await movedOnlyByAll();

    const list = await maintenanceList();
    const world = {
      property: { _id: list[0]!.property._id },
      unit: { _id: list[0]!.rentalUnit!._id },
      types: [],
    } as unknown as Parameters<typeof createRequest>[2];
    const created = await createRequest(app, owner, world, { type: list[0]!.type!.key });
    expect(await companyVersion(app.deps.db, owner.companyId)).toBeGreaterThan(version);
    expect(await openOf()).toBe(before + 1);
    await setStatus(created._id, 'cancelled');
    expect(await openOf()).toBe(before);
    // A write outside the API (straight SQL, as a job would) counts too.
    await app.deps.db
      .update(maintenanceRequests)
      .set({ status: 'open' })
      .where(eq(maintenanceRequests.id, created._id));
    expect(await openOf()).toBe(before + 1);
  });
});
