import cluster from 'node:cluster';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, register } from 'prom-client';
import type { Database } from '../db/client';

/**
 * Prometheus metrics through prom-client. The metrics live once per process in prom-client's global registry
 * (several apps in one test process share them). Under `WORKERS` > 1 the primary process aggregates every
 * worker's registry (prom-client's AggregatorRegistry over the cluster IPC channel), so one scrape of
 * GET /api/metrics on the shared port sees the whole machine.
 */
interface ProcessMetrics {
  requests: Counter<'method' | 'route' | 'status_code'>;
  duration: Histogram<'method' | 'route' | 'status_code'>;
  queryDuration: Histogram<'driver'>;
  pool: Gauge<'state'>;
  sockets: Gauge;
  jobs: Gauge<'queue' | 'state'>;
  jobFailures: Counter<'queue'>;
}

let processMetrics: ProcessMetrics | undefined;
const poolSources = new Set<Database>();
const socketSources = new Set<() => number>();
interface JobQueueStats {
  queue: string;
  queued: number;
  active: number;
  failed: number;
}
const jobSources = new Set<() => Promise<JobQueueStats[]>>();

function metrics(): ProcessMetrics {
  if (processMetrics) return processMetrics;
  collectDefaultMetrics({ prefix: 'rentora_' });
  // prom-client answers the primary's aggregation requests only once an AggregatorRegistry exists in the worker.
  if (cluster.isWorker) new AggregatorRegistry();
  processMetrics = {
    requests: new Counter({
      name: 'rentora_http_requests_total',
      help: 'HTTP requests by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
    }),
    duration: new Histogram({
      name: 'rentora_http_request_duration_seconds',
      help: 'HTTP request latency by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    }),
    queryDuration: new Histogram({
      name: 'rentora_db_query_duration_seconds',
      help: 'Database statement time',
      labelNames: ['driver'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    }),
    pool: new Gauge({
      name: 'rentora_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting)',
      labelNames: ['state'],
      collect() {
        const totals = { total: 0, idle: 0, waiting: 0 };
        for (const database of poolSources) {
          const stats = database.poolStats();
          if (!stats) continue;
          totals.total += stats.total;
          totals.idle += stats.idle;
          totals.waiting += stats.waiting;
        }
        for (const [state, value] of Object.entries(totals)) this.set({ state }, value);
      },
    }),
    sockets: new Gauge({
      name: 'rentora_realtime_sockets',
      help: 'Open socket.io connections of this process',
      collect() {
        let open = 0;
        for (const count of socketSources) open += count();
        this.set(open);
      },
    }),
    jobs: new Gauge({
      name: 'rentora_jobs',
      help: 'Background jobs by queue and state (queued, active, failed)',
      labelNames: ['queue', 'state'],
      async collect() {
        for (const source of jobSources) {
          for (const row of await source().catch(() => [])) {
            this.set({ queue: row.queue, state: 'queued' }, row.queued);
            this.set({ queue: row.queue, state: 'active' }, row.active);
            this.set({ queue: row.queue, state: 'failed' }, row.failed);
          }
        }
      },
    }),
    jobFailures: new Counter({
      name: 'rentora_job_failures_total',
      help: 'Failed attempts of background jobs by queue',
      labelNames: ['queue'],
    }),
  };
  return processMetrics;
}

/** Counts a failed job attempt (core/jobs.ts). */
export function countJobFailure(queue: string): void {
  metrics().jobFailures.inc({ queue });
}

/** Request counters and latency by route pattern, database timings, sockets. */
export function registerMetrics(
  app: FastifyInstance,
  options: { database: Database; openSockets: () => number; jobs: { stats(): Promise<JobQueueStats[]> } },
): void {
  const m = metrics();
  poolSources.add(options.database);
  socketSources.add(options.openSockets);
  const jobStats = () => options.jobs.stats();
  jobSources.add(jobStats);
  options.database.observeQueries((seconds) =>
    m.queryDuration.observe({ driver: options.database.driver }, seconds),
  );
  app.addHook('onClose', async () => {
    poolSources.delete(options.database);
    socketSources.delete(options.openSockets);
    jobSources.delete(jobStats);
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids must not become label values.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    m.requests.inc(labels);
    m.duration.observe(labels, reply.elapsedTime / 1000);
  });
}

const METRICS_REQUEST = 'rentora:metrics:request';
const METRICS_RESPONSE = 'rentora:metrics:response';

/** The primary of a cluster answers its workers' requests for the aggregated metrics (server.ts). */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_RESPONSE, id: message.id, text }),
      (error: unknown) => worker.send({ type: METRICS_RESPONSE, id: message.id, error: String(error) }),
    );
  });
}

/** This process's metrics, or the whole cluster's when it runs as a worker. */
export async function metricsText(): Promise<{ contentType: string; text: string }> {
  metrics();
  if (!cluster.isWorker || !process.send)
    return { contentType: register.contentType, text: await register.metrics() };
  const id = randomUUID();
  const text = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('The primary process did not answer with the cluster metrics'));
    }, 5000);
    function onMessage(message: { type?: string; id?: string; text?: string; error?: string }) {
      if (message?.type !== METRICS_RESPONSE || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.error) reject(new Error(message.error));
      else resolve(message.text ?? '');
    }
    process.on('message', onMessage);
    process.send?.({ type: METRICS_REQUEST, id });
  });
  return { contentType: register.contentType, text };
}

/** Constant-time check of the `Authorization: Bearer <METRICS_TOKEN>` header. */
export function isMetricsTokenValid(header: string | undefined, expected: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
