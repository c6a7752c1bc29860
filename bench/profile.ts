// Where a request's time goes (not a test): `cd bench && PROFILE_PATHS=/rental-units,/properties node --import tsx profile.ts`.
// Bundles the API from the working tree, starts it with `--cpu-prof` on a scratch PostgreSQL database with the demo
// seed (PAGE_CACHE_MB=0 unless given: the cold path), signs in as the Sunrise owner, loads each path for
// PROFILE_SECONDS at 10 connections (a fresh process for each path), and prints for each: PostgreSQL transactions per
// request (a statement outside a transaction is one) and, from the Node CPU profile of the loaded seconds only, the
// self time by package (drizzle, pg, fastify, zod, the API bundle …) and the heaviest functions.
// Env: PROFILE_PATHS (paths under /api, comma-separated; `{unit}` and `{property}` stand for the first listed ids),
// PROFILE_SECONDS (default 5), PROFILE_TOP (default 25), PAGE_CACHE_MB (default 0), BENCH_PG_ADMIN_URL.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { bundleServer } from './lib/bundle';
import { signIn } from './lib/list-bench';
import { createScratchDatabase } from './lib/postgres';
import { makeDataDir, spawnAndWait } from './lib/server';

process.env.BENCH_PORT_RANGE ??= '3600-3649';
const PATHS = (process.env.PROFILE_PATHS ?? '/auth/me,/rental-units').split(',');
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 5);
const TOP = Number(process.env.PROFILE_TOP ?? 25);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  startTime: number;
  endTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package a script URL belongs to: the npm package, node internals, or the API bundle. */
function packageOf(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.includes('server.js')) return 'api bundle';
  return url;
}

/** Self time per function and per package of the samples within [fromUs, toUs] of the profile's own clock. */
function summarise(
  profile: CpuProfile,
  window: { fromUs: number; toUs: number },
): { functions: [string, number][]; packages: [string, number][] } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < window.fromUs || at > window.toUs) return;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    const pkg = packageOf(frame.url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return { functions: sorted(functions).slice(0, TOP), packages: sorted(packages) };
}

async function main(): Promise<void> {
  const database = await createScratchDatabase('bench_profile');
  const bundle = await bundleServer('profile');
  const profileDir = makeDataDir('profile-cpu');
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: makeDataDir('profile'),
    SEED_DEMO: 'true',
    PAGE_CACHE_MB: process.env.PAGE_CACHE_MB ?? '0',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  };
  // The first start seeds the demo data; the profiled starts below find it there.
  await (await spawnAndWait({ args: [bundle], env, timeoutMs: 300_000 })).stop();
  try {
    for (const target of PATHS) {
      const server = await spawnAndWait({
        args: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, bundle],
        env,
        timeoutMs: 300_000,
      });
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const company = (await client.query(`select id from companies where email = 'hello@sunrise.test'`))
        .rows[0] as {
        id: string;
      };
      const unit = (
        await client.query(`select id from rental_units where company_id = $1 limit 1`, [company.id])
      ).rows[0] as { id: string };
      const property = (
        await client.query(`select id from properties where company_id = $1 limit 1`, [company.id])
      ).rows[0] as { id: string };
      const headers = await signIn(
        server.baseUrl,
        { email: 'owner@sunrise.test', password: 'Password123!' },
        company.id,
      );
      const url = `${server.baseUrl}/api${target.replace('{unit}', unit.id).replace('{property}', property.id)}`;
      const probe = await fetch(url, { headers });
      if (!probe.ok) throw new Error(`${url}: ${probe.status} ${await probe.text()}`);
      await autocannon({ url, headers, connections: 10, duration: 1 });
      const before = await client.query(
        `select sum(xact_commit)::int as commits from pg_stat_database where datname = current_database()`,
      );
      const result = await autocannon({ url, headers, connections: 10, duration: SECONDS });
      const after = await client.query(
        `select sum(xact_commit)::int as commits from pg_stat_database where datname = current_database()`,
      );
      const loadEnded = performance.now();
      await client.end();
      await server.stop();
      const tailUs = (performance.now() - loadEnded) * 1000;
      const file = readdirSync(profileDir)
        .filter((name) => name.endsWith('.cpuprofile'))
        .sort()
        .at(-1)!;
      const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
      const lengthUs = profile.endTime - profile.startTime;
      const toUs = lengthUs - tailUs;
      const { functions, packages } = summarise(profile, { fromUs: toUs - SECONDS * 1_000_000, toUs });
      const requests = result.requests.total;
      const total = [...packages].reduce((sum, [, us]) => sum + us, 0);
      console.log(
        `\n## GET /api${target}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`,
      );
      console.log(
        `transactions per request ≈ ${((after.rows[0].commits - before.rows[0].commits) / requests).toFixed(2)} (each statement outside a transaction counts one)`,
      );
      console.log('\nself time by package while loaded, µs per request:');
      for (const [pkg, us] of packages.slice(0, 12)) {
        console.log(
          `  ${String(Math.round(us / requests)).padStart(6)}  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${pkg}`,
        );
      }
      console.log('\nheaviest functions by self time:');
      for (const [name, us] of functions) {
        console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
      }
    }
  } finally {
    await database.drop();
  }
}

await main();
