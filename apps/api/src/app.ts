import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { parse as parseQuery } from 'fast-querystring';
import Fastify, { type FastifyInstance, type HTTPMethods } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { uuidv7 } from 'uuidv7';
import type { Config } from './config';
import { type RouteAccess, registerAccessControl } from './core/access';
import { registerErrorHandling } from './core/error-handler';
import { createMailer, type Mailer } from './core/mail';
import {
  type CounterStore,
  createMemoryCounterStore,
  createRateLimiter,
  type RateLimiter,
} from './core/rate-limit';
import { createRealtime, type Realtime } from './core/realtime';
import { createLocalStorage, type Storage } from './core/storage';
import { createTokenService, type TokenService } from './core/tokens';
import { serveWebApp } from './core/web-app';
import type { Database, Db } from './db/client';
import { registerModules } from './modules';
import { createNotifier, type Notifier } from './modules/notifications/notifications.notifier';
import { uploadsRoutes } from './modules/uploads/uploads.routes';

export interface AppDeps {
  config: Config;
  db: Db;
  driver: Database['driver'];
  tokens: TokenService;
  mailer: Mailer;
  limiter: RateLimiter;
  /** socket.io: rooms user:{id}, company:{id}; disconnectUser, refreshMemberships (core/realtime.ts). */
  realtime: Realtime;
  /** In-app notifications: notifyUser, notifyCompany, onNotified (modules/notifications). */
  notifier: Notifier;
  /** Uploaded files (core/storage.ts): local disk under DATA_DIR/uploads. */
  storage: Storage;
}

export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  access: RouteAccess | undefined;
  hasBody: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    routeTable: RouteEntry[];
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  counterStore?: CounterStore;
  storage?: Storage;
  logger?: boolean;
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

/** Builds the whole application without listening: server.ts and the tests both use it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    genReqId: () => uuidv7(),
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = createTokenService(config.jwtSecret, config.accessTokenTtl);
  const realtime = await createRealtime(app, { db: database.db, tokens, redisUrl: config.redisUrl });
  const deps: AppDeps = {
    config,
    db: database.db,
    driver: database.driver,
    tokens,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    }),
    limiter: createRateLimiter(
      options.counterStore ?? createMemoryCounterStore(),
      config.rateLimits.windowSeconds,
    ),
    realtime,
    notifier: createNotifier({ db: database.db, realtime, log: app.log }),
    storage: options.storage ?? createLocalStorage(path.join(config.dataDir, 'uploads')),
  };
  app.decorate('deps', deps);
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

  registerErrorHandling(app);
  registerAccessControl(app, deps);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Rentora API',
        description: 'Property and rental management platform',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(registerModules, { prefix: '/api' });
  await app.register(uploadsRoutes, { prefix: '/uploads' });
  if (config.webDistDir && existsSync(path.join(config.webDistDir, 'index.html'))) {
    await serveWebApp(app, config.webDistDir);
  }
  return app;
}
