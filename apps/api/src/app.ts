import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { parse as parseQuery } from 'fast-querystring';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uuidv7 } from 'uuidv7';
import type { Config } from './config';
import { registerAccessControl } from './core/access';
import type { AppDeps, RouteEntry } from './core/app-deps';
import { currentRequest, registerApiKeyWriteAudit, registerAuditContext } from './core/audit';
import { installCompanyVersioning } from './core/company-versions';
import { frameworkErrorReply, registerErrorHandling } from './core/error-handler';
import { registerEventDispatchKick } from './core/events';
import { createJobRunner } from './core/jobs';
import { redactUrl } from './core/log-redaction';
import { createMailer, registerMailRetries } from './core/mail';
import { registerMetrics } from './core/metrics';
import { openApiOptions } from './core/openapi';
import { registerPageCache } from './core/page-cache';
import { type CounterStore, createMemoryCounterStore, createRateLimiter } from './core/rate-limit';
import { createRealtime } from './core/realtime';
import { createResponseSerializerCompiler } from './core/response-serializer';
import { registerSecurity } from './core/security';
import { createMemorySharedCache, type SharedCache } from './core/shared-cache';
import type { Storage } from './core/storage';
import { createStorageFromConfig } from './core/storage-s3';
import { createTokenService } from './core/tokens';
import { validatorCompiler } from './core/validation';
import { serveWebApp } from './core/web-app';
import type { Database } from './db/client';
import { registerModules } from './modules';
import { createNotifier } from './modules/notifications/notifications.notifier';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { defineScheduledJobs } from './scheduled-jobs';
import { createServices } from './services';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  counterStore?: CounterStore;
  storage?: Storage;
  logger?: boolean;
  /** Where log lines go (default stdout); tests capture them to prove no secret is logged. */
  logStream?: NodeJS.WritableStream;
  readinessChecks?: Record<string, () => Promise<unknown>>;
  cache?: SharedCache;
  /**
   * The database's start-up work (migrations, plans, the demo seed), when it runs while the app builds (serve.ts):
   * the app's own start-up statements wait for it, at `ready`.
   */
  databaseReady?: Promise<unknown>;
}

/** `key[]=a&key[]=b` and `key=a&key=b` both arrive as `key: [a, b]`. */
export function parseQueryString(raw: string): Record<string, unknown> {
  const parsed = parseQuery(raw) as Record<string, unknown>;
  for (const key of Object.keys(parsed)) {
    if (!key.endsWith('[]')) continue;
    const base = key.slice(0, -2);
    const value = parsed[key];
    const values = Array.isArray(value) ? value : [value];
    const existing = parsed[base];
    parsed[base] =
      existing === undefined ? values : [...(Array.isArray(existing) ? existing : [existing]), ...values];
    delete parsed[key];
  }
  return parsed;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** A load balancer's `X-Request-Id` is kept when it looks like an id (never trusted for anything else). */
export function forwardedRequestId(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID_PATTERN.test(value) ? value : undefined;
}

/** Builds the whole application without listening: server.ts and the tests both use it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            stream: options.logStream,
            // Libraries log objects of their own at debug/trace (multipart logs its request headers, say).
            redact: {
              paths: [
                '*.authorization',
                '*.headers.authorization',
                '*.headers.cookie',
                '*.password',
                '*.token',
                '*.refreshToken',
                'password',
                'token',
                'refreshToken',
              ],
              censor: '[redacted]',
            },
            serializers: {
              req: (request) => ({
                method: request.method,
                url: redactUrl(request.url),
                remoteAddress: request.ip,
              }),
            },
          },
    genReqId: (request) => forwardedRequestId(request.headers['x-request-id']) ?? uuidv7(),
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
    frameworkErrors: (error, request, replyTo) => {
      const { status, body } = frameworkErrorReply(error, request.id);
      // The raw reply: no route (and so no response schema) has been chosen yet.
      void (replyTo as FastifyReply).code(status).send(body);
    },
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createResponseSerializerCompiler(config.env === 'production' ? 'compiled' : 'checked'),
  );

  const tokens = createTokenService(config.jwtSecret, config.accessTokenTtl);
  const jobs = await createJobRunner({ database, log: app.log });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
  });
  registerMailRetries(mailer, jobs);
  const counterStore = options.counterStore ?? createMemoryCounterStore();
  const realtime = await createRealtime(app, { db: database.db, tokens, redisUrl: config.redisUrl });
  const deps: AppDeps = {
    config,
    db: database.db,
    driver: database.driver,
    tokens,
    mailer,
    jobs,
    limiter: createRateLimiter(counterStore, config.rateLimits.windowSeconds),
    realtime,
    notifier: createNotifier({ db: database.db, realtime, log: app.log }),
    storage: options.storage ?? (await createStorageFromConfig(config)),
    readinessChecks: options.readinessChecks ?? {},
    cache: options.cache ?? createMemorySharedCache(),
  };
  app.decorate('deps', deps);
  const services = createServices(deps, app.log);
  app.decorate('services', services);
  await defineScheduledJobs(jobs, services, app.log);
  app.addHook('onClose', () => jobs.stop());
  app.decorate('routeTable', [] as RouteEntry[]);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeTable.push({ method, url: route.url, access, hasBody: Boolean(route.schema?.body) });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);
  registerAuditContext(app);
  await registerSecurity(app, config);
  registerMetrics(app, { database, openSockets: () => realtime.io.engine.clientsCount, jobs });
  registerAccessControl(app, {
    db: deps.db,
    tokens,
    apiKeyLimiter: createRateLimiter(counterStore, 60),
    apiKeyRateLimit: config.apiKeyRateLimitPerMinute,
  });
  // A company read's statements wait for its caller's access check, which rides with the first (core/deferred-access.ts).
  database.gateStatements(() => currentRequest()?.accessGate);
  registerApiKeyWriteAudit(app, deps.db);
  registerEventDispatchKick(app, () => services.webhooks.kick());
  app.decorate('whenDatabaseReady', (task: () => Promise<void>) => {
    // Started as soon as the database is ready (on PGlite's thread while this thread builds routes), awaited at `ready`.
    const done = Promise.resolve(options.databaseReady).then(task);
    done.catch(() => {});
    app.addHook('onReady', () => done);
  });
  // The company data versions keep the report and page caches exact (idempotent, once per process start).
  app.whenDatabaseReady(() => installCompanyVersioning(database.db));
  registerPageCache(app, database.db, config.pageCacheBytes);

  await app.register(fastifySwagger, openApiOptions(config));
  // Its own CSP (with the hashes of its inline scripts) replaces the app's on the documentation pages; Swagger UI
  // injects <style> elements at run time, so its styles may be inline, and plain http stays plain http locally.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(' upgrade-insecure-requests;', ''),
  });

  await app.register(registerModules, { prefix: '/api', services });
  await app.register(uploadsRoutes, { prefix: '/uploads', services });
  if (config.webDistDir && existsSync(path.join(config.webDistDir, 'index.html'))) {
    await serveWebApp(app, config.webDistDir);
  }
  return app;
}
