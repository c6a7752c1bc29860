import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app';
import { bookings, payments } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { seedBookingsDemo } from './bookings.seed';

describe('demo bookings seed', () => {
  it('seeds bookings in states that hold no unit, with their ledger payments, once', async () => {
    if (process.env.TEST_DATABASE_URL) return; // needs a database of its own
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'rentora-bookings-seed-'));
    const database = await openTestDatabase();
    try {
      await seedDemoData(database.db);
      await seedBookingsDemo(database.db);
      const rows = await database.db.select().from(bookings);
      expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['completed', 'cancelled', 'expired']));
      // The ledger also holds the demo invoices' payments: count the bookings' own.
      const captured = await database.db
        .select()
        .from(payments)
        .where(and(eq(payments.status, 'captured'), isNotNull(payments.bookingId)));
      expect(captured).toHaveLength(2);
    } finally {
      await database.close();
    }
  }, 120_000);
});
