// `node --import tsx bench/chat-fanout.ts` (after `npm run build`): 1,000 chat messages fanned out to 500 sockets of
// one company room, delivery latency from the POST to each socket's event; 50 sockets of another company must get
// nothing. PostgreSQL + Redis (the production setup). Writes the "Chat fan-out" section of docs/performance.md.
import { io, type Socket } from 'socket.io-client';
import { createScratchDatabase, postgresAvailable } from './lib/postgres';
import { machineLine, markdownTable, saveResults, writeDocSection } from './lib/report';
import { startProductServer } from './lib/server';

const SOCKETS = Number(process.env.CHAT_SOCKETS ?? 500);
const OTHER_SOCKETS = 50;
const MESSAGES = Number(process.env.CHAT_MESSAGES ?? 1000);
const CONCURRENT_POSTS = 4;

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
  return body;
}

async function registerCompany(baseUrl: string, label: string) {
  const email = `${label}-${Date.now()}@bench.test`;
  const body = await json<{ data: { token: string; company: { _id: string } } }>(
    await fetch(`${baseUrl}/api/auth/register-company`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        company: { name: `Chat bench ${label}` },
        owner: { firstName: 'Bench', lastName: label, email, password: 'Password123!' },
      }),
    }),
  );
  return { token: body.data.token, companyId: body.data.company._id };
}

function connect(baseUrl: string, token: string): Promise<Socket> {
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

async function run(): Promise<void> {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is needed (BENCH_PG_ADMIN_URL)');
  const database = await createScratchDatabase('rentora_bench_chat');
  const server = await startProductServer({
    DATABASE_URL: database.url,
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    SEED_DEMO: 'false',
    JWT_SECRET: 'bench-chat-secret-bench-chat-secret-0123456',
  });
  const sockets: Socket[] = [];
  try {
    const company = await registerCompany(server.baseUrl, 'a');
    const other = await registerCompany(server.baseUrl, 'b');
    const headers = {
      authorization: `Bearer ${company.token}`,
      'x-company-id': company.companyId,
      'content-type': 'application/json',
    };
    const channels = await json<{ data: { _id: string; name: string }[] }>(
      await fetch(`${server.baseUrl}/api/chat/channels`, { headers }),
    );
    const general = channels.data.find((channel) => channel.name === 'general')!;

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let leaked = 0;
    for (let i = 0; i < SOCKETS; i++) {
      const socket = await connect(server.baseUrl, company.token);
      socket.on('chat:message', (message: { body: string }) => {
        const started = sentAt.get(message.body);
        if (started !== undefined) latencies.push(performance.now() - started);
      });
      sockets.push(socket);
    }
    for (let i = 0; i < OTHER_SOCKETS; i++) {
      const socket = await connect(server.baseUrl, other.token);
      socket.on('chat:message', () => {
        leaked += 1;
      });
      sockets.push(socket);
    }

    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENT_POSTS }, async () => {
        while (next < MESSAGES) {
          const body = `bench message ${next++}`;
          sentAt.set(body, performance.now());
          await json(
            await fetch(`${server.baseUrl}/api/chat/channels/${general._id}/messages`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ body }),
            }),
          );
        }
      }),
    );
    const expected = MESSAGES * SOCKETS;
    const deadline = Date.now() + 60_000;
    while (latencies.length < expected && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const elapsedS = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const result = {
      sockets: SOCKETS,
      messages: MESSAGES,
      delivered: latencies.length,
      expected,
      leaked,
      p50Ms: Math.round(percentile(latencies, 50)),
      p99Ms: Math.round(percentile(latencies, 99)),
      maxMs: Math.round(latencies.at(-1) ?? Number.NaN),
      deliveriesPerSecond: Math.round(latencies.length / elapsedS),
    };
    console.log(result);
    saveResults('chat-fanout', result);
    writeDocSection(
      'Chat fan-out',
      [
        `\`node --import tsx bench/chat-fanout.ts\`: the built server on PostgreSQL + Redis (socket.io Redis adapter), ${SOCKETS}`,
        `sockets of one company plus ${OTHER_SOCKETS} of another, ${MESSAGES} messages posted to #general over HTTP (${CONCURRENT_POSTS} at a`,
        'time); latency is from the POST leaving the client to each socket receiving `chat:message` (same machine, same',
        `clock). ${machineLine()}.`,
        '',
        markdownTable(
          [
            'sockets',
            'messages',
            'delivered',
            'to the other company',
            'p50 ms',
            'p99 ms',
            'max ms',
            'deliveries/s',
          ],
          [
            [
              SOCKETS,
              MESSAGES,
              `${result.delivered} / ${expected}`,
              leaked,
              result.p50Ms,
              result.p99Ms,
              result.maxMs,
              result.deliveriesPerSecond,
            ],
          ],
          [0, 1, 2, 3, 4, 5, 6, 7],
        ),
        '',
        'The 550 client sockets, the load generator and the server share the same two cores, so the latency includes the',
        "clients' own event-loop time; the server sends each message once to the company room and the adapter does the rest.",
      ].join('\n'),
    );
    if (leaked > 0) throw new Error(`${leaked} messages reached another company's sockets`);
  } finally {
    for (const socket of sockets) socket.disconnect();
    await server.stop();
    await database.drop();
  }
}

await run();
