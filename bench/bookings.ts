// The bookings and payments benchmark (not a test): `cd bench && node --import tsx bookings.ts`.
// Bundles the API from the working tree and starts it on a scratch PostgreSQL database with the demo seed (sandbox
// gateway, a known sandbox secret and webhook secret), then:
//  1. 100 signed-in visitors book the same unit at once → exactly one booking may hold it (201), 99 answer 409;
//  2. 100 bookings of 100 units, each paid once in the sandbox, and 1,000 deliveries fired at once (per order 4 client
//     verifications and 6 webhooks: payment.captured and order.paid, each event id delivered twice) → exactly
//     100 ledger payments, 100 confirmed bookings, every delivery answered 2xx.
// It checks these counts in the database, prints the timings and writes the "Bookings and payments" section of
// docs/performance.md. Exits non-zero when a count is wrong.
// Env: BENCH_WRITE_DOC=false, BENCH_PG_ADMIN_URL, BENCH_BOOKINGS_RACERS (default 100), BENCH_PAID_ORDERS (default 100).
import { createHmac } from 'node:crypto';
import pg from 'pg';
import { bundleServer } from './lib/bundle';
import { createScratchDatabase, postgresAvailable, type ScratchDatabase } from './lib/postgres';
import { machineLine, markdownTable, ms, saveResults, writeDocSection } from './lib/report';
import { type BenchProcess, spawnAndWait } from './lib/server';

process.env.BENCH_PORT_RANGE ??= '3300-3399';
const RACERS = Number(process.env.BENCH_BOOKINGS_RACERS ?? 100);
const ORDERS = Number(process.env.BENCH_PAID_ORDERS ?? 100);
const VERIFIES_PER_ORDER = 4;
const WEBHOOKS_PER_ORDER = 6;
const SANDBOX_SECRET = 'bench-sandbox-secret-0123456789abcdef-0123';
const WEBHOOK_SECRET = 'bench-webhook-secret';
const PASSWORD = 'Password123!';
const OWNER = { email: 'owner@sunrise.test', password: PASSWORD };

interface Timed {
  status: number;
  ms: number;
  body: string;
}

async function timed(url: string, init: RequestInit): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return { status: response.status, ms: performance.now() - started, body };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function countBy<T>(items: T[], key: (item: T) => string | number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[String(key(item))] = (out[String(key(item))] ?? 0) + 1;
  return out;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Visitors (accounts with the demo password, made in SQL) and bookable units of the demo company. */
async function prepare(client: pg.Client, visitors: number, units: number) {
  const [owner] = (await client.query(`select password_hash from users where email = $1`, [OWNER.email]))
    .rows as { password_hash: string }[];
  if (!owner) throw new Error('the demo owner is missing');
  await client.query(
    `insert into users (id, email, password_hash, first_name, last_name, role, is_email_verified)
     select gen_random_uuid(), 'bench-booker-' || g || '@bench.test', $2, 'Bench', 'Booker ' || g, 'tenant', true
     from generate_series(1, $1) g`,
    [visitors, owner.password_hash],
  );
  const [property] = (
    await client.query(
      `select p.id, p.company_id from properties p join companies c on c.id = p.company_id
       where c.email = 'hello@sunrise.test' and p.verification_status = 'verified' and c.is_verified
       order by p.created_at limit 1`,
    )
  ).rows as { id: string; company_id: string }[];
  if (!property) throw new Error('no verified demo property of Sunrise Estates');
  await client.query(
    `insert into rental_units (id, company_id, property_id, unit_number, unit_type, rent, security_deposit,
       maintenance_amount, verification_status)
     select gen_random_uuid(), $1, $2, 'BENCH-' || g, '1bhk', 1500000, 3000000, 100000, 'verified'
     from generate_series(1, $3) g`,
    [property.company_id, property.id, units],
  );
  const ids = (
    await client.query(`select id from rental_units where unit_number like 'BENCH-%' order by unit_number`)
  ).rows as { id: string }[];
  return ids.map((r) => r.id);
}

async function login(base: string, email: string): Promise<string> {
  const answer = await json<{ data: { token: string } }>(
    await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }),
  );
  return answer.data.token;
}

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

