import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAINTENANCE_STATUSES } from '@rentora/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app';
import {
  assigneeCodes,
  maintenanceAssignments,
  maintenanceEvents,
  maintenanceForms,
  maintenanceRequests,
} from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { seedMaintenanceDemo } from './maintenance.seed';

describe('demo maintenance seed', () => {
  it('seeds types, assignments, a public form, a field-staff code and requests in every status', async () => {
    if (process.env.TEST_DATABASE_URL) return; // needs a database of its own
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'rentora-maintenance-seed-'));
    const database = await openTestDatabase();
    try {
      await seedDemoData(database.db);
      await seedMaintenanceDemo(database.db); // a second run adds nothing
      const statuses = await database.db
        .select({ status: maintenanceRequests.status, total: sql<number>`count(*)::int` })
        .from(maintenanceRequests)
        .groupBy(maintenanceRequests.status);
      expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(MAINTENANCE_STATUSES));
      const sources = await database.db
        .selectDistinct({ source: maintenanceRequests.source })
        .from(maintenanceRequests);
      expect(sources.map((row) => row.source).sort()).toEqual(['public', 'staff', 'tenant']);
      expect(await database.db.$count(maintenanceAssignments)).toBe(3);
      expect(await database.db.$count(maintenanceForms)).toBe(1);
      expect(await database.db.$count(assigneeCodes)).toBe(1);
      expect(
        await database.db.$count(maintenanceEvents, sql`${maintenanceEvents.kind} = 'note'`),
      ).toBeGreaterThan(0);
    } finally {
      await database.close();
      delete process.env.DATA_DIR;
    }
  }, 120_000);
});
