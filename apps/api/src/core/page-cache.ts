import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { AuthContext } from './access';
import { chatVersionQuery, membershipVersionsQuery } from './company-versions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A company page (a list or a detail GET) whose answer depends only on the company's versioned data
     * (core/company-versions.ts), the caller, the query and the minute: answers are kept and served again while the
     * company's data version stands. `'chat'`: a chat page, kept while the company's chat version stands too.
     * `'memberships'`: a page of the caller's companies, kept while none of them changes (not for platform staff,
     * whose lists span every company).
     */
    pageCache?: PageCacheKind;
  }
  interface FastifyRequest {
    /** Set while a cacheable answer is being computed: the key to store it under. */
    pageCacheKey?: string;
    /** This request computes the answer other requests of the same key wait for. */
    pageCacheLeads?: boolean;
  }
}

/**
 * Answers are keyed by the minute as well: a few pages derive flags from the clock (overdue requests and invoices,
 * the next rent date) and signed photo URLs change by the hour, so an answer is never older than a minute.
 */
const MINUTE_MS = 60_000;

export type PageCacheKind = true | 'chat' | 'memberships';

/** The query string without the web client's `_t` cache-buster, which every GET carries. */
export function queryKey(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const kept = url
    .slice(start + 1)
    .split('&')
    .filter((part) => part !== '' && !part.startsWith('_t=') && part !== '_t');
  return kept.length > 0 ? `${url.slice(0, start)}?${kept.join('&')}` : url.slice(0, start);
}

function pageKey(request: FastifyRequest, ctx: AuthContext, version: string): string {
  const minute = Math.floor(Date.now() / MINUTE_MS);
  const caller = ctx.apiKey ? `key:${ctx.apiKey.id}` : ctx.userId;
  return `${ctx.companyId}|${version}|${caller}|${minute}|${queryKey(request.url)}`;
}

/** A map of strings bounded by their total length, least recently used evicted first. */
export function createBoundedStringCache(maxBytes: number) {
  const entries = new Map<string, string>();
  let bytes = 0;
  const sizeOf = (key: string, value: string) => 2 * (key.length + value.length);
  return {
    get(key: string): string | undefined {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key: string, value: string): void {
      const size = sizeOf(key, value);
      if (size > maxBytes) return;
      const previous = entries.get(key);
      if (previous !== undefined) {
        entries.delete(key);
        bytes -= sizeOf(key, previous);
      }
      entries.set(key, value);
      bytes += size;
      for (const [oldest, evicted] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= sizeOf(oldest, evicted);
      }
    },
    get size(): number {
      return entries.size;
    },
  };
}

/** An answer being computed, with the way to hand it to the requests that wait for it. */
interface Flight {
  promise: Promise<string | undefined>;
  resolve(page: string | undefined): void;
}

function startFlight(): Flight {
  let resolve: Flight['resolve'] = () => {};
  const promise = new Promise<string | undefined>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Serves the routes marked `config.pageCache` from this process's memory while the company's data version stands.
 * The version comes with the caller's context (one query, before the handler runs), so a hit costs what an
 * authenticated request costs and no more; a miss runs the route and keeps its serialised answer. Access is checked
 * before (onRequest), per caller, so a hit never skips a permission or plan check, and answers are per user.
 *
 * Concurrent misses of one key run the route once: the first computes, the others wait for its answer (a new minute
 * or a write would otherwise send every open connection to the database with the same slow query at once). When the
 * first fails, each waiter runs the route itself.
 */
export function registerPageCache(app: FastifyInstance, db: Db, maxBytes: number): void {
  if (maxBytes <= 0) return;
  const pages = createBoundedStringCache(maxBytes);
  const chatVersion = chatVersionQuery(db);
  const membershipVersions = membershipVersionsQuery(db);
  /** What the page's answer depends on, as a string; null: this caller's page is not kept. */
  const versionOf = async (kind: PageCacheKind, ctx: AuthContext): Promise<string | null> => {
    if (kind === 'memberships') {
      if (ctx.role === 'super_admin' || ctx.role === 'admin') return null;
      const [row] = await membershipVersions.execute({ userId: ctx.userId });
      return `m:${row?.versions ?? ''}`;
    }
    if (ctx.companyId === null || ctx.dataVersion === null) return null;
    if (kind !== 'chat') return String(ctx.dataVersion);
    const [row] = await chatVersion.execute({ companyId: ctx.companyId });
    return `${ctx.dataVersion}:${row?.version ?? 0}`;
  };
  const computing = new Map<string, Flight>();
  const settle = (request: FastifyRequest, page: string | undefined) => {
    const key = request.pageCacheKey;
    if (key === undefined || !request.pageCacheLeads) return;
    request.pageCacheLeads = false;
    computing.get(key)?.resolve(page);
    computing.delete(key);
  };

  app.addHook('preHandler', async (request, reply) => {
    const kind = request.routeOptions.config?.pageCache;
    // HEAD (which Fastify answers from the GET route) runs the route and sends no body: nothing to keep or serve.
    if (!kind || request.method !== 'GET') return;
    const ctx = request.auth;
    if (!ctx) return;
    const version = await versionOf(kind, ctx);
    if (version === null) return;
    const key = pageKey(request, ctx, version);
    const page = pages.get(key) ?? (await computing.get(key)?.promise);
    if (page !== undefined) {
      reply.header('x-page-cache', 'hit').type('application/json; charset=utf-8');
      return reply.send(page);
    }
    request.pageCacheKey = key;
    if (!computing.has(key)) {
      computing.set(key, startFlight());
      request.pageCacheLeads = true;
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.pageCacheKey === undefined) return payload;
    const page = reply.statusCode === 200 && typeof payload === 'string' ? payload : undefined;
    if (page !== undefined) pages.set(request.pageCacheKey, page);
    settle(request, page);
    return payload;
  });
  // A request that ends without sending (the client went away) must not keep its waiters waiting.
  app.addHook('onResponse', async (request) => settle(request, undefined));
  app.addHook('onRequestAbort', async (request) => settle(request, undefined));
}
