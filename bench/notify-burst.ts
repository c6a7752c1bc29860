// Notification bursts (issue 27), not a test: `cd bench && node --import tsx notify-burst.ts`.
// BURST_SENDERS companies, each with its owner signed in on BURST_SOCKETS sockets; in each of BURST_ROUNDS rounds every
// owner sends an in-app test notification (POST /api/test-notifications) to itself at the same moment. Latency runs
// from the POST leaving this process to each of the recipient's sockets receiving `notification:new` (same machine,
// same clock). A wrong delivery is a socket receiving a notification of another user (or another sender's title).
// Runs on a scratch PostgreSQL database, on one process and on two (WORKERS=2, Redis at BENCH_REDIS_URL, db
// BENCH_REDIS_DB so that its keys stay apart), with the API bundled from the working tree. BENCH_BASELINE_BUNDLE=<path
// to a server.js bundled from another commit> runs that bundle too, alternately, in the same run.
// Aim: p99 ≤ 100 ms, 0 wrong, 0 lost. Env: BURST_SENDERS (50), BURST_SOCKETS (40), BURST_ROUNDS (5), BENCH_MODES
// (single,workers2), BENCH_WRITE_DOC=false, BURST_NODE_ARGS (node flags for the server, e.g. `--cpu-prof`),
// BURST_CLIENT (lean: lib/socket-io-lean.ts, the default; socket.io: socket.io-client, whose own CPU per received
// frame is about three times the lean client's and delays every socket on a two-core machine), BURST_SENDER (http:
// node:http with keep-alive, the default; fetch: undici's fetch, ~1 ms of this process's CPU a POST).
import { Agent, request } from 'node:http';
import { io } from 'socket.io-client';
import { bundleServer } from './lib/bundle';
import { createScratchDatabase, postgresAvailable } from './lib/postgres';
import { machineLine, markdownTable, saveResults, writeDocSection } from './lib/report';
import { type BenchProcess, makeDataDir, spawnAndWait } from './lib/server';
import { connectLean, type LeanSocket } from './lib/socket-io-lean';

process.env.BENCH_PORT_RANGE ??= '3550-3599';
const SENDERS = Number(process.env.BURST_SENDERS ?? 50);
const SOCKETS = Number(process.env.BURST_SOCKETS ?? 40);
const ROUNDS = Number(process.env.BURST_ROUNDS ?? 5);
const MODES = (process.env.BENCH_MODES ?? 'single,workers2').split(',');
const REDIS_BASE = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_DB = process.env.BENCH_REDIS_DB ?? '7';
const CLIENT = process.env.BURST_CLIENT === 'socket.io' ? 'socket.io' : 'lean';
const SENDER = process.env.BURST_SENDER === 'fetch' ? 'fetch' : 'http';
const AIM_P99_MS = 100;
const ROUND_TIMEOUT_MS = 15_000;

interface Sender {
  userId: string;
  companyId: string;
  token: string;
}

interface Outcome {
  bundle: string;
  mode: string;
  delivered: number;
  expected: number;
  wrong: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  responseP99Ms: number;
  serverCpuMsPerNotification: number;
  /** This process's CPU per round: the 2,000 sockets' receiving shares the machine with the server. */
  clientCpuMsPerRound: number;
}

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
  return body;
}

interface Post {
  headers: Record<string, string>;
  body: unknown;
}

/** Keep-alive connections for the bursts' POSTs (node:http): one per sender, reused round after round. */
const keepAlive = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/**
 * POSTs JSON and fails on an error status. fetch (undici) costs this process ~1 ms of CPU a request, which on two
 * cores the server pays too: 50 of them at once held a burst back by tens of milliseconds; node:http is a fraction.
 */
async function send(url: string, post: Post): Promise<void> {
  const body = JSON.stringify(post.body);
  const headers = { ...post.headers, 'content-type': 'application/json' };
  if (SENDER === 'fetch') {
    await json(await fetch(url, { method: 'POST', headers, body }));
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        agent: keepAlive,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(new Error(`${status}: ${Buffer.concat(chunks).toString()}`));
        });
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

