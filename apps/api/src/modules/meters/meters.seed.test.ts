import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { businessDate } from '@rentora/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app';
import { invoices, meterCharges, meterReadings, meters } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { generateRentInvoices } from '../invoices/invoices.billing';
import { seedMetersDemo } from './meters.seed';

const nextMonth = () => {
  const [y, m] = businessDate().split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
};

describe('demo meters seed', () => {
  it('seeds one meter with last month’s reading; a second reading bills a month of electricity once', async () => {
    if (process.env.TEST_DATABASE_URL) return; // needs a database of its own
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'rentora-meters-seed-'));
    const database = await openTestDatabase();
    const { db } = database;
    try {
      await seedDemoData(db);
      await seedMetersDemo(db);
      const [meter, ...others] = await db.select().from(meters);
      expect(others).toHaveLength(0);
      const [first] = await db.select().from(meterReadings).where(eq(meterReadings.meterId, meter!.id));
      expect(first!.readingHundredths).toBe(421_000);
      await db.insert(meterReadings).values({
        companyId: meter!.companyId,
        meterId: meter!.id,
        readingHundredths: 439_800,
        readAt: businessDate(),
      });
      const month = nextMonth();
      await generateRentInvoices(db, meter!.companyId, month);
      const [charge] = await db.select().from(meterCharges);
      const [invoice] = await db.select().from(invoices).where(eq(invoices.id, charge!.invoiceId));
      const line = invoice!.lineItems.find((l) => l.kind === 'utilities');
      // 188 kWh: 100 × ₹4.75 + 88 × ₹6 + ₹110 fixed = ₹1,113
      expect(line).toMatchObject({ description: 'Electricity 4,210 → 4,398 kWh', amount: 111_300 });
      await generateRentInvoices(db, meter!.companyId, month);
      expect(await db.select().from(meterCharges)).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 120_000);
});