function bookRequest(base: string, token: string, unitId: string): Promise<Timed> {
  return timed(`${base}/bookings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      rentalUnitId: unitId,
      moveInDate: inAWeek(),
      durationMonths: 11,
      paymentPlan: 'full',
    }),
  });
}

async function main(): Promise<void> {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is not reachable (BENCH_PG_ADMIN_URL)');
  let database: ScratchDatabase | undefined;
  let server: BenchProcess | undefined;
  const problems: string[] = [];
  try {
    database = await createScratchDatabase('rentora_bench_bookings');
    server = await spawnAndWait({
      args: [await bundleServer('bookings')],
      env: {
        DATABASE_URL: database.url,
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        PAYMENTS_SANDBOX_SECRET: SANDBOX_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000',
        RATE_LIMIT_LOGIN_PER_IP: '100000',
      },
      timeoutMs: 300_000,
    });
    const base = `${server.baseUrl}/api`;
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const visitors = Math.max(RACERS, ORDERS);
    const units = await prepare(db, visitors, 1 + ORDERS);
    const tokens: string[] = [];
    for (let i = 1; i <= visitors; i += 1) tokens.push(await login(base, `bench-booker-${i}@bench.test`));
    console.log(`${visitors} visitors signed in, ${units.length} bookable units`);

    // 1. The race for one unit.
    const contested = units[0]!;
    const raceStarted = performance.now();
    const race = await Promise.all(
      tokens.slice(0, RACERS).map((token) => bookRequest(base, token, contested)),
    );
    const raceMs = performance.now() - raceStarted;
    const raceCodes = countBy(race, (r) => r.status);
    const [held] = (
      await db.query(
        `select count(*)::int as n from bookings where rental_unit_id = $1
         and status in ('pending_payment', 'partially_paid', 'confirmed')`,
        [contested],
      )
    ).rows as { n: number }[];
    const [orders1] = (
      await db.query(
        `select count(*)::int as n from payment_orders o join bookings b on b.id = o.reference_id
         where b.rental_unit_id = $1`,
        [contested],
      )
    ).rows as { n: number }[];
    console.log(
      `race: ${JSON.stringify(raceCodes)} in ${Math.round(raceMs)} ms; holding bookings ${held!.n}`,
    );
    if (raceCodes['201'] !== 1 || raceCodes['409'] !== RACERS - 1 || held!.n !== 1 || orders1!.n !== 1) {
      problems.push(`race: ${JSON.stringify(raceCodes)}, ${held!.n} holding bookings, ${orders1!.n} orders`);
    }

    // 2. 100 orders, each paid once, and 1,000 deliveries of those payments at once.
    const setupStarted = performance.now();
    const made = await Promise.all(
      units.slice(1, 1 + ORDERS).map((unit, i) => bookRequest(base, tokens[i]!, unit)),
    );
    const bookingMs = performance.now() - setupStarted;
    const checkouts = made.map((r) => {
      if (r.status !== 201) throw new Error(`booking failed: ${r.status} ${r.body}`);
      return (
        JSON.parse(r.body) as { data: { booking: { _id: string }; order: { id: string; amount: number } } }
      ).data;
    });
    const deliveries: (() => Promise<Timed & { kind: string }>)[] = [];
    checkouts.forEach((checkout, i) => {
      const orderId = checkout.order.id;
      const paymentId = `pay_Bench${String(i).padStart(9, '0')}`;
      const signature = createHmac('sha256', SANDBOX_SECRET).update(`${orderId}|${paymentId}`).digest('hex');
      const verifyBody = JSON.stringify({
        bookingId: checkout.booking._id,
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
      });
      for (let v = 0; v < VERIFIES_PER_ORDER; v += 1) {
        deliveries.push(async () => ({
          kind: 'verify',
          ...(await timed(`${base}/bookings/verify-payment`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
            body: verifyBody,
          })),
        }));
      }
      for (let w = 0; w < WEBHOOKS_PER_ORDER; w += 1) {
        const event = w % 2 === 0 ? 'payment.captured' : 'order.paid';
        const raw = JSON.stringify({
          entity: 'event',
          event,
          payload: {
            payment: {
              entity: {
                id: paymentId,
                order_id: orderId,
                amount: checkout.order.amount,
                status: 'captured',
                method: 'upi',
              },
            },
          },
        });
        deliveries.push(async () => ({
          kind: 'webhook',
          ...(await timed(`${base}/payments/webhook`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'),
              // Three events per order, each delivered twice (Razorpay retries).
              'x-razorpay-event-id': `evt_bench_${i}_${Math.floor(w / 2)}`,
            },
            body: raw,
          })),
        }));
      }
    });
    // Shuffled so that verifications and webhooks of one order interleave.
    for (let i = deliveries.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }
    const stormStarted = performance.now();
    const storm = await Promise.all(deliveries.map((deliver) => deliver()));
    const stormMs = performance.now() - stormStarted;
    const stormCodes = countBy(storm, (r) => `${r.kind} ${r.status}`);
    const ids = checkouts.map((c) => c.booking._id);
    const [ledger] = (
      await db.query(
        `select count(*)::int as payments, count(distinct p.order_id)::int as orders,
           count(*) filter (where p.source = 'verify')::int as by_verify,
           count(*) filter (where p.source = 'webhook')::int as by_webhook
         from payments p join payment_orders o on o.id = p.order_id where o.reference_id = any($1::uuid[])`,
        [ids],
      )
    ).rows as { payments: number; orders: number; by_verify: number; by_webhook: number }[];
    const [confirmed] = (
      await db.query(
        `select count(*) filter (where status = 'confirmed')::int as confirmed,
           count(*) filter (where paid_amount = total_amount)::int as paid_exactly,
           count(*) filter (where tenant_id is not null)::int as tenants
         from bookings where id = any($1::uuid[])`,
        [ids],
      )
    ).rows as { confirmed: number; paid_exactly: number; tenants: number }[];
    const [events] = (
      await db.query(
        `select count(*)::int as n from payment_webhook_events where event_id like 'evt_bench_%'`,
      )
    ).rows as { n: number }[];
    console.log(
      `storm: ${deliveries.length} deliveries in ${Math.round(stormMs)} ms ${JSON.stringify(stormCodes)}; ` +
        `ledger ${JSON.stringify(ledger)}; bookings ${JSON.stringify(confirmed)}; webhook events ${events!.n}`,
    );
    const failures = storm.filter((r) => r.status < 200 || r.status >= 300);
    if (failures.length > 0)
      problems.push(`${failures.length} deliveries failed: ${failures[0]!.status} ${failures[0]!.body}`);
    if (ledger!.payments !== ORDERS || ledger!.orders !== ORDERS) {
      problems.push(`ledger: ${ledger!.payments} payments for ${ledger!.orders} orders (want ${ORDERS})`);
    }
    if (confirmed!.confirmed !== ORDERS || confirmed!.paid_exactly !== ORDERS) {
      problems.push(`bookings: ${JSON.stringify(confirmed)}`);
    }
    await db.end();

    const raceLatencies = race.map((r) => r.ms);
    const verifyLatencies = storm.filter((r) => r.kind === 'verify').map((r) => r.ms);
    const webhookLatencies = storm.filter((r) => r.kind === 'webhook').map((r) => r.ms);
    const results = {
      race: { codes: raceCodes, held: held!.n, orders: orders1!.n, wallMs: raceMs },
      storm: { codes: stormCodes, ledger, confirmed, events: events!.n, wallMs: stormMs, bookingMs },
    };
    saveResults('bookings', results);
    const row = (name: string, n: number, wall: number, latencies: number[], outcome: string) => [
      name,
      n,
      ms(Math.round(wall)),
      ms(Math.round(percentile(latencies, 50))),
      ms(Math.round(percentile(latencies, 99))),
      outcome,
    ];
    const body = [
      `Run: \`cd bench && node --import tsx bookings.ts\` (${machineLine()}); PostgreSQL, the API bundle on the demo seed, sandbox gateway; every request fired at once from one process.`,
      '',
      markdownTable(
        ['Case', 'Requests', 'Wall time (ms)', 'p50 (ms)', 'p99 (ms)', 'Outcome'],
        [
          row(
            `${RACERS} visitors book one unit at once`,
            RACERS,
            raceMs,
            raceLatencies,
            `${raceCodes['201'] ?? 0} × 201, ${raceCodes['409'] ?? 0} × 409; ${held!.n} booking holds the unit, ${orders1!.n} gateway order`,
          ),
          row(
            `${ORDERS} bookings of ${ORDERS} units (set-up)`,
            ORDERS,
            bookingMs,
            made.map((r) => r.ms),
            `${made.filter((r) => r.status === 201).length} × 201`,
          ),
          row(
            `${verifyLatencies.length} client verifications (${VERIFIES_PER_ORDER} per order)`,
            verifyLatencies.length,
            stormMs,
            verifyLatencies,
            `${stormCodes['verify 200'] ?? 0} × 200`,
          ),
          row(
            `${webhookLatencies.length} webhooks (${WEBHOOKS_PER_ORDER} per order, each event id twice), same burst`,
            webhookLatencies.length,
            stormMs,
            webhookLatencies,
            `${stormCodes['webhook 200'] ?? 0} × 200; ${events!.n} distinct events stored`,
          ),
        ],
        [1, 2, 3, 4],
      ),
      '',
      `Result of the ${deliveries.length}-delivery burst for ${ORDERS} orders: **${ledger!.payments} ledger payments** ` +
        `(${ledger!.by_verify} first recorded by a verification, ${ledger!.by_webhook} by a webhook) for ${ledger!.orders} orders, ` +
        `${confirmed!.confirmed} bookings confirmed with exactly their total paid, ${confirmed!.tenants} pending tenancies created. ` +
        'Exactly-once comes from the unique key on the gateway payment id and the order row lock in one transaction ' +
        '(payments.service.ts `recordPayment`), the one-hold rule from the partial unique index `bookings_unit_hold_uq`; ' +
        'a repeated delivery answers 200 with the payment already recorded.',
      '',
      'The server runs with its production PostgreSQL pool of 2 connections (server.ts) on the shared 2-core machine ' +
        'whose load is given above, and the load generator shares those cores: the wall times and latencies are upper ' +
        'bounds of a contended run; the counts are the point and are checked by the run (it exits non-zero when one ' +
        'is off). Repeats are answered from one read of the ledger before any lock is taken, and a delivery that finds ' +
        "its order's row locked by another one (FOR UPDATE SKIP LOCKED) waits in Node and looks again instead of " +
        'holding one of the 2 connections blocked on the lock; before that change the same burst took 21–29 s (at load averages of 10–17).',
      problems.length > 0 ? `\n**Problems:** ${problems.join('; ')}` : '',
    ].join('\n');
    if (process.env.BENCH_WRITE_DOC !== 'false') writeDocSection('Bookings and payments', body);
    console.log(body);
  } finally {
    await server?.stop();
    await database?.drop().catch((error) => console.error(error));
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
