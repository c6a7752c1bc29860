// The spreadsheet import benchmark (not a test): `cd bench && node --import tsx imports.ts`.
// Bundles the API from the working tree and starts it on a scratch PostgreSQL database (demo seed), makes a company
// with every feature and no plan limits, imports BENCH_IMPORT_PROPERTIES properties, then times a CSV of
// BENCH_IMPORT_UNITS unit rows (default 10,000) from upload to `done` through POST /api/imports (not a dry run: the
// job checks every row, then writes them in batches) while sampling the server's RSS, and the same file once more
// (every row skipped). A second, larger file (BENCH_IMPORT_LARGE, default 4 × the rows) shows that memory follows the
// batch, not the file. Writes the "Spreadsheet import" section of docs/performance.md (BENCH_WRITE_DOC=false: print
// only). Exits non-zero when the first import takes 60 s or more (BENCH_AIMS=false: report only).
import pg from 'pg';
import { bundleServer } from './lib/bundle';
import { json, signIn } from './lib/list-bench';
import { createScratchDatabase, postgresAvailable, type ScratchDatabase } from './lib/postgres';
import { machineLine, markdownTable, saveResults, writeDocSection } from './lib/report';
import { type BenchProcess, spawnAndWait } from './lib/server';

process.env.BENCH_PORT_RANGE ??= '3500-3599';
const UNITS = Number(process.env.BENCH_IMPORT_UNITS ?? 10_000);
const LARGE = Number(process.env.BENCH_IMPORT_LARGE ?? UNITS * 4);
const PROPERTIES = Number(process.env.BENCH_IMPORT_PROPERTIES ?? 100);
const AIM_S = 60;
const OWNER = { email: 'bench-import-owner@bench.test', password: 'Password123!' };

interface Job {
  _id: string;
  status: string;
  progress: { done: number; total: number };
  summary: { valid: number; invalid: number; created: number; updated: number; skipped: number };
  errors: { row: number; field: string; message: string }[];
}

interface Run {
  rows: number;
  fileKb: number;
  seconds: number;
  rowsPerSecond: number;
  baselineRssMb: number;
  peakRssMb: number;
  summary: Job['summary'];
}

