import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (e2e/support/../..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_BUNDLE = path.join(ROOT, 'apps/api/dist/server.js');
export const WEB_DIST_DIR = path.join(ROOT, 'apps/web/dist');

/** Variables of apps/api/src/config.ts that must not leak from the caller's shell into a test server. */
const APP_ENV_KEYS = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'JWT_SECRET',
  'ACCESS_TOKEN_TTL',
  'REFRESH_TOKEN_TTL_DAYS',
  'APP_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'REDIS_URL',
  'SUPERADMIN_EMAIL',
  'SUPERADMIN_PASSWORD',
  'SEED_DEMO',
  'LOG_LEVEL',
  'WEB_DIST_DIR',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
  'WORKERS',
  'METRICS_TOKEN',
  'CORS_ORIGINS',
  'RATE_LIMIT_LOGIN_PER_IP',
  'RATE_LIMIT_LOGIN_PER_ACCOUNT',
  'RATE_LIMIT_EMAIL_PER_ACCOUNT',
  'RATE_LIMIT_WINDOW_SECONDS',
  'API_KEY_RATE_LIMIT_PER_MINUTE',
  'WEBHOOK_ALLOW_PRIVATE_TARGETS',
];

/** A fresh, empty directory for a server's DATA_DIR. */
export function makeDataDir(label = 'e2e'): string {
  return mkdtempSync(path.join(tmpdir(), `rentora-infra-${label}-`));
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * A free loopback port in E2E_PORT_RANGE (default 3200-3299, the range this team's machine reserves for us),
 * starting at a random offset so parallel runs rarely collide.
 */
export async function freePort(): Promise<number> {
  const [from, to] = (process.env.E2E_PORT_RANGE ?? '3200-3299').split('-').map(Number) as [number, number];
  const size = to - from + 1;
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = from + ((start + i) % size);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

export interface ServerOptions {
  /** DATA_DIR; a fresh temporary one when omitted (and removed by stop()). */
  dataDir?: string;
  port?: number;
  /** Extra environment, e.g. { ACCESS_TOKEN_TTL: '3s', SEED_DEMO: 'false', LOG_LEVEL: 'info' }. */
  env?: Record<string, string>;
  /** How long to wait for /api/health (default 60 s). */
  startTimeoutMs?: number;
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<ServerExit>;
}

export interface RunningServer extends ServerProcess {
  /** Milliseconds from spawn to the first healthy /api/health answer. */
  coldStartMs: number;
  /** SIGTERM (or `signal`), waits for the exit (SIGKILL after 20 s) and removes a temporary DATA_DIR. */
  stop(signal?: NodeJS.Signals): Promise<ServerExit>;
}

/**
 * Spawns the built server (`node apps/api/dist/server.js`) without waiting for it. The environment is the
 * caller's minus every app variable, then PORT, HOST=127.0.0.1, DATA_DIR, WEB_DIST_DIR, LOG_LEVEL=warn, then `env`.
 */
export function spawnServer(options: ServerOptions & { port: number; dataDir: string }): ServerProcess {
  if (!existsSync(SERVER_BUNDLE)) {
    throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first`);
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of APP_ENV_KEYS) delete env[key];
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    WEB_DIST_DIR,
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<ServerExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    child,
    port: options.port,
    baseUrl: `http://127.0.0.1:${options.port}`,
    dataDir: options.dataDir,
    output: () => output,
    exited,
  };
}

/** Polls GET /api/health until it answers 200; fails early if the process exits. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 180_000): Promise<void> {
  let exit: ServerExit | undefined;
  void server.exited.then((result) => {
    exit = result;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit) {
      throw new Error(
        `server exited (${exit.code ?? exit.signal}) before it was healthy:\n${server.output()}`,
      );
    }
    try {
      const response = await fetch(`${server.baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  server.child.kill('SIGKILL');
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

async function stopProcess(server: ServerProcess, signal: NodeJS.Signals): Promise<ServerExit> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill(signal);
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 20_000);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

/**
 * Starts the built server and waits until it is healthy. Omit `dataDir` for a fresh one (demo data is seeded
 * unless env.SEED_DEMO is 'false'); pass an existing one to restart on the same data.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? makeDataDir();
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const startedAt = performance.now();
    const server = spawnServer({ ...options, port, dataDir });
    try {
      await waitForHealth(server, options.startTimeoutMs);
    } catch (error) {
      // Another process took the port between the probe and the listen: try another one.
      if (options.port === undefined && attempt < 3 && server.output().includes('EADDRINUSE')) continue;
      if (temporary) rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
    const coldStartMs = Math.round(performance.now() - startedAt);
    return {
      ...server,
      coldStartMs,
      async stop(signal = 'SIGTERM') {
        const result = await stopProcess(server, signal);
        if (temporary && process.env.E2E_KEEP_DATA !== 'true')
          rmSync(dataDir, { recursive: true, force: true });
        return result;
      },
    };
  }
}
