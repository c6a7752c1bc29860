import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/lib/../..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_BUNDLE = path.join(ROOT, 'apps/api/dist/server.js');

/** Variables of apps/api/src/config.ts that must not leak from the caller's shell into a measured server. */
const APP_ENV_KEYS = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'JWT_SECRET',
  'ACCESS_TOKEN_TTL',
  'APP_URL',
  'SMTP_URL',
  'REDIS_URL',
  'SEED_DEMO',
  'LOG_LEVEL',
  'WEB_DIST_DIR',
];

export function makeDataDir(label = 'bench'): string {
  return mkdtempSync(path.join(tmpdir(), `rentora-infra-${label}-`));
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** A free loopback port in BENCH_PORT_RANGE (default 3200-3299). */
export async function freePort(): Promise<number> {
  const [from, to] = (process.env.BENCH_PORT_RANGE ?? '3200-3299').split('-').map(Number) as [number, number];
  const size = to - from + 1;
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = from + ((start + i) % size);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

export interface BenchProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  /** Spawn → first healthy answer of `healthPath`, in ms. */
  coldStartMs: number;
  /** The head of what the process wrote to stdout/stderr (kept in a temporary file). */
  output(): string;
  rssMb(): number;
  stop(): Promise<number | null>;
}

export interface SpawnOptions {
  /** Node arguments, e.g. [SERVER_BUNDLE] or ['--import', 'tsx', 'lib/ceiling-server.ts']. */
  args: string[];
  env: Record<string, string>;
  /** Answers 200 when ready (default /api/health). */
  healthPath?: string;
  timeoutMs?: number;
}

/** Spawns a Node process listening on PORT (given in env or picked here) and waits until healthPath answers 200. */
export async function spawnAndWait(options: SpawnOptions): Promise<BenchProcess> {
  const port = options.env.PORT ? Number(options.env.PORT) : await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of APP_ENV_KEYS) delete env[key];
  Object.assign(env, { NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, options.env, {
    PORT: String(port),
  });
  // Output goes to a file, not a pipe: per-request log lines (LOG_LEVEL=info) then cost the server what they cost in
  // production (a write to a file or journal) and nothing in this process, which shares the CPU with the load generator.
  const logFile = path.join(tmpdir(), `rentora-infra-bench-${port}-${Date.now()}.log`);
  const fd = openSync(logFile, 'w');
  const startedAt = performance.now();
  const child = spawn(process.execPath, options.args, { cwd: ROOT, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const output = () => {
    try {
      return readFileSync(logFile, 'utf8').slice(0, 20_000);
    } catch {
      return '';
    }
  };
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`process exited (${exitCode}) before it was ready:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`process not ready in time:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}${options.healthPath ?? '/api/health'}`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const coldStartMs = Math.round(performance.now() - startedAt);
  return {
    child,
    baseUrl,
    port,
    coldStartMs,
    output,
    rssMb: () => rssMb(child.pid!),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      if (code === 0) rmSync(logFile, { force: true });
      return code;
    },
  };
}

/**
 * Seeds `env.DATABASE_URL` with the demo data in a process of its own, stopped before anything is measured. A server
 * that seeded its database itself spent 5–25 % more CPU per list request afterwards than a second server started on the
 * same database with the same code (A/A runs of cold-cpu.ts, 2026-11-26), which a before/after comparison read as a
 * regression of the seeding side: compared servers now all start on a database seeded already.
 */
export async function seedDemoDatabase(bundle: string, env: Record<string, string>): Promise<void> {
  const seeder = await spawnAndWait({
    args: [bundle],
    env: { ...env, DATA_DIR: makeDataDir('seed'), SEED_DEMO: 'true' },
    timeoutMs: 300_000,
  });
  const code = await seeder.stop();
  if (code !== 0) throw new Error(`the seeding server exited with ${code}:\n${seeder.output()}`);
}

let snapshot: string | undefined;

/**
 * A private copy of apps/api/dist (bundle + migrations) for this run, so that a `npm run build` by someone else in
 * the same working tree cannot swap the server (or its migrations) halfway through. It lives in bench/results/
 * (git-ignored) so that the bundle's npm imports still resolve from the repository's node_modules.
 */
function serverSnapshot(): string {
  if (snapshot) return snapshot;
  if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first`);
  const dir = path.join(ROOT, 'bench/results', `server-${process.pid}`);
  cpSync(path.dirname(SERVER_BUNDLE), dir, { recursive: true });
  snapshot = dir;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The built product server (a snapshot of apps/api/dist/server.js taken at first use); run `npm run build` first. */
export function startProductServer(env: Record<string, string>): Promise<BenchProcess> {
  return spawnAndWait({ args: [path.join(serverSnapshot(), 'server.js')], env });
}

/** The tiny Fastify process of lib/ceiling-server.ts: 'none' serves GET /hello, a driver also GET /user/:id. */
export function startCeilingServer(env: {
  CEILING_DRIVER: 'none' | 'pglite' | 'postgres';
  PGLITE_DIR?: string;
  DATABASE_URL?: string;
}): Promise<BenchProcess> {
  const clean = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
  return spawnAndWait({
    args: ['--import', 'tsx', path.join(ROOT, 'bench/lib/ceiling-server.ts')],
    env: clean,
    healthPath: '/hello',
  });
}
