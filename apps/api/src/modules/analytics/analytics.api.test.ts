import {
  type AnalyticsOverview,
  formatMonth,
  type OccupancyReport,
  type PlatformAnalytics,
  type RentalUnitDto,
  type RevenueReport,
  type TenantsReport,
} from '@rentora/shared';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, getTestApp } from '../../../test/app';
import {
  addMember,
  type CompanySession,
  createCompany,
  superAdmin,
  uniqueEmail,
} from '../../../test/factories';
import { pdfText } from '../../core/pdf-text.testing';
import { auth, createProperty, createUnit } from '../properties/properties.testing';

let app: FastifyInstance;
let owner: CompanySession;
let propertyA: { _id: string };
let propertyB: { _id: string };

const thisMonth = new Date().toISOString().slice(0, 7);

async function assign(unitId: string, startDate: string) {
  const response = await call(app, 'POST', `/api/rental-units/${unitId}/tenants`, {
    ...auth(owner),
    body: {
      userId: { email: uniqueEmail('tenant'), firstName: 'Tia', lastName: 'Tenant' },
      startDate,
      rent: 1_500_000,
    },
  });
  expect(response.statusCode).toBe(201);
}

async function listUnits(session: CompanySession): Promise<RentalUnitDto[]> {
  const response = await call(app, 'GET', '/api/rental-units', { ...auth(session), query: { limit: '100' } });
  return response.json<{ data: RentalUnitDto[] }>().data;
}

beforeAll(async () => {
  ({ app } = await getTestApp());
  owner = await createCompany(app, { plan: 'professional' });
  propertyA = await createProperty(app, owner);
  propertyB = await createProperty(app, owner);
  const units = [
    await createUnit(app, owner, propertyA._id),
    await createUnit(app, owner, propertyA._id),
    await createUnit(app, owner, propertyA._id),
    await createUnit(app, owner, propertyB._id),
  ];
  await assign(units[0]!._id, `${thisMonth}-01`);
  await assign(units[3]!._id, `${thisMonth}-01`);
});

describe('GET /api/analytics/overview', () => {
  it('matches the unit list exactly (counts recomputed from GET /api/rental-units)', async () => {
    const units = await listUnits(owner);
    const response = await call(app, 'GET', '/api/analytics/overview', auth(owner));
    expect(response.statusCode).toBe(200);
    const { kpis, period } = response.json<{ data: AnalyticsOverview }>().data;
    const value = (key: string) => kpis.find((item) => item.key === key)?.value;
    const occupied = units.filter((unit) => unit.status === 'Occupied').length;
    expect(value('unitsTotal')).toBe(units.length);
    expect(value('unitsOccupied')).toBe(occupied);
    expect(value('unitsAvailable')).toBe(units.filter((unit) => unit.status === 'Available').length);
    expect(value('occupancyRate')).toBe(Math.round((occupied / units.length) * 1000) / 10);
    expect(value('activeTenants')).toBe(2);
    expect(value('moveIns')).toBe(2);
    expect(value('expectedMonthlyRent')).toBe(3_000_000);
    expect(period.to).toBe(new Date().toISOString().slice(0, 10));
  });

  it('narrows to one property, and refuses a property of another company (404)', async () => {
    const response = await call(app, 'GET', '/api/analytics/overview', {
      ...auth(owner),
      query: { propertyId: propertyB._id },
    });
    const kpis = response.json<{ data: AnalyticsOverview }>().data.kpis;
    expect(kpis.find((item) => item.key === 'unitsTotal')?.value).toBe(1);
    const stranger = await createCompany(app, { plan: 'professional' });
    const across = await call(app, 'GET', '/api/analytics/overview', {
      ...auth(stranger),
      query: { propertyId: propertyB._id },
    });
    expect(across.statusCode).toBe(404);
  });

  it('keeps ranges at the edge of the accepted dates a 2xx or a 400, never a 5xx', async () => {
    for (const report of ['overview', 'revenue', 'occupancy']) {
      // The default start (12 months before `to`) and the period before it stop at 2000-01-01.
      const early = await call(app, 'GET', `/api/analytics/${report}`, {
        ...auth(owner),
        query: { to: '2000-01-01' },
      });
      expect(early.statusCode, `${report} ${early.body}`).toBe(200);
      const first = await call(app, 'GET', `/api/analytics/${report}`, {
        ...auth(owner),
        query: { from: '2000-01-01', to: '2000-03-01' },
      });
      expect(first.statusCode, `${report} ${first.body}`).toBe(200);
      // `from` alone after the default `to` (today) is a reversed range.
      const late = await call(app, 'GET', `/api/analytics/${report}`, {
        ...auth(owner),
        query: { from: '2100-12-31' },
      });
      expect(late.statusCode, `${report} ${late.body}`).toBe(400);
    }
  });

  it('refuses a plan without analytics, a role without analytics_read and a reversed range', async () => {
    const starter = await createCompany(app, { plan: 'starter' });
    const planRefusal = await call(app, 'GET', '/api/analytics/overview', auth(starter));
    expect(planRefusal.statusCode).toBe(403);
    expect(planRefusal.json().code).toBe('FEATURE_NOT_IN_PLAN');
    const fieldStaff = await addMember(app, owner, 'field_staff');
    const roleRefusal = await call(app, 'GET', '/api/analytics/overview', auth(fieldStaff));
    expect(roleRefusal.statusCode).toBe(403);
    expect(roleRefusal.json().error).toContain('Missing permissions: analytics_read');
    const reversed = await call(app, 'GET', '/api/analytics/overview', {
      ...auth(owner),
      query: { from: '2026-05-01', to: '2026-01-01' },
    });
    expect(reversed.statusCode).toBe(400);
  });
});