const csv = (rows: string[][]) => `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;
const propertyName = (i: number) => `Bench Block ${String(i).padStart(3, '0')}`;

function unitsCsv(count: number, offset = 0): string {
  const rows = [
    ['Property name', 'Unit number', 'Unit type', 'Floor', 'Bedrooms', 'Rent', 'Security deposit'],
  ];
  for (let i = 0; i < count; i++) {
    const n = i + offset;
    rows.push([
      propertyName(n % PROPERTIES),
      `U-${n}`,
      n % 2 ? '2bhk' : '1bhk',
      String(n % 20),
      String(1 + (n % 2)),
      `"₹${(15_000 + (n % 50) * 250).toLocaleString('en-IN')}.50"`,
      String(30_000 + (n % 10) * 1000),
    ]);
  }
  return csv(rows);
}

/** Uploads the file and polls the job to its end, sampling the server's RSS every 100 ms. */
async function timedImport(
  server: BenchProcess,
  headers: Record<string, string>,
  kind: string,
  text: string,
): Promise<Run & { job: Job }> {
  const baselineRssMb = server.rssMb();
  let peakRssMb = baselineRssMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, server.rssMb());
  }, 100);
  const started = performance.now();
  try {
    const form = new FormData();
    form.append('kind', kind);
    form.append('dryRun', 'false');
    form.append('file', new Blob([text], { type: 'text/csv' }), `${kind}.csv`);
    const queued = await json<{ data: Job }>(
      await fetch(`${server.baseUrl}/api/imports`, { method: 'POST', headers, body: form }),
    );
    for (;;) {
      const job = (
        await json<{ data: Job }>(
          await fetch(`${server.baseUrl}/api/imports/${queued.data._id}`, { headers }),
        )
      ).data;
      if (job.status === 'done' || job.status === 'failed') {
        const seconds = (performance.now() - started) / 1000;
        const rows = job.progress.total;
        return {
          job,
          rows,
          fileKb: Math.round(Buffer.byteLength(text) / 1024),
          seconds: Math.round(seconds * 10) / 10,
          rowsPerSecond: Math.round(rows / seconds),
          baselineRssMb,
          peakRssMb,
          summary: job.summary,
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    clearInterval(sampler);
  }
}

async function main(): Promise<void> {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is not reachable (BENCH_PG_ADMIN_URL)');
  let database: ScratchDatabase | undefined;
  let server: BenchProcess | undefined;
  try {
    database = await createScratchDatabase('rentora_bench_imports');
    server = await spawnAndWait({
      args: [await bundleServer('imports')],
      env: { DATABASE_URL: database.url, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123' },
      timeoutMs: 300_000,
    });
    const registered = await json<{ data: { company: { _id: string } } }>(
      await fetch(`${server.baseUrl}/api/auth/register-company`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          company: { name: 'Bench Import Co' },
          owner: { firstName: 'Bench', lastName: 'Importer', ...OWNER },
        }),
      }),
    );
    const companyId = registered.data.company._id;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `update companies set features_list = '[]'::jsonb,
         limitations = '{"maxPropertiesPerCompany":-1,"maxUsersPerCompany":-1,"maxRentalUnitsPerProperty":-1}'::jsonb
       where id = $1`,
      [companyId],
    );
    await client.end();
    const headers = await signIn(server.baseUrl, OWNER, companyId);

    const properties = csv([
      ['Property name', 'Property type', 'Address line 1', 'City', 'State', 'Postal code'],
      ...Array.from({ length: PROPERTIES }, (_, i) => [
        propertyName(i),
        'apartment_building',
        `${i + 1} Bench Road`,
        'Pune',
        'Maharashtra',
        '411001',
      ]),
    ]);
    const setup = await timedImport(server, headers, 'properties', properties);
    if (setup.summary.created !== PROPERTIES) throw new Error(`properties: ${JSON.stringify(setup.job)}`);

    const file = unitsCsv(UNITS);
    const first = await timedImport(server, headers, 'units', file);
    console.log(`first import: ${JSON.stringify({ ...first, job: undefined })}`);
    if (first.summary.created !== UNITS)
      throw new Error(`units: ${JSON.stringify(first.job.errors.slice(0, 5))}`);
    const again = await timedImport(server, headers, 'units', file);
    console.log(`same file again: ${JSON.stringify({ ...again, job: undefined })}`);
    const large = await timedImport(server, headers, 'units', unitsCsv(LARGE, UNITS));
    console.log(`larger file: ${JSON.stringify({ ...large, job: undefined })}`);

    const table = markdownTable(
      ['Run', 'Rows', 'File', 'Time', 'Rows/s', 'RSS before → peak', 'Created / updated / skipped'],
      [first, again, large].map((run, index) => [
        ['Units, first import', 'The same file again', 'A larger file (new units)'][index]!,
        run.rows.toLocaleString('en-US'),
        `${run.fileKb} kB`,
        `${run.seconds} s`,
        run.rowsPerSecond.toLocaleString('en-US'),
        `${run.baselineRssMb} → ${run.peakRssMb} MB`,
        `${run.summary.created} / ${run.summary.updated} / ${run.summary.skipped}`,
      ]),
      [1, 2, 3, 4],
    );
    const body = `${machineLine()}

\`cd bench && node --import tsx imports.ts\`: a CSV of ${UNITS.toLocaleString('en-US')} unit rows over ${PROPERTIES} properties,
uploaded with \`POST /api/imports\` (\`dryRun=false\`) and polled to \`done\` on PostgreSQL (aim: under ${AIM_S} s). The job
reads the file as a stream and checks, then writes, it in batches of 250 rows (one transaction per batch; new units
of a batch in one statement, row by row in savepoints only when one is refused); what it keeps across batches is the
natural keys seen and the first 1,000 errors. The larger file shows how the peak RSS follows the rows (V8 does not
hand its grown heap back at once, so RSS only approximates what the job holds).

${table}
`;
    console.log(body);
    saveResults('imports', { first, again, large });
    if (process.env.BENCH_WRITE_DOC !== 'false') writeDocSection('Spreadsheet import', body);
    if (process.env.BENCH_AIMS !== 'false' && first.seconds >= AIM_S) process.exitCode = 1;
  } finally {
    await server?.stop();
    await database?.drop();
  }
}

await main();
