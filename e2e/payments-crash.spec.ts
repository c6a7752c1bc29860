import { createHmac, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';
import { api, DEMO, login, registerUser, type Session } from './support/api';
import { freePort, makeDataDir, type ServerProcess, spawnServer, waitForHealth } from './support/server';

const PAYMENTS = Number(process.env.PAYMENT_CRASH_PAYMENTS ?? 180);
const KILLS = Number(process.env.PAYMENT_CRASH_KILLS ?? 5);
const WORKERS = 6;
const WEBHOOK_SECRET = 'whsec_crash_test_secret';
const METRICS_TOKEN = 'crash-test-metrics-token-0123456789';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface Payer {
  session: Session;
  invoices: string[];
}

interface Webhook {
  eventId: string;
  body: string;
}

/** How the gateway and the browser tell us about one payment (as they really do: some never arrive). */
const DELIVERIES = ['verify', 'webhook', 'both', 'webhook-twice', 'verify-retried', 'none'] as const;

function webhookOf(event: string, orderId: string, paymentId: string, amount: number): Webhook {
  const body = JSON.stringify({
    entity: 'event',
    event,
    payload: {
      payment: { entity: { id: paymentId, order_id: orderId, amount, status: 'captured', method: 'upi' } },
    },
  });
  return { eventId: `evt_${randomUUID().replaceAll('-', '').slice(0, 14)}`, body };
}

/**
 * Payments on the embedded database while the server is SIGKILLed: tenants pay invoices through the sandbox
 * gateway, the browser's verify and the gateway's webhooks arrive (duplicated, concurrent, reordered or not at all),
 * forged verifies and declined payments are mixed in; the server is killed at random moments and restarted on the
 * same DATA_DIR. Every payment whose verify or webhook was answered 2xx must be in the ledger right after the kill;
 * after the webhooks are redelivered and reconciliation has run, the ledger equals the gateway's record to the paisa
 * (nothing lost, doubled or invented), and no invoice holds more than its total without a refund due.
 */
describe('SIGKILL during payments on PGlite', () => {
  const dataDir = makeDataDir('e2e-payments-crash');
  let server: ServerProcess | undefined;

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<ServerProcess> {
    const started = spawnServer({
      dataDir,
      port: await freePort(),
      env: { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, METRICS_TOKEN },
    });
    await waitForHealth(started, 180_000);
    return started;
  }

  async function openDatabase(): Promise<PGlite> {
    return PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  }

  it(
    `records every captured payment exactly once through ${KILLS} kills`,
    async () => {
      const began = performance.now();
      const phases: string[] = [];
      const phase = (name: string) =>
        phases.push(`${name} ${Math.round((performance.now() - began) / 1000)} s`);
      server = await start();
      phase('started');
      const owner = await login(server.baseUrl, DEMO.owner.email, DEMO.owner.password);
      const companyId = (
        await api<{ _id: string; name: string }[]>(server.baseUrl, 'GET', '/companies', {
          token: owner.token,
        })
      ).body.data!.find((company) => company.name === 'Sunrise Estates')!._id;
      const staff = { token: owner.token, companyId };

      // Tenants with issued invoices of varied totals, one payer per worker.
      const property = await api<{ _id: string }>(server.baseUrl, 'POST', '/properties', {
        ...staff,
        body: {
          name: `Crash Court ${randomUUID().slice(0, 5)}`,
          propertyType: 'apartment_building',
          address: { line1: '1 Crash Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' },
        },
      });
      expect(property.status).toBe(201);
      const payers: Payer[] = [];
      const invoicesPerPayer = Math.ceil(PAYMENTS / WORKERS);
      for (let i = 0; i < WORKERS; i++) {
        const unit = await api<{ _id: string }>(server.baseUrl, 'POST', '/rental-units', {
          ...staff,
          body: {
            propertyId: property.body.data!._id,
            unitNumber: `C-${i + 1}`,
            unitType: '1bhk',
            bedrooms: 1,
            pricing: { rent: 2_500_000 },
          },
        });
        expect(unit.status).toBe(201);
        const person = await registerUser(server.baseUrl);
        const tenant = await api<{ _id: string }>(server.baseUrl, 'POST', '/tenants', {
          ...staff,
          body: {
            rentalUnitId: unit.body.data!._id,
            userId: { email: person.email, firstName: 'Crash', lastName: `Payer ${i + 1}` },
            occupancyDetails: { moveInDate: '2025-04-01' },
            agreementDetails: {
              rentAmount: 2_500_000,
              rentDueDate: 5,
              leaseStartDate: '2025-04-01',
              leaseEndDate: '2026-02-28',
            },
          },
        });
        expect(tenant.status).toBe(201);
        const invoices: string[] = [];
        for (let n = 0; n < invoicesPerPayer; n++) {
          const invoice = await api<{ _id: string }>(server.baseUrl, 'POST', '/invoices', {
            ...staff,
            body: {
              tenantId: tenant.body.data!._id,
              issueDate: '2026-04-01',
              dueDate: '2099-04-05',
              lineItems: [
                {
                  description: 'Rent',
                  quantity: 1,
                  unitPrice: 100_000 + Math.floor(Math.random() * 5_000_000),
                  kind: 'rent',
                },
              ],
              send: true,
            },
          });
          expect(invoice.status).toBe(201);
          invoices.push(invoice.body.data!._id);
        }
        payers.push({ session: person, invoices });
      }

      phase('invoices made');
      const acknowledged = new Set<string>();
      const ackedThisRound = new Set<string>();
      const webhooks: Webhook[] = [];
      let forgedRefused = 0;
      let attempts = 0;
      let running = true;

      const post = async (
        pathName: string,
        body: unknown,
        token?: string,
        headers: Record<string, string> = {},
      ) => {
        const base = server!.baseUrl;
        const response = await fetch(`${base}/api${pathName}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...headers,
          },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        });
        return response.status;
      };
      const deliver = (hook: Webhook) =>
        post('/payments/webhook', hook.body, undefined, {
          'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(hook.body).digest('hex'),
          'x-razorpay-event-id': hook.eventId,
        });

      async function payOnce(payer: Payer): Promise<void> {
        const invoiceId = pick(payer.invoices);
        const opened = await api<{ order: { id: string; amount: number } }>(
          server!.baseUrl,
          'POST',
          `/invoices/${invoiceId}/pay`,
          { token: payer.session.token },
        );
        if (opened.status === 409) {
          payer.invoices.splice(payer.invoices.indexOf(invoiceId), 1); // paid: the tenant pays another one
          return;
        }
        if (opened.status !== 200) return; // the server died under the request
        attempts++;
        const order = opened.body.data!.order;
        const declined = Math.random() < 0.05;
        const checkout = await api<{
          razorpay_order_id: string;
          razorpay_payment_id: string;
          razorpay_signature: string;
        }>(server!.baseUrl, 'POST', '/payments/sandbox/checkout', {
          token: payer.session.token,
          body: { orderId: order.id, outcome: declined ? 'failure' : 'success' },
        });
        if (checkout.status !== 200 || declined) return;
        // Only the three checkout fields: the answer's `outcome` is no field of the verify body.
        const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = checkout.body.data!;
        const fields = { razorpay_order_id, razorpay_payment_id, razorpay_signature };
        const paymentId = fields.razorpay_payment_id;
        const verify = (signature = fields.razorpay_signature) =>
          post(
            '/invoices/verify-payment',
            { invoiceId, ...fields, razorpay_signature: signature },
            payer.session.token,
          );
        const acknowledge = (status: number) => {
          if (status >= 200 && status < 300) {
            acknowledged.add(paymentId);
            ackedThisRound.add(paymentId);
          }
        };
        if (Math.random() < 0.05) {
          // A forged answer for a payment id the gateway never made: refused, nothing recorded.
          const status = await post(
            '/invoices/verify-payment',
            { invoiceId, ...fields, razorpay_payment_id: `pay_Forged${randomUUID().slice(0, 8)}` },
            payer.session.token,
          );
          if (status === 400) forgedRefused++;
        }
        const captured = webhookOf('payment.captured', order.id, paymentId, order.amount);
        const orderPaid = webhookOf('order.paid', order.id, paymentId, order.amount);
        webhooks.push(captured, orderPaid);
        const how = pick(DELIVERIES);
        const calls: Promise<number>[] = [];
        if (how === 'verify' || how === 'both') calls.push(verify());
        if (how === 'verify-retried') calls.push(verify(), verify());
        if (how === 'webhook' || how === 'both') calls.push(deliver(captured));
        if (how === 'webhook-twice') calls.push(deliver(orderPaid), deliver(captured), deliver(captured));
        const answers = await Promise.allSettled(calls);
        for (const answer of answers) if (answer.status === 'fulfilled') acknowledge(answer.value);
      }

      const worker = async (payer: Payer) => {
        while (running && attempts < PAYMENTS && payer.invoices.length > 0) {
          try {
            await payOnce(payer);
          } catch {
            await sleep(50); // the server died under this payment: nothing was acknowledged
          }
        }
      };

      const perRound = Math.max(1, Math.floor(PAYMENTS / (KILLS + 1)));
      let rounds = 0;
      const workers = payers.map(worker);
      while (rounds < KILLS) {
        const target = acknowledged.size + Math.ceil(perRound * 0.6);
        const deadline = performance.now() + 60_000;
        while (acknowledged.size < target && performance.now() < deadline) await sleep(20);
        await sleep(Math.random() * 300);
        const dying = server!;
        dying.child.kill('SIGKILL');
        await dying.exited;
        // Acknowledged means durable: every payment answered 2xx is in the ledger of the killed server's data.
        const db = await openDatabase();
        try {
          const ids = [...ackedThisRound];
          const { rows } = await db.query<{ id: string }>(
            `select gateway_payment_id as id from payments where status = 'captured' and gateway_payment_id = any($1)`,
            [ids],
          );
          expect(new Set(rows.map((r) => r.id)), `round ${rounds + 1}`).toEqual(new Set(ids));
        } finally {
          await db.close();
        }
        ackedThisRound.clear();
        server = await start();
        rounds++;
      }
      // After the last restart the tenants go on until every payment of the run is made.
      await Promise.race([Promise.all(workers), sleep(Math.max(120_000, PAYMENTS * 600))]);
      running = false;
      await Promise.all(workers);
      phase('payments done');

      // The gateway retries every webhook until it gets a 2xx; the server reconciles every recent unsettled order at
      // start-up (a job queued when it starts listening): wait until that job has run.
      for (const hook of webhooks) expect(await deliver(hook)).toBe(200);
      const settledBy = performance.now() + 180_000;
      for (;;) {
        const metrics = await fetch(`${server.baseUrl}/api/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        const text = await metrics.text();
        const waiting = [
          ...text.matchAll(/^rentora_jobs\{queue="bookings\.maintenance",state="(queued|active)"\} (\d+)/gm),
        ];
        if (metrics.status === 200 && waiting.every((m) => m[2] === '0')) break;
        if (performance.now() > settledBy) {
          // What the runner was doing, for the CI log: the job gauges and the server's job lines.
          const gauges = text.split('\n').filter((line) => line.startsWith('rentora_jobs{'));
          const jobLines = server
            .output()
            .split('\n')
            .filter((line) => /job|reconcil|"level":[45]0/.test(line))
            .slice(-30);
          throw new Error(
            `start-up reconciliation did not finish (metrics ${metrics.status}):\n${gauges.join('\n')}\n${jobLines.join('\n')}`,
          );
        }
        await sleep(500);
      }
      phase('reconciled');
      server.child.kill('SIGTERM');
      await server.exited;

      const db = await openDatabase();
      try {
        const { rows: lost } = await db.query<{ id: string }>(
          `select g.gateway_payment_id as id from sandbox_gateway_payments g
          where g.status = 'captured'
            and not exists (select 1 from payments p where p.gateway_payment_id = g.gateway_payment_id
                              and p.status = 'captured' and p.amount = g.amount)`,
        );
        const { rows: phantom } = await db.query<{ id: string }>(
          `select p.gateway_payment_id as id from payments p join payment_orders o on o.id = p.order_id
          where p.status = 'captured' and o.reference_id = any($1::uuid[])
            and not exists (select 1 from sandbox_gateway_payments g
                              where g.gateway_payment_id = p.gateway_payment_id and g.status = 'captured')`,
          [payers.flatMap((payer) => payer.invoices)],
        );
        const { rows: doubled } = await db.query<{ id: string }>(
          `select invoice_id::text as id from invoice_payments where payment_id is not null
          group by invoice_id, payment_id having count(*) > 1`,
        );
        const { rows: unbalanced } = await db.query<{ id: string }>(
          `select i.id::text as id from invoices i
          where i.amount_paid > i.total
             or i.amount_paid + i.refund_due_amount
                <> (select coalesce(sum(ip.amount), 0) from invoice_payments ip where ip.invoice_id = i.id)`,
        );
        const { rows: unpaidOnline } = await db.query<{ id: string }>(
          `select p.gateway_payment_id as id from payments p
          where p.status = 'captured' and p.kind = 'invoice'
            and not exists (select 1 from invoice_payments ip where ip.payment_id = p.id)`,
        );
        const { rows: totals } = await db.query<{ captured: string; paise: string; refund_due: string }>(
          `select count(*)::text as captured, coalesce(sum(amount), 0)::text as paise,
                (select coalesce(sum(refund_due_amount), 0)::text from invoices) as refund_due
           from sandbox_gateway_payments where status = 'captured'`,
        );
        console.log(
          `payments crash test: ${KILLS} SIGKILLs, ${totals[0]!.captured} captured payments (${totals[0]!.paise} paise), ` +
            `${acknowledged.size} acknowledged before a kill or the end, ${forgedRefused} forged verifies refused, ` +
            `${totals[0]!.refund_due} paise kept as refunds due; lost ${lost.length}, phantom ${phantom.length}, ` +
            `doubled ${doubled.length}, unbalanced invoices ${unbalanced.length}; ${phases.join(', ')}`,
        );
        expect(Number(totals[0]!.captured)).toBeGreaterThanOrEqual(KILLS);
        expect(lost).toEqual([]);
        expect(phantom).toEqual([]);
        expect(doubled).toEqual([]);
        expect(unbalanced).toEqual([]);
        expect(unpaidOnline).toEqual([]);
      } finally {
        await db.close();
      }
    },
    Math.max(900_000, PAYMENTS * 2_000),
  );
});
