// `cd bench && node --import tsx pglite-load.ts`: the embedded default under load. The built server (and, with
// BENCH_BASELINE_BUNDLE, a bundle of another commit, measured first in each round) on a copy of one PGlite data dir
// with the demo data, cold (`PAGE_CACHE_MB=0`: every read runs its statements), as the Sunrise owner: req/s and p99 of
// the floor (`GET /api/auth/me`) and three company lists at 10 and 50 connections. Absolute numbers, not shares: the
// point is a bundle against another on the same data, alternated (BENCH_ROUNDS, default 2; BENCH_DURATION s a case).
import { cpSync, rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { json, signIn } from './lib/list-bench';
import { makeDataDir, SERVER_BUNDLE, spawnAndWait } from './lib/server';

const OWNER = { email: 'owner@sunrise.test', password: 'Password123!' };
const PATHS = ['/api/auth/me', '/api/rental-units', '/api/properties', '/api/tenants'];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const ENV = { NODE_ENV: 'production', LOG_LEVEL: 'warn', PAGE_CACHE_MB: '0' };

async function seededDataDir(): Promise<string> {
  const dir = makeDataDir('pglite-load');
  const seeder = await spawnAndWait({
    args: [SERVER_BUNDLE],
    env: { ...ENV, DATA_DIR: dir },
    timeoutMs: 300_000,
  });
  await seeder.stop();
  return dir;
}

async function measureBundle(bundle: string, seeded: string): Promise<string[]> {
  const dir = makeDataDir('pglite-load-run');
  cpSync(seeded, dir, { recursive: true });
  const server = await spawnAndWait({ args: [bundle], env: { ...ENV, DATA_DIR: dir } });
  const lines: string[] = [];
  try {
    const owner = await signIn(server.baseUrl, OWNER, '');
    const companies = await json<{ data: { _id: string; email: string }[] }>(
      await fetch(`${server.baseUrl}/api/companies`, { headers: { authorization: owner.authorization! } }),
    );
    const company = companies.data.find((row) => row.email === 'hello@sunrise.test') ?? companies.data[0]!;
    const headers = { ...owner, 'x-company-id': company._id };
    for (const route of PATHS) {
      for (const connections of [10, 50]) {
        const result = await autocannon({
          url: server.baseUrl + route,
          connections,
          duration: DURATION_S,
          headers,
        });
        const failed = result.non2xx + result.errors;
        lines.push(
          `| ${route} | ${connections} | ${Math.round(result.requests.average)} | ${result.latency.p99} | ${failed} |`,
        );
      }
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

const seeded = await seededDataDir();
const bundles = [process.env.BENCH_BASELINE_BUNDLE, SERVER_BUNDLE].filter(
  (bundle): bundle is string => !!bundle,
);
console.log(`${new Date().toISOString()}, Node ${process.version}, ${DURATION_S} s a case, PAGE_CACHE_MB=0`);
for (let round = 1; round <= ROUNDS; round++) {
  for (const bundle of bundles) {
    const label = bundle === SERVER_BUNDLE ? 'this tree' : 'baseline';
    const lines = await measureBundle(bundle, seeded);
    console.log(
      `\n${label}, round ${round}\n| Route | Conn. | req/s | p99 ms | failed |\n|---|---:|---:|---:|---:|`,
    );
    console.log(lines.join('\n'));
  }
}
rmSync(seeded, { recursive: true, force: true });
