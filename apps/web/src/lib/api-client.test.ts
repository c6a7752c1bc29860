// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, buildQueryString, createApiClient } from './api-client';
import { createMemoryCookieJar } from './cookies';
import { createSessionStore, type SessionStore } from './session';
import { createToastStore, type ToastStore } from './toast-store';

/** A small real HTTP server speaking the API's envelope, so the client is tested over the wire. */
interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
let requests: Recorded[] = [];
let validToken = 'access-2';
let refreshDelayMs = 50;
let refreshAnswers: 'ok' | 'fail' = 'ok';

function send(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}

function handle(req: IncomingMessage, res: ServerResponse, body: string) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const auth = req.headers.authorization;
  switch (url.pathname) {
    case '/api/auth/refresh-token': {
      const { refreshToken } = JSON.parse(body || '{}') as { refreshToken?: string };
      setTimeout(() => {
        if (refreshAnswers === 'fail' || refreshToken !== 'refresh-1') {
          send(res, 401, { success: false, error: 'Invalid refresh token', code: 'UNAUTHORIZED' });
        } else {
          send(res, 200, {
            success: true,
            data: { token: validToken, refreshToken: 'refresh-2', user: { _id: 'u1' } },
          });
        }
      }, refreshDelayMs);
      return;
    }
    case '/api/items':
      if (auth !== `Bearer ${validToken}`) {
        send(res, 401, { success: false, error: 'Token expired', code: 'TOKEN_EXPIRED' });
      } else {
        send(res, 200, { success: true, data: { id: url.searchParams.get('id') } });
      }
      return;
    case '/api/always-401':
      send(res, 401, { success: false, error: 'Nope', code: 'UNAUTHORIZED' });
      return;
    case '/api/auth/login':
      send(res, 401, { success: false, error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
      return;
    case '/api/boom':
      send(res, 500, { success: false, error: 'Internal server error', code: 'INTERNAL_ERROR' });
      return;
    case '/api/limit':
      send(res, 403, {
        success: false,
        error: 'Plan limit reached',
        code: 'PLAN_LIMIT_REACHED',
        limitType: 'properties',
        current: 3,
        limit: 3,
      });
      return;
    case '/api/mfa-policy':
      send(res, 403, {
        success: false,
        error: 'Your company requires two-factor sign-in.',
        code: 'MFA_SETUP_REQUIRED',
      });
      return;
    case '/api/slow':
      setTimeout(() => send(res, 200, { success: true, data: null }), 300);
      return;
    default:
      send(res, 200, { success: true, data: { ok: true } });
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let session: SessionStore;
let toastStore: ToastStore;
let expiredCalls = 0;

function makeClient(extra: { timeoutMs?: number; now?: () => number } = {}) {
  expiredCalls = 0;
  return createApiClient({
    baseUrl,
    session,
    toasts: toastStore,
    timeoutMs: extra.timeoutMs,
    now: extra.now,
    hooks: {
      onSessionExpired: () => {
        expiredCalls += 1;
      },
    },
  });
}

beforeEach(() => {
  requests = [];
  validToken = 'access-2';
  refreshDelayMs = 50;
  refreshAnswers = 'ok';
  session = createSessionStore(createMemoryCookieJar());
  toastStore = createToastStore();
});

describe('api client: token refresh', () => {
  it('refreshes once for five concurrent 401s and replays each request exactly once', async () => {
    session.setTokens('access-1', 'refresh-1');
    const client = makeClient();
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((id) => client.getData<{ id: string }>('/items', { query: { id } })),
    );

    expect(results.map((result) => result.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(requests.filter((r) => r.url.startsWith('/api/auth/refresh-token'))).toHaveLength(1);
    const itemCalls = requests.filter((r) => r.url.startsWith('/api/items'));
    expect(itemCalls).toHaveLength(10);
    expect(itemCalls.filter((r) => r.headers.authorization === 'Bearer access-1')).toHaveLength(5);
    expect(itemCalls.filter((r) => r.headers.authorization === 'Bearer access-2')).toHaveLength(5);
    expect(session.get()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
    expect(expiredCalls).toBe(0);
  });

  it('replays a request only once: a second 401 goes to the caller', async () => {
    session.setTokens('access-1', 'refresh-1');
    const client = makeClient();
    const error = await client.get('/always-401').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(requests.filter((r) => r.url.startsWith('/api/always-401'))).toHaveLength(2);
    expect(requests.filter((r) => r.url.startsWith('/api/auth/refresh-token'))).toHaveLength(1);
  });

  it('clears the credentials, shows Session Expired and asks to go to /login when the refresh fails', async () => {
    refreshAnswers = 'fail';
    session.setTokens('access-1', 'refresh-1');
    session.setCompanyId('company-1');
    const client = makeClient();
    const outcomes = await Promise.allSettled([client.get('/items'), client.get('/items')]);

    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(requests.filter((r) => r.url.startsWith('/api/auth/refresh-token'))).toHaveLength(1);
    expect(session.get()).toEqual({ token: null, refreshToken: null, companyId: null });
    expect(toastStore.list()).toEqual([
      expect.objectContaining({
        type: 'error',
        title: 'Session Expired',
        message: 'Please log in again to continue.',
      }),
    ]);
    expect(expiredCalls).toBe(1);
  });

  it('without a refresh token clears the credentials and goes to /login without a toast', async () => {
    session.setTokens('access-1', '');
    const client = makeClient();
    await expect(client.get('/items')).rejects.toBeInstanceOf(ApiError);
    expect(requests.filter((r) => r.url.startsWith('/api/auth/refresh-token'))).toHaveLength(0);
    expect(session.get().token).toBeNull();
    expect(toastStore.list()).toHaveLength(0);
    expect(expiredCalls).toBe(1);
  });

  it('never refreshes for a 401 from an auth URL such as /auth/login', async () => {
    session.setTokens('access-1', 'refresh-1');
    const client = makeClient();
    const error = (await client
      .post('/auth/login', { email: 'a@b.c', password: 'x' })
      .catch((e) => e)) as ApiError;

    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(error.message).toBe('Invalid email or password');
    expect(requests.filter((r) => r.url.startsWith('/api/auth/refresh-token'))).toHaveLength(0);
    expect(session.get().token).toBe('access-1');
  });
});

describe('api client: requests', () => {
  it('sends the bearer token, x-company-id, JSON and a _t timestamp on GET only', async () => {
    session.setTokens('access-2', 'refresh-1');
    session.setCompanyId('company-9');
    const client = makeClient({ now: () => 1234 });
    await client.get('/things', { query: { q: 'x' } });
    await client.post('/things', { name: 'A' });

    const [get, post] = requests;
    expect(get!.url).toBe('/api/things?q=x&_t=1234');
    expect(get!.headers.authorization).toBe('Bearer access-2');
    expect(get!.headers['x-company-id']).toBe('company-9');
    expect(post!.url).toBe('/api/things');
    expect(post!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post!.body)).toEqual({ name: 'A' });
  });

  it('drops empty, null and undefined filters and sends arrays as key[]', async () => {
    const client = makeClient({ now: () => 7 });
    await client.get('/things', {
      query: {
        search: '',
        blank: '   ',
        status: null,
        city: undefined,
        page: 2,
        active: false,
        type: ['flat', '', 'villa'],
        none: [],
      },
    });
    expect(requests[0]!.url).toBe('/api/things?page=2&active=false&type[]=flat&type[]=villa&_t=7');
    expect(requests[0]!.headers.authorization).toBeUndefined();
  });

  it('builds query strings with encoding', () => {
    expect(buildQueryString({ q: 'a b&c', 'tag x': ['é'] })).toBe('?q=a%20b%26c&tag%20x[]=%C3%A9');
    expect(buildQueryString({})).toBe('');
  });

  it('shows the Server Error toast on 5xx and passes the error to the caller', async () => {
    const client = makeClient();
    const error = (await client.get('/boom').catch((e) => e)) as ApiError;

    expect(error.status).toBe(500);
    expect(error.code).toBe('INTERNAL_ERROR');
    expect(toastStore.list()).toEqual([
      expect.objectContaining({
        type: 'error',
        title: 'Server Error',
        message: 'Something went wrong. Please try again later.',
        duration: 5000,
      }),
    ]);
  });

  it('hands plan restrictions to the upgrade dialog hook with the server data', async () => {
    const client = makeClient();
    const seen: unknown[] = [];
    client.hooks.onPlanRestriction = (body) => seen.push(body);
    await expect(client.post('/limit', {})).rejects.toMatchObject({
      status: 403,
      code: 'PLAN_LIMIT_REACHED',
    });
    expect(seen).toEqual([expect.objectContaining({ limitType: 'properties', current: 3, limit: 3 })]);
    expect(toastStore.list()).toHaveLength(0);
  });

  it('hands MFA_SETUP_REQUIRED to the two-factor set-up hook', async () => {
    const client = makeClient();
    let calls = 0;
    client.hooks.onMfaSetupRequired = () => {
      calls += 1;
    };
    await expect(client.get('/mfa-policy')).rejects.toMatchObject({
      status: 403,
      code: 'MFA_SETUP_REQUIRED',
    });
    expect(calls).toBe(1);
  });

  it('times out with code TIMEOUT', async () => {
    const client = makeClient({ timeoutMs: 50 });
    await expect(client.get('/slow')).rejects.toMatchObject({ status: 0, code: 'TIMEOUT' });
  });
});

/** XMLHttpRequest as far as uploads use it, carried over fetch (the node environment has no XHR). */
class FetchXhr {
  status = 0;
  responseText = '';
  timeout = 0;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
    fetch(this.url, { method: this.method, headers: this.headers, body }).then(
      async (response) => {
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      },
      () => this.onerror?.(),
    );
  }
}

describe('api client: uploads', () => {
  function uploadClient() {
    return createApiClient({
      baseUrl,
      session,
      toasts: toastStore,
      createXhr: () => new FetchXhr() as unknown as XMLHttpRequest,
    });
  }

  it('sends the session headers, reports progress and replays once after a token refresh', async () => {
    session.setTokens('access-1', 'refresh-1');
    session.setCompanyId('c1');
    const progress: number[] = [];
    const form = new FormData();
    form.append('images', new Blob(['x'], { type: 'image/png' }), 'a.png');
    const answer = await uploadClient().upload<{ data: { id: string | null } }>('/items', form, {
      onProgress: (percent) => progress.push(percent),
    });

    expect(answer.data).toEqual({ id: null });
    const calls = requests.filter((r) => r.url.startsWith('/api/items'));
    expect(calls.map((r) => [r.method, r.headers.authorization, r.headers['x-company-id']])).toEqual([
      ['POST', 'Bearer access-1', 'c1'],
      ['POST', 'Bearer access-2', 'c1'],
    ]);
    expect(progress).toEqual([100, 0, 100]);
  });

  it('sends no session headers for anonymous uploads and raises the Server Error toast on 5xx', async () => {
    session.setTokens('access-1', 'refresh-1');
    const error = await uploadClient()
      .upload('/boom', new FormData(), { anonymous: true })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect(requests.find((r) => r.url.startsWith('/api/boom'))?.headers.authorization).toBeUndefined();
    expect(toastStore.list().map((toast) => toast.title)).toEqual(['Server Error']);
  });
});
