import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { businessDate } from '@rentora/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp, openTestDatabase, testConfig } from '../../../test/app';
import { DEMO_COMPANY_DOMAINS } from '../../db/demo';
import { companies } from '../../db/schema';
import { seedDemoData } from '../../db/seed';

describe('demo collections seed', () => {
  it("makes today's collections of the demo company write WhatsApp, SMS and email reminders to the outbox", async () => {
    if (process.env.TEST_DATABASE_URL) return; // needs a database of its own
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'rentora-collections-seed-'));
    const database = await openTestDatabase();
    try {
      await seedDemoData(database.db);
      const config = testConfig();
      const app = await buildApp({ config, database, logger: false });
      await app.ready();
      const [sunrise] = await database.db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.email, `hello@${DEMO_COMPANY_DOMAINS.professional}`));
      const result = await app.services.collections.run(businessDate(), sunrise!.id);
      expect(new Set(result.sent.filter((s) => s.status === 'sent').map((s) => s.channel))).toEqual(
        new Set(['email', 'sms', 'whatsapp']),
      );
      const files = readdirSync(path.join(config.dataDir, 'outbox'));
      expect(files.some((f) => f.startsWith('sms-'))).toBe(true);
      expect(files.some((f) => f.startsWith('whatsapp-'))).toBe(true);
      expect(files.some((f) => f.endsWith('.eml'))).toBe(true);
      // Run again: nothing new.
      expect((await app.services.collections.run(businessDate(), sunrise!.id)).sent).toEqual([]);
      await app.close();
    } finally {
      await database.close();
    }
  }, 180_000);
});
