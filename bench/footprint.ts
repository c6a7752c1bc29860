// Footprint of the embedded default (not a test): `cd bench && node --import tsx footprint.ts`.
// Bundles the API from the working tree and measures, on the demo data:
// - PGlite: the first start on an empty data dir (initdb, migrations, demo seed) to a healthy /api/health, then
//   BENCH_RESTARTS restarts on the same data dir (spawn → healthy), and the idle RSS after each start;
// - PostgreSQL (when reachable): the same on a scratch database.
// Idle RSS is read from /proc after BENCH_IDLE_S seconds without requests. Medians are printed with every run.
// Aims (issue 27): PGlite restart ≤ 1 s, first start with seeding ≤ 5 s, idle RSS ≤ 350 MB; PostgreSQL idle ≤ 150 MB.
// Env: BENCH_RESTARTS (default 5), BENCH_IDLE_S (default 3), BENCH_POSTGRES=false, BENCH_PGLITE=false,
// BENCH_PG_ADMIN_URL, BENCH_BASELINE_BUNDLE (a server.js bundled from another commit: its series runs first, on its own
// data dir or database, so that both are read at about the same load).
// As `npm run build` does, each bundle gets the migrated PGlite template beside it (apps/api/src/db/pglite-template.ts)
// and the demo photos (apps/api/src/modules/properties/demo-photos.ts), made before the clock starts: a first start
// copies the template instead of running initdb and the migrations, and the seed stores the photos instead of
// rendering them (a bundle of a commit that predates either ignores it).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleServer } from './lib/bundle';
import { createScratchDatabase, postgresAvailable } from './lib/postgres';
import { makeDataDir, ROOT, spawnAndWait } from './lib/server';

process.env.BENCH_PORT_RANGE ??= '3500-3549';
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 5);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 3);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

interface Sample {
  startMs: number;
  /** The server's own `startupPhasesMs` (open, prepare, analyze, build, listen) and `importMs`. */
  phases: string;
  /** CPU (user + system) the server spent until it was healthy: steadier than wall time on a loaded machine. */
  startCpuMs: number;
  idleRssMb: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

/** utime + stime of a process from /proc/<pid>/stat, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startOnce(bundle: string, env: Record<string, string>): Promise<Sample> {
  const server = await spawnAndWait({
    // The flags `npm start` runs the bundle with (scripts/start.mjs): reading the source map costs a restart ~0.07 s.
    args: [bundle],
    // MALLOC_ARENA_MAX as `npm start` sets it (scripts/start.mjs).
    env: { JWT_SECRET, SEED_DEMO: 'true', LOG_LEVEL: 'info', MALLOC_ARENA_MAX: '2', ...env },
    timeoutMs: 300_000,
  });
  const startCpuMs = cpuMs(server.child.pid!);
  await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
  const listening = server
    .output()
    .split('\n')
    .find((line) => line.includes('startupPhasesMs'));
  const parsed = listening
    ? (JSON.parse(listening) as { startupPhasesMs?: unknown; importMs?: unknown })
    : {};
  const phases = `${JSON.stringify(parsed.startupPhasesMs ?? {})} import ${String(parsed.importMs ?? '?')}`;
  const sample = { startMs: server.coldStartMs, startCpuMs, idleRssMb: server.rssMb(), phases };
  const code = await server.stop();
  if (code !== 0) throw new Error(`server exited with ${code}:\n${server.output()}`);
  return sample;
}

async function series(label: string, bundle: string, env: Record<string, string>): Promise<void> {
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  const first = await startOnce(bundle, env);
  console.log(
    `${label} first start (with seeding): ${first.startMs} ms (CPU ${first.startCpuMs} ms), idle RSS ${first.idleRssMb} MB (load ${load()}) phases ${first.phases}`,
  );
  const restarts: Sample[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    const sample = await startOnce(bundle, env);
    restarts.push(sample);
    console.log(
      `${label} restart ${i + 1}: ${sample.startMs} ms (CPU ${sample.startCpuMs} ms), idle RSS ${sample.idleRssMb} MB (load ${load()}) phases ${sample.phases}`,
    );
  }
  console.log(
    `${label} median restart ${median(restarts.map((s) => s.startMs))} ms (CPU ${median(
      restarts.map((s) => s.startCpuMs),
    )} ms), median idle RSS after restart ${median(restarts.map((s) => s.idleRssMb))} MB`,
  );
}

async function runBundle(label: string, bundle: string): Promise<void> {
  if (process.env.BENCH_PGLITE !== 'false') {
    const dataDir = makeDataDir('footprint');
    try {
      await series(`${label} PGlite`, bundle, { DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (process.env.BENCH_POSTGRES === 'false') return;
  if (!(await postgresAvailable())) {
    console.log(`${label} PostgreSQL: not reachable at BENCH_PG_ADMIN_URL, skipped`);
    return;
  }
  const database = await createScratchDatabase('bench_footprint');
  const pgDataDir = makeDataDir('footprint-pg');
  try {
    await series(`${label} PostgreSQL`, bundle, { DATABASE_URL: database.url, DATA_DIR: pgDataDir });
  } finally {
    await database.drop();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
}

/** The migrated PGlite template and the demo photos beside a bundle (what apps/api/build.mjs makes in dist/). */
function makeBuildArtifacts(bundle: string): void {
  const make = (script: string, dir: string) =>
    execFileSync(process.execPath, ['--import', 'tsx', script, path.join(path.dirname(bundle), dir)], {
      cwd: ROOT,
      stdio: 'ignore',
    });
  if (!existsSync(path.join(path.dirname(bundle), 'pglite-template'))) {
    make('apps/api/src/make-pglite-template.ts', 'pglite-template');
  }
  if (!existsSync(path.join(path.dirname(bundle), 'demo-photos'))) {
    make('apps/api/src/make-demo-photos.ts', 'demo-photos');
  }
}

async function main(): Promise<void> {
  const bundle = await bundleServer('footprint');
  const baseline = process.env.BENCH_BASELINE_BUNDLE;
  if (process.env.BENCH_PGLITE !== 'false') {
    makeBuildArtifacts(bundle);
    if (baseline) makeBuildArtifacts(baseline);
  }
  console.log(
    `${new Date().toISOString()} load ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  if (baseline) await runBundle('before', baseline);
  await runBundle(baseline ? 'after' : 'this tree', bundle);
}

await main();
