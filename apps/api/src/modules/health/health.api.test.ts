import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, getTestApp } from '../../../test/app';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /api/health/ready', () => {
  it('answers 200 ready when the database and the storage answer', async () => {
    const { app } = await getTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.status).toBe('ready');
    expect(Object.keys(data.checks).sort()).toEqual(['database', 'storage']);
    expect(data.checks.database.status).toBe('ok');
  });

  it('answers 503 not_ready naming the failing dependency', async () => {
    const { app: base } = await getTestApp();
    const app = await buildTestAppWith({});
    app.deps.readinessChecks.redis = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1'));
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    const { data } = response.json();
    expect(data.status).toBe('not_ready');
    expect(data.checks.redis).toMatchObject({ status: 'failed', error: 'connect ECONNREFUSED 127.0.0.1:1' });
    expect(data.checks.database.status).toBe('ok');
    // Liveness stays separate: the process itself is fine.
    expect((await base.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('GET /api/metrics', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestAppWith({ metricsToken: METRICS_TOKEN });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is 404 when METRICS_TOKEN is not set', async () => {
    const { app: plain } = await getTestApp();
    const response = await plain.inject({ method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('refuses a missing or wrong token with the error envelope', async () => {
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${METRICS_TOKEN}x`]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('serves request counts and latency by route pattern, database timings and process metrics', async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/properties/0192f0c4-0000-7000-8000-000000000000' });
    const response = await app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /rentora_http_requests_total\{method="GET",route="\/api\/health",status_code="200"\} \d+/,
    );
    // Route patterns, never raw ids, become labels.
    expect(text).toContain('route="/api/properties/:id",status_code="401"');
    expect(text).not.toContain('0192f0c4-0000');
    expect(text).toMatch(/rentora_http_request_duration_seconds_bucket\{le="0.05"/);
    expect(text).toMatch(/rentora_db_query_duration_seconds_count\{driver="(pglite|postgres)"\} [1-9]/);
    expect(text).toContain('rentora_realtime_sockets');
    expect(text).toContain('rentora_process_resident_memory_bytes');
  });
});

describe('X-Request-Id', () => {
  it('forwards a well-formed id from the load balancer and makes one otherwise', async () => {
    const { app } = await getTestApp();
    const forwarded = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(forwarded.headers['x-request-id']).toBe('lb-1234.abc');
    const hostile = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\u0000<script>' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
