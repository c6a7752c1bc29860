import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app';
import { createLocalStorage } from '../../core/storage';
import { rentalUnitUsers, tenantCodes, tenantDocuments, users } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { seedTenantsDemo } from './tenants.seed';

describe('demo tenants seed', () => {
  it('seeds tenants in every status and gives the demo tenant a real unit, dues, documents and a code', async () => {
    if (process.env.TEST_DATABASE_URL) return; // needs a database of its own
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'rentora-tenants-seed-'));
    const database = await openTestDatabase();
    try {
      await seedDemoData(database.db);
      await seedTenantsDemo(database.db, createLocalStorage(path.join(process.env.DATA_DIR, 'uploads')));
      const statuses = await database.db
        .select({ status: rentalUnitUsers.tenancyStatus, total: sql<number>`count(*)::int` })
        .from(rentalUnitUsers)
        .groupBy(rentalUnitUsers.tenancyStatus);
      expect(new Set(statuses.map((row) => row.status))).toEqual(
        new Set(['pending', 'active', 'notice_given', 'rejected', 'moved_out']),
      );
      const [demo] = await database.db
        .select({
          id: rentalUnitUsers.id,
          status: rentalUnitUsers.tenancyStatus,
          dues: rentalUnitUsers.duesRent,
        })
        .from(rentalUnitUsers)
        .innerJoin(users, eq(users.id, rentalUnitUsers.userId))
        .where(eq(users.email, 'tenant@rentora.test'));
      expect(demo).toMatchObject({ status: 'active', dues: expect.any(Number) });
      expect(demo!.dues).toBeGreaterThan(0);
      const documents = await database.db
        .select()
        .from(tenantDocuments)
        .where(eq(tenantDocuments.tenantId, demo!.id));
      expect(documents.length).toBeGreaterThan(0);
      const codes = await database.db.select().from(tenantCodes).where(eq(tenantCodes.tenantId, demo!.id));
      expect(codes).toHaveLength(1);
    } finally {
      await database.close();
      delete process.env.DATA_DIR;
    }
  }, 120_000);
});
