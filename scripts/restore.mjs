// `npm run restore -- <file> [--force]`: loads a backup made by `npm run backup` into DATA_DIR/pgdata.
// DATA_DIR/pgdata must not hold a database yet; with --force an existing one is moved aside to
// pgdata.before-restore-<timestamp> (never deleted). Refuses while a server runs on DATA_DIR.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { formatBytes, lockDataDir, refuseExternalDatabase, resolveDataDir } from './backup.mjs';

function usage() {
  return 'Usage: npm run restore -- <backup.tar.gz> [--force]   (DATA_DIR selects the target, default ./data)';
}

async function main() {
  refuseExternalDatabase('pg_restore / psql');
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const file = args.find((arg) => !arg.startsWith('--'));
  if (!file) throw new Error(usage());
  const input = path.resolve(file);
  if (!existsSync(input)) throw new Error(`${input} does not exist.`);

  const dataDir = resolveDataDir();
  const pgdata = path.join(dataDir, 'pgdata');
  const unlock = await lockDataDir(dataDir);
  try {
    const occupied = existsSync(pgdata) && readdirSync(pgdata).length > 0;
    if (occupied && !force) {
      throw new Error(
        `${pgdata} already holds a database. Pass --force to move it aside, or use another DATA_DIR.`,
      );
    }

    const startedAt = performance.now();
    const bytes = readFileSync(input);
    // Load into a side directory first: a damaged backup leaves the current database untouched.
    const staging = `${pgdata}.restoring-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    let summary;
    try {
      const db = await PGlite.create({
        dataDir: staging,
        loadDataDir: new Blob([bytes]),
        extensions: { pg_trgm },
      });
      try {
        const tables = await db.query(
          "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
        );
        const users = await db.query(
          "select case when to_regclass('public.users') is null then null else (select count(*)::int from users) end as n",
        );
        summary = { tables: tables.rows[0].n, users: users.rows[0].n };
        await db.exec('CHECKPOINT');
      } finally {
        await db.close();
      }
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw new Error(`${input} is not a loadable backup: ${error instanceof Error ? error.message : error}`);
    }

    if (occupied) {
      const aside = `${pgdata}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(pgdata, aside);
      console.log(`Moved the previous database aside to ${aside}.`);
    } else {
      rmSync(pgdata, { recursive: true, force: true });
    }
    renameSync(staging, pgdata);
    console.log(
      `Restored ${input} (${formatBytes(bytes.length)}) into ${pgdata}: ${summary.tables} tables` +
        `${summary.users === null ? '' : `, ${summary.users} users`} (${Math.round(performance.now() - startedAt)} ms).`,
    );
  } finally {
    unlock();
  }
}

main().catch((error) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
