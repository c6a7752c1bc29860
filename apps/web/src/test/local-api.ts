import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/api/companies?page=1&_t=…`. */
  url: string;
  body: string;
}

export interface LocalAnswer {
  status?: number;
  body: unknown;
}

export type LocalHandler = (request: RecordedRequest) => LocalAnswer | Promise<LocalAnswer>;

export interface LocalApi {
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on loopback that answers the web app's `/api/...` requests, so hooks are tested over the
 * wire (headers, query strings, bodies, statuses) as in lib/api-client.test.ts. The app calls relative URLs,
 * which Node's fetch cannot resolve in jsdom; the only shim resolves them against this server's origin.
 * jsdom's AbortSignal is not Node's, so the signal is not forwarded (aborts are covered by api-client.test.ts).
 */
export async function startLocalApi(handler: LocalHandler): Promise<LocalApi> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', async () => {
      const recorded = { method: req.method ?? 'GET', url: req.url ?? '/', body };
      requests.push(recorded);
      const answer = await handler(recorded);
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const nodeFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const { signal: _signal, ...rest } = init ?? {};
    return nodeFetch(new URL(String(input), origin), rest);
  });
  return {
    requests,
    async close() {
      vi.unstubAllGlobals();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const okList = (data: unknown[], page = 1, limit = 10) => ({
  body: {
    success: true,
    data,
    pagination: {
      page,
      limit,
      totalCount: data.length,
      totalPages: 1,
      hasNext: false,
      hasPrev: page > 1,
    },
  },
});
