import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app';
import { invoicePayments, invoices, invoiceTemplates } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { seedInvoicesDemo } from './invoices.seed';

describe('demo invoices seed', () => {
  it('seeds templates, three months of rent with payments and a draft, once, numbered without gaps', async () => {
    if (process.env.TEST_DATABASE_URL) return; // needs a database of its own
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'rentora-invoices-seed-'));
    const database = await openTestDatabase();
    try {
      await seedDemoData(database.db);
      await seedInvoicesDemo(database.db);
      const templates = await database.db.select().from(invoiceTemplates);
      expect(templates.filter((t) => t.isDefault)).toHaveLength(1);
      const rows = await database.db.select().from(invoices);
      const statuses = new Set(rows.map((r) => r.status));
      for (const status of ['draft', 'paid', 'partially_paid', 'sent']) expect(statuses).toContain(status);
      // Numbered per financial year: INV/25-26/00001, INV/26-27/00001, …
      const byYear = new Map<string, number[]>();
      for (const r of rows) {
        if (!r.number) continue;
        const [, year, n] = r.number.split('/');
        byYear.set(year!, [...(byYear.get(year!) ?? []), Number(n)]);
      }
      expect([...byYear.keys()].every((fy) => /^\d{2}-\d{2}$/.test(fy))).toBe(true);
      for (const numbers of byYear.values()) {
        numbers.sort((a, b) => a - b);
        expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      }
      const paid = await database.db.select().from(invoicePayments);
      for (const invoice of rows) {
        const sum = paid.filter((p) => p.invoiceId === invoice.id).reduce((a, p) => a + p.amount, 0);
        expect(sum).toBe(invoice.amountPaid);
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});
