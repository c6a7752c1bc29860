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
    /**
     * A read whose access check rides with its first statement, with nothing kept for it: its answer is kept under the
     * data version the check reads, of the minute it started in.
     */
    pageCacheLater?: { minute: number };
  }
}

/**
 * Answers are keyed by the minute as well: a few pages derive flags from the clock (overdue requests and invoices,
 * the next rent date) and signed photo URLs change by the hour, so an answer is never older than a minute.
 */
const MINUTE_MS = 60_000;
/** Companies whose last data version a process remembers (beyond, it starts over). */
const MAX_COMPANIES_NOTED = 10_000;

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

const currentMinute = () => Math.floor(Date.now() / MINUTE_MS);

function pageKey(
  request: FastifyRequest,
  ctx: AuthContext,
  version: string,
  minute = currentMinute(),
): string {
  const caller = ctx.apiKey ? `key:${ctx.apiKey.id}` : ctx.userId;
  return `${ctx.companyId}|${version}|${caller}|${minute}|${queryKey(request.url)}`;
}

/** A map of strings bounded by their total length, least recently used evicted first. */
export function createBoundedStringCache(maxBytes: number) {
  const entries = new Map<string, string>();
  let bytes = 0;
  const sizeOf = (key: string, value: string) => 2 * (key.length + value.length);
  return {
    has(key: string): boolean {
      return entries.has(key);
    },
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
 * before (onRequest, or with the route's first statement and before any answer leaves: core/deferred-access.ts), per
 * caller, so a hit never skips a permission or plan check, and answers are per user.
 *
 * Concurrent misses of one key run the route once: the first computes, the others wait for its answer (a new minute
 * or a write would otherwise send every open connection to the database with the same slow query at once). When the
 * first fails, each waiter runs the route itself. A page never kept in this process (nor the minute before) is not
 * waited for: its first readers each run the route.
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

  /** The data version each company's pages were last computed at in this process (a guess for deferred reads). */
  const lastVersions = new Map<string, string>();
  const noteVersion = (companyId: string, version: string) => {
    if (lastVersions.size >= MAX_COMPANIES_NOTED) lastVersions.clear();
    lastVersions.set(companyId, version);
  };
  /**
   * A company read whose access check has not run yet (core/deferred-access.ts): only when a page is kept (or being
   * computed) for it at the last version seen is the check awaited (a round trip) to find out whether it still holds;
   * otherwise the route runs at once, its first statement riding with the check, and its answer is kept afterwards.
   */
  const waitsForCheck = (request: FastifyRequest, kind: PageCacheKind, ctx: AuthContext): boolean => {
    if (kind !== true || ctx.companyId === null) return true;
    const guess = lastVersions.get(ctx.companyId);
    if (guess === undefined) return false;
    // The minute before counts too: at each new minute a popular page is computed once (see computing) again.
    const minute = currentMinute();
    return [minute, minute - 1].some((at) => {
      const key = pageKey(request, ctx, guess, at);
      return pages.has(key) || computing.has(key);
    });
  };

  app.addHook('preHandler', async (request, reply) => {
    const kind = request.routeOptions.config?.pageCache;
    // HEAD (which Fastify answers from the GET route) runs the route and sends no body: nothing to keep or serve.
    if (!kind || request.method !== 'GET') return;
    if (request.accessGate && request.auth) {
      if (!waitsForCheck(request, kind, request.auth)) {
        request.pageCacheLater = { minute: currentMinute() };
        return;
      }
      await request.accessGate.open();
    }
    const ctx = request.auth;
    if (!ctx) return;
    const version = await versionOf(kind, ctx);
    if (version === null) return;
    if (kind === true && ctx.companyId !== null) noteVersion(ctx.companyId, version);
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
  // Runs after the deferred access check's own onSend hook (registered before): the check has passed by now.
  app.addHook('onSend', async (request, reply, payload) => {
    const later = request.pageCacheLater;
    const ctx = request.auth;
    if (later && ctx?.companyId && reply.statusCode === 200 && typeof payload === 'string') {
      const version = String(ctx.dataVersion);
      noteVersion(ctx.companyId, version);
      pages.set(pageKey(request, ctx, version, later.minute), payload);
    }
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
