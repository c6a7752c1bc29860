// `npm run backup [-- <file>]`: dumps the embedded PGlite database of DATA_DIR/pgdata to a .tar.gz
// (default backups/rentora-<timestamp>.tar.gz). Refuses while a server runs on DATA_DIR; holds DATA_DIR's lock meanwhile.
// Plain Node ESM, no build needed. Restore with `npm run restore -- <file>`.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { acquireDataDirLock } from './data-dir-lock.mjs';

/** DATA_DIR as the server resolves it (apps/api/src/config.ts): relative to the working directory, default ./data. */
export function resolveDataDir() {
  return path.resolve(process.env.DATA_DIR || './data');
}

/**
 * Takes DATA_DIR's lock the way the server does (scripts/data-dir-lock.mjs): refuses while a server runs on it, and
 * while we hold it a server refuses to start there.
 */
export function lockDataDir(dataDir) {
  return acquireDataDirLock(dataDir, {
    inUseMessage: (dir) =>
      `The data directory ${dir} is in use by a running server. Stop it first (SIGTERM), then retry.`,
  });
}

/** Refuses to work on a PostgreSQL deployment: there the database server's own tools apply. */
export function refuseExternalDatabase(tool) {
  if (process.env.DATABASE_URL) {
    throw new Error(
      `DATABASE_URL is set: this deployment runs on PostgreSQL, whose data is not in DATA_DIR. Use ${tool} instead.`,
    );
  }
}

export function formatBytes(bytes) {
  return bytes > 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;
}

async function main() {
  refuseExternalDatabase('pg_dump');
  const dataDir = resolveDataDir();
  const pgdata = path.join(dataDir, 'pgdata');
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new Error(`No embedded database in ${pgdata} (set DATA_DIR to the server's data directory).`);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const output = path.resolve(process.argv[2] || path.join('backups', `rentora-${stamp}.tar.gz`));
  if (existsSync(output)) throw new Error(`${output} already exists; choose another file.`);

  const unlock = await lockDataDir(dataDir);
  try {
    const startedAt = performance.now();
    const db = await PGlite.create({ dataDir: pgdata, extensions: { pg_trgm } });
    let tarball;
    try {
      // Write every dirty page to the data files first, so the copy needs no WAL replay to be complete.
      await db.exec('CHECKPOINT');
      tarball = await db.dumpDataDir('gzip');
    } finally {
      await db.close();
    }
    const bytes = Buffer.from(await tarball.arrayBuffer());
    mkdirSync(path.dirname(output), { recursive: true });
    writeFileSync(output, bytes, { mode: 0o600 });
    console.log(
      `Backed up ${pgdata} to ${output} (${formatBytes(bytes.length)}, ${Math.round(performance.now() - startedAt)} ms).`,
    );
    console.log(
      'Uploaded files (DATA_DIR/uploads) and DATA_DIR/jwt-secret are not in it: copy them alongside if needed.',
    );
  } finally {
    unlock();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
