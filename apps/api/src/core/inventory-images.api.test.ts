import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/app';
import { isoTextSql, uploadedAtIso } from './inventory-images';

const INSTANTS = [
  '2026-11-26 16:45:05.195999+00',
  '2026-11-26 16:45:05+00',
  '2026-01-01 00:00:00.000001+05:30',
  '1999-12-31 23:59:59.9999-08',
  '2026-03-29 02:30:00.5+02',
];

describe('isoTextSql', () => {
  it('writes an instant as toISOString() writes the Date parsed from its JSON text', async () => {
    const { database } = await getTestApp();
    for (const instant of INSTANTS) {
      const result = await database.db.execute(
        sql`with t as (select ${instant}::timestamptz as v)
          select json_build_object('t', v)->>'t' as json_text, ${sql.raw(isoTextSql('v'))} as iso from t`,
      );
      const row = (result as unknown as { rows: { json_text: string; iso: string }[] }).rows[0]!;
      expect(row.iso).toBe(new Date(row.json_text).toISOString());
    }
  });

  it('leaves an image read as text as it is and formats one read as a Date', () => {
    expect(uploadedAtIso({ uploadedAt: '2026-11-26T16:45:05.195Z' })).toBe('2026-11-26T16:45:05.195Z');
    expect(uploadedAtIso({ uploadedAt: new Date('2026-11-26T16:45:05.195Z') })).toBe(
      '2026-11-26T16:45:05.195Z',
    );
  });
});