async function registerSender(baseUrl: string, index: number): Promise<Sender> {
  const email = `burst-${index}-${Date.now()}@bench.test`;
  const body = await json<{ data: { token: string; user: { _id: string }; company: { _id: string } } }>(
    await fetch(`${baseUrl}/api/auth/register-company`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        company: { name: `Burst bench ${index}` },
        owner: { firstName: 'Burst', lastName: `Owner ${index}`, email, password: 'Password123!' },
      }),
    }),
  );
  return { userId: body.data.user._id, companyId: body.data.company._id, token: body.data.token };
}

type BurstSocket = Pick<LeanSocket, 'disconnect'> & {
  on(event: string, listener: (payload: { userId: string; title: string }) => void): void;
};

function connect(baseUrl: string, token: string): Promise<BurstSocket> {
  if (CLIENT === 'lean') return connectLean(baseUrl, { token }) as Promise<BurstSocket>;
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** utime + stime of a process and its direct children (cluster workers), in ms. */
async function treeCpuMs(pid: number): Promise<number> {
  const { readFileSync, readdirSync } = await import('node:fs');
  const cpuOf = (each: number) => {
    try {
      const fields = readFileSync(`/proc/${each}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return 0;
    }
  };
  let total = cpuOf(pid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === pid) total += cpuOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

async function burst(label: string, bundle: string, mode: string): Promise<Outcome> {
  const database = await createScratchDatabase('bench_burst');
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    DATA_DIR: makeDataDir('burst'),
    SEED_DEMO: 'false',
    JWT_SECRET: 'bench-burst-secret-bench-burst-secret-012345',
  };
  if (mode === 'workers2') Object.assign(env, { WORKERS: '2', REDIS_URL: `${REDIS_BASE}/${REDIS_DB}` });
  let server: BenchProcess | undefined;
  const sockets: BurstSocket[] = [];
  try {
    const nodeArgs = process.env.BURST_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    server = await spawnAndWait({ args: [...nodeArgs, bundle], env, timeoutMs: 300_000 });
    const baseUrl = server.baseUrl;
    const senders: Sender[] = [];
    for (let i = 0; i < SENDERS; i++) senders.push(await registerSender(baseUrl, i));

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let wrong = 0;
    for (const sender of senders) {
      for (let start = 0; start < SOCKETS; start += 20) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(20, SOCKETS - start) }, () => connect(baseUrl, sender.token)),
        );
        for (const socket of batch) {
          socket.on('notification:new', (notification: { userId: string; title: string }) => {
            const at = performance.now();
            if (notification.userId !== sender.userId || !notification.title.endsWith(sender.userId)) {
              wrong += 1;
              return;
            }
            const started = sentAt.get(notification.title);
            if (started !== undefined) latencies.push(at - started);
          });
          sockets.push(socket);
        }
      }
    }

    const responses: number[] = [];
    let cpuBefore = 0;
    let clientCpuBefore = process.cpuUsage();
    // Round -1 warms up (a production server compiles a route's serializer at its first answer); it is not counted.
    for (let round = -1; round < ROUNDS; round++) {
      if (round === 0) {
        latencies.length = 0;
        responses.length = 0;
        cpuBefore = await treeCpuMs(server.child.pid!);
        clientCpuBefore = process.cpuUsage();
      }
      const target = latencies.length + SENDERS * SOCKETS;
      await Promise.all(
        senders.map(async (sender) => {
          const title = `Burst ${round} ${sender.userId}`;
          const started = performance.now();
          sentAt.set(title, started);
          await send(`${baseUrl}/api/test-notifications`, {
            headers: { authorization: `Bearer ${sender.token}`, 'x-company-id': sender.companyId },
            body: { userId: sender.userId, channel: 'in_app', title },
          });
          responses.push(performance.now() - started);
        }),
      );
      const deadline = Date.now() + ROUND_TIMEOUT_MS;
      while (latencies.length < target && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      // Let the server settle (logs, counts) before the next burst.
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const cpuMs = (await treeCpuMs(server.child.pid!)) - cpuBefore;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    latencies.sort((a, b) => a - b);
    responses.sort((a, b) => a - b);
    return {
      bundle: label,
      mode,
      delivered: latencies.length,
      expected: ROUNDS * SENDERS * SOCKETS,
      wrong,
      p50Ms: Math.round(percentile(latencies, 50)),
      p99Ms: Math.round(percentile(latencies, 99)),
      maxMs: Math.round(latencies.at(-1) ?? Number.NaN),
      responseP99Ms: Math.round(percentile(responses, 99)),
      serverCpuMsPerNotification: Math.round((cpuMs / (ROUNDS * SENDERS)) * 100) / 100,
      clientCpuMsPerRound: Math.round((clientCpu.user + clientCpu.system) / 1000 / ROUNDS),
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await server?.stop();
    await database.drop();
  }
}

async function main(): Promise<void> {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is needed (BENCH_PG_ADMIN_URL)');
  const bundles: [string, string][] = [];
  if (process.env.BENCH_BASELINE_BUNDLE) bundles.push(['before', process.env.BENCH_BASELINE_BUNDLE]);
  bundles.push(['this tree', await bundleServer('burst')]);
  const outcomes: Outcome[] = [];
  for (const mode of MODES) {
    for (const [label, bundle] of bundles) {
      const outcome = await burst(label, bundle, mode);
      console.log(outcome);
      outcomes.push(outcome);
    }
  }
  saveResults('notify-burst', outcomes);
  const rows = outcomes.map((o) => [
    o.bundle,
    o.mode === 'workers2' ? '2 processes + Redis' : '1 process',
    `${o.delivered} / ${o.expected}`,
    o.wrong,
    o.p50Ms,
    o.p99Ms,
    o.maxMs,
    o.responseP99Ms,
    o.serverCpuMsPerNotification,
    o.clientCpuMsPerRound,
  ]);
  const doc = [
    `Generated by \`bench/notify-burst.ts\`. ${machineLine()}`,
    '',
    `Method: PostgreSQL scratch database; ${SENDERS} companies, each owner signed in on ${SOCKETS} sockets (${CLIENT === 'lean' ? 'a minimal engine.io client, bench/lib/socket-io-lean.ts' : 'socket.io-client'}); ${ROUNDS} rounds (after one warm-up round) in which every owner sends an in-app test notification (\`POST /api/test-notifications\`, ${SENDER === 'http' ? 'node:http with keep-alive' : 'fetch'}) at the same moment. Latency: the POST leaving the client → each socket's \`notification:new\`. Aim: p99 ≤ ${AIM_P99_MS} ms, nothing lost, no wrong delivery.${process.env.BENCH_BASELINE_BUNDLE ? ' "before" is BENCH_BASELINE_BUNDLE, run alternately with this tree.' : ''}`,
    '',
    markdownTable(
      [
        'Server',
        'Processes',
        'Delivered',
        'Wrong',
        'p50 ms',
        'p99 ms',
        'max ms',
        'HTTP answer p99 ms',
        'Server CPU ms per notification',
        'Bench client CPU ms per round',
      ],
      rows,
      [2, 3, 4, 5, 6, 7, 8, 9],
    ),
  ].join('\n');
  console.log(`\n${doc}`);
  if (process.env.BENCH_WRITE_DOC !== 'false') writeDocSection('Notification bursts', doc);
  const failed = outcomes.filter((o) => o.wrong > 0 || o.delivered < o.expected);
  if (failed.length > 0) {
    console.error('wrong or lost deliveries', failed);
    process.exitCode = 1;
  }
}

await main();
