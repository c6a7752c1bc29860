import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { copyPgliteTemplate, stampPgliteTemplate } from './pglite-template';

const scratch = () => mkdtempSync(path.join(tmpdir(), 'rentora-template-'));

/** A stand-in template: two files and the stamp of the installed PGlite. */
function fakeTemplate(): string {
  const dir = path.join(scratch(), 'template');
  mkdirSync(path.join(dir, 'base'), { recursive: true });
  writeFileSync(path.join(dir, 'PG_VERSION'), '18');
  writeFileSync(path.join(dir, 'base', 'file'), 'data');
  stampPgliteTemplate(dir);
  return dir;
}

describe('copyPgliteTemplate (first start on an empty data dir)', () => {
  it('fills a missing data dir with the template, without its stamp', () => {
    const template = fakeTemplate();
    const dataDir = path.join(scratch(), 'pgdata');
    expect(copyPgliteTemplate(dataDir, template)).toBe(true);
    expect(readFileSync(path.join(dataDir, 'base', 'file'), 'utf8')).toBe('data');
    expect(readdirSync(dataDir).sort()).toEqual(['PG_VERSION', 'base']);
    expect(readdirSync(path.dirname(dataDir))).toEqual(['pgdata']);
  });

  it('fills an empty data dir', () => {
    const template = fakeTemplate();
    const dataDir = path.join(scratch(), 'pgdata');
    mkdirSync(dataDir);
    expect(copyPgliteTemplate(dataDir, template)).toBe(true);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  });

  it('leaves a data dir that holds anything alone (a database, or what a failed initdb left)', () => {
    const template = fakeTemplate();
    for (const file of ['PG_VERSION', 'postgresql.conf']) {
      const dataDir = path.join(scratch(), 'pgdata');
      mkdirSync(dataDir);
      writeFileSync(path.join(dataDir, file), 'x');
      expect(copyPgliteTemplate(dataDir, template)).toBe(false);
      expect(readdirSync(dataDir)).toEqual([file]);
    }
  });

  it('does not use a template made by another PGlite version, or none at all', () => {
    const template = fakeTemplate();
    writeFileSync(path.join(template, 'rentora-pglite-version'), '0.0.1');
    expect(copyPgliteTemplate(path.join(scratch(), 'pgdata'), template)).toBe(false);
    expect(copyPgliteTemplate(path.join(scratch(), 'pgdata'), path.join(scratch(), 'missing'))).toBe(false);
  });

  it('a copied migrated template opens as a migrated database', async () => {
    const template = path.join(scratch(), 'template');
    const made = await openDatabase({ dataDir: template });
    await made.migrate();
    await made.close();
    stampPgliteTemplate(template);

    const dataDir = path.join(scratch(), 'pgdata');
    expect(copyPgliteTemplate(dataDir, template)).toBe(true);
    const database = await openDatabase({ dataDir });
    const count = async (table: string) => {
      const result = (await database.db.execute(
        sql.raw(`select count(*)::int as n from ${table}`),
      )) as unknown;
      return (result as { rows: { n: number }[] }).rows[0]?.n;
    };
    try {
      const journal = JSON.parse(
        readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
      ) as { entries: unknown[] };
      expect(await count('drizzle.__drizzle_migrations')).toBe(journal.entries.length);
      await database.migrate();
      expect(await count('drizzle.__drizzle_migrations')).toBe(journal.entries.length);
      expect(await count('plans')).toBe(0);
    } finally {
      await database.close();
    }
  });
});