describe('GET /api/analytics/occupancy', () => {
  it('gives a month grid and per-property figures that add up to the units', async () => {
    const response = await call(app, 'GET', '/api/analytics/occupancy', auth(owner));
    const report = response.json<{ data: OccupancyReport }>().data;
    expect(report.byMonth.length).toBeGreaterThanOrEqual(12);
    expect(report.byMonth.at(-1)).toMatchObject({ month: thisMonth, total: 4, occupied: 2, rate: 50 });
    expect(report.byMonth[0]).toMatchObject({ total: 0, occupied: 0, rate: 0 });
    expect(report.byProperty.reduce((sum, row) => sum + row.total, 0)).toBe(4);
    expect(report.byProperty.find((row) => row.propertyId === propertyB._id)).toMatchObject({
      total: 1,
      occupied: 1,
    });
  });
});

describe('GET /api/analytics/export', () => {
  it('streams CSV and XLSX files that parse back to the same numbers', async () => {
    const csv = await call(app, 'GET', '/api/analytics/export', {
      ...auth(owner),
      query: { report: 'occupancy', format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="rentora-occupancy-.*\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Month,Units,Occupied,Occupancy %');
    expect(lines.at(-1)).toBe(`${thisMonth},4,2,50`);

    const xlsx = await call(app, 'GET', '/api/analytics/export', {
      ...auth(owner),
      query: { report: 'overview', format: 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Overview')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'KPI', 'Value', 'Previous period', 'Change %']);
    const rows = sheet
      .getRows(2, sheet.rowCount - 1)!
      .map((row) => [row.getCell(1).value, row.getCell(2).value]);
    expect(rows).toContainEqual(['Rental units', 4]);
    // Money KPIs are rupees, and say so.
    expect(rows.some(([label]) => String(label).endsWith('(₹)'))).toBe(true);

    const revenue = await call(app, 'GET', '/api/analytics/export', {
      ...auth(owner),
      query: { report: 'revenue', format: 'csv' },
    });
    expect(revenue.statusCode).toBe(200);
    expect(revenue.body.split('\r\n')[0]).toBe('Month,Expected (₹),Collected (₹)');
  });

  it('needs analytics_export: a manager (analytics_read only) is refused', async () => {
    const manager = await addMember(app, owner, 'manager');
    const overview = await call(app, 'GET', '/api/analytics/overview', auth(manager));
    expect(overview.statusCode).toBe(200);
    const refused = await call(app, 'GET', '/api/analytics/export', {
      ...auth(manager),
      query: { report: 'overview' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Missing permissions: analytics_export');
  });
});

describe('GET /api/analytics/tenants and /revenue', () => {
  it('counts move-ins by month and expects the rent of running tenancies', async () => {
    const tenants = await call(app, 'GET', '/api/analytics/tenants', auth(owner));
    expect(tenants.statusCode).toBe(200);
    const report = tenants.json<{ data: TenantsReport }>().data;
    expect(report.byMonth.at(-1)).toMatchObject({ month: thisMonth, moveIns: 2, moveOuts: 0 });
    expect(report.moveIns).toBe(2);
    expect(report.leaseExpiries).toEqual({ days30: 0, days60: 0, days90: 0 });
    const revenue = await call(app, 'GET', '/api/analytics/revenue', auth(owner));
    const byMonth = revenue.json<{ data: RevenueReport }>().data.byMonth;
    expect(byMonth.at(-1)).toEqual({ month: thisMonth, expected: 3_000_000, collected: 0 });
    expect(byMonth.at(-2)?.expected).toBe(0);
  });
});

describe('GET /api/analytics/report.pdf', () => {
  it('renders the monthly owner report as a PDF for reports_read', async () => {
    const response = await call(app, 'GET', '/api/analytics/report.pdf', {
      ...auth(owner),
      query: { month: thisMonth },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(`- ${formatMonth(thisMonth)}`);
    expect(text).toMatch(/Generated \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [AP]M IST by Rentora/);
    expect(text).not.toContain('INR');
    const bad = await call(app, 'GET', '/api/analytics/report.pdf', {
      ...auth(owner),
      query: { month: '2026-13' },
    });
    expect(bad.statusCode).toBe(400);
    const designer = await addMember(app, owner, 'designer');
    const refused = await call(app, 'GET', '/api/analytics/report.pdf', {
      ...auth(designer),
      query: { month: thisMonth },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/analytics/platform', () => {
  it('gives the super admin companies by plan, MRR and signups; refuses owners', async () => {
    const admin = await superAdmin(app);
    const response = await call(app, 'GET', '/api/analytics/platform', { token: admin.token });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: PlatformAnalytics }>().data;
    expect(data.totals.companies).toBeGreaterThan(0);
    expect(data.companiesByPlan.reduce((sum, row) => sum + row.companies, 0)).toBeGreaterThan(0);
    expect(data.signupsByMonth.at(-1)?.month).toBe(thisMonth);
    expect(data.signupsByMonth.at(-1)?.companies).toBeGreaterThan(0);
    expect((await call(app, 'GET', '/api/analytics/platform', auth(owner))).statusCode).toBe(403);
  });
});
