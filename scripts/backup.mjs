// `npm run backup [-- <file>]`: dumps the embedded PGlite database of DATA_DIR/pgdata to a .tar.gz
// (default backups/rentora-<timestamp>.tar.gz). Refuses while a server runs on DATA_DIR; holds DATA_DIR's lock meanwhile.
// Plain Node ESM, no build needed. Restore with `npm run restore -- <file>`.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/** DATA_DIR as the server resolves it (apps/api/src/config.ts): relative to the working directory, default ./data. */
export function resolveDataDir() {
  return path.resolve(process.env.DATA_DIR || './data');
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Takes DATA_DIR/server.lock the way the server does (apps/api/src/db/lock.ts): refuses when a live process holds it,
 * takes over a lock left by a dead one. While we hold it, a server refuses to start on DATA_DIR.
 */
export function lockDataDir(dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isFinite(owner) && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The data directory ${dataDir} is in use by a running server (pid ${owner}). Stop it first (SIGTERM), then retry.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
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

  const unlock = lockDataDir(dataDir);
  try {
    const startedAt = performance.now();
    const db = await PGlite.create({ dataDir: pgdata });
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
