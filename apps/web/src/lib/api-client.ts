import {
  API_BASE_PATH,
  type ApiErrorBody,
  type AuthSession,
  errorMessage,
  isApiErrorBody,
  type Pagination,
  REQUEST_TIMEOUT_MS,
  SESSION_MESSAGES,
} from '@rentora/shared';
import { buildQueryString, isAuthUrl, type QueryParams } from './api-url';
import { session as appSession, type SessionStore } from './session';
import { toasts as appToasts, type ToastStore } from './toast-store';

export {
  buildQueryString,
  isAuthUrl,
  type QueryParams,
  type QueryPrimitive,
  type QueryValue,
} from './api-url';

/**
 * The one place that talks HTTP: base /api, bearer token, x-company-id, `_t` on GET,
 * 30 s timeout, empty filters dropped, arrays as key[]; a 401 from a non-auth URL triggers one refresh
 * shared by every concurrent failure, each request replayed once; 5xx raises the Server Error toast.
 * Uploads (`upload`) follow the same rules over XMLHttpRequest, which reports upload progress.
 */

export interface ApiOk<T> {
  success: true;
  data: T;
  message?: string;
}

export interface ApiList<T> {
  success: true;
  data: T[];
  pagination: Pagination;
  message?: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** status 0 means the request never got an answer (codes NETWORK_ERROR or TIMEOUT). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly body: ApiErrorBody | undefined;

  constructor(status: number, code: string, message: string, body?: ApiErrorBody) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }

  get details(): { path: string; message: string }[] {
    return this.body?.details ?? [];
  }
}

/** The server's `error` when present, else the caller's fallback text. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? errorMessage(error.body, fallback) : fallback;
}

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** A file answer (GET with `getFile`): its bytes and the name of its content-disposition, if any. */
export interface FileAnswer {
  blob: Blob;
  fileName: string | undefined;
}

export interface UploadOptions {
  /** 0–100 over the whole request body; back to 0 when the request is replayed after a token refresh. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Public pages (portals, public forms) send neither the session's token nor its company. */
  anonymous?: boolean;
  /** No limit unless given: a large file on a slow line may take minutes. */
  timeoutMs?: number;
}

export interface ApiClientHooks {
  /** Called after the session is cleared because it can no longer be refreshed: go to /login. */
  onSessionExpired?: () => void;
  /** 403 PLAN_LIMIT_REACHED / FEATURE_NOT_IN_PLAN: open the upgrade dialog. */
  onPlanRestriction?: (body: ApiErrorBody) => void;
  /** 403 MFA_SETUP_REQUIRED: the company requires two-factor sign-in; go to its set-up. */
  onMfaSetupRequired?: () => void;
}

export interface ApiClientOptions {
  baseUrl?: string;
  session?: SessionStore;
  toasts?: Pick<ToastStore, 'show'>;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The transport of uploads (fetch cannot report upload progress). */
  createXhr?: () => XMLHttpRequest;
  now?: () => number;
  /** Read at call time, so the app can wire navigation and dialogs after creating the client. */
  hooks?: ApiClientHooks;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** GET and unwrap `data` of `{ success, data }`. */
  getData<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  /** GET a file (a download, an image that needs the session's headers) as a blob. */
  getFile(path: string, options?: Omit<RequestOptions, 'body'>): Promise<FileAnswer>;
  /** POST a multipart form with upload progress, under the same rules as every other request. */
  upload<T>(path: string, form: FormData, options?: UploadOptions): Promise<T>;
  hooks: ApiClientHooks;
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 204) return null;
  if (type.includes('json')) return response.json().catch(() => null);
  return response.text().catch(() => null);
}

async function readFile(response: Response): Promise<FileAnswer> {
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] };
}

function toApiError(status: number, payload: unknown): ApiError {
  if (isApiErrorBody(payload)) return new ApiError(status, payload.code, payload.error, payload);
  return new ApiError(status, status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR', `Request failed (${status})`);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function isAuthSession(value: unknown): value is ApiOk<AuthSession> {
  const data = (value as { data?: { token?: unknown; refreshToken?: unknown } } | null)?.data;
  return typeof data?.token === 'string' && typeof data.refreshToken === 'string';
}

/** Serialises the refresh across tabs that share the cookies (rotation would otherwise revoke the family). */
async function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks?.request) return run();
  return locks.request('rentora-token-refresh', run);
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? API_BASE_PATH).replace(/\/$/, '');
  const store = options.session ?? appSession;
  const toastStore = options.toasts ?? appToasts;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());
  const now = options.now ?? Date.now;
  const hooks: ApiClientHooks = options.hooks ?? {};
  let refreshing: Promise<boolean> | null = null;

  function expire(showToast: boolean) {
    store.clear();
    if (showToast) {
      toastStore.show({
        type: 'error',
        title: SESSION_MESSAGES.sessionExpiredTitle,
        message: SESSION_MESSAGES.sessionExpiredMessage,
      });
    }
    hooks.onSessionExpired?.();
  }

  async function callRefresh(refreshToken: string): Promise<boolean> {
    return withRefreshLock(async () => {
      const latest = store.sync();
      // Another tab (or an earlier refresh) already rotated the tokens: use them.
      if (latest.token && latest.refreshToken && latest.refreshToken !== refreshToken) return true;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const response = await doFetch(`${baseUrl}/auth/refresh-token`, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({ refreshToken }),
          signal: controller.signal,
        });
        const payload = await readBody(response);
        if (!response.ok || !isAuthSession(payload)) return false;
        store.setTokens(payload.data.token, payload.data.refreshToken);
        return true;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    });
  }

  /** One refresh for every concurrent 401; true when the failed request should be replayed. */
  async function recoverFrom401(usedToken: string | null): Promise<boolean> {
    const current = store.sync();
    if (current.token && current.token !== usedToken) return true;
    if (!refreshing) {
      if (!current.refreshToken) {
        if (current.token || usedToken) expire(false);
        return false;
      }
      const refreshToken = current.refreshToken;
      refreshing = callRefresh(refreshToken)
        .then((ok) => {
          if (!ok) expire(true);
          return ok;
        })
        .finally(() => {
          refreshing = null;
        });
    }
    return refreshing;
  }

  async function send<T>(
    method: HttpMethod,
    path: string,
    opts: RequestOptions,
    retried: boolean,
    asFile = false,
  ): Promise<T> {
    const snapshot = store.get();
    const url = `${baseUrl}${path}${buildQueryString(opts.query, method === 'GET' ? now() : undefined)}`;
    const headers = new Headers({ accept: 'application/json', ...opts.headers });
    let body: BodyInit | undefined;
    if (typeof FormData !== 'undefined' && opts.body instanceof FormData) {
      body = opts.body;
    } else if (opts.body !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(opts.body);
    }
    if (snapshot.token) headers.set('authorization', `Bearer ${snapshot.token}`);
    if (snapshot.companyId) headers.set('x-company-id', snapshot.companyId);

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, controller.signal]) : controller.signal;
    let response: Response;
    let payload: unknown;
    try {
      response = await doFetch(url, { method, headers, body, signal, credentials: 'same-origin' });
      payload = asFile && response.ok ? await readFile(response) : await readBody(response);
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      if (controller.signal.aborted) throw new ApiError(0, 'TIMEOUT', 'The request timed out');
      throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server');
    } finally {
      clearTimeout(timer);
    }

    if (response.ok) return payload as T;

    if (response.status === 401 && !retried && !isAuthUrl(path) && snapshot.token) {
      if (await recoverFrom401(snapshot.token)) return send<T>(method, path, opts, true, asFile);
      throw toApiError(401, payload);
    }
    throw failure(response.status, payload);
  }

  /** A failed answer: the Server Error toast on 5xx, the upgrade dialog on plan restrictions; the error to throw. */
  function failure(status: number, payload: unknown): ApiError {
    if (status >= 500) {
      toastStore.show({
        type: 'error',
        title: SESSION_MESSAGES.serverErrorTitle,
        message: SESSION_MESSAGES.serverErrorMessage,
      });
    }
    if (
      status === 403 &&
      isApiErrorBody(payload) &&
      (payload.code === 'PLAN_LIMIT_REACHED' || payload.code === 'FEATURE_NOT_IN_PLAN')
    ) {
      hooks.onPlanRestriction?.(payload);
    }
    if (status === 403 && isApiErrorBody(payload) && payload.code === 'MFA_SETUP_REQUIRED') {
      hooks.onMfaSetupRequired?.();
    }
    return toApiError(status, payload);
  }

  function sendForm(
    path: string,
    form: FormData,
    opts: UploadOptions,
  ): Promise<{ status: number; payload: unknown; token: string | null }> {
    return new Promise((resolve, reject) => {
      if (opts.signal?.aborted) {
        reject(new DOMException('Aborted', 'AbortError'));
        return;
      }
      const snapshot = store.get();
      const token = opts.anonymous ? null : snapshot.token;
      const xhr = createXhr();
      xhr.open('POST', `${baseUrl}${path}`);
      xhr.setRequestHeader('accept', 'application/json');
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      if (!opts.anonymous && snapshot.companyId) xhr.setRequestHeader('x-company-id', snapshot.companyId);
      if (opts.timeoutMs) xhr.timeout = opts.timeoutMs;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) opts.onProgress?.((event.loaded / event.total) * 100);
      };
      xhr.onload = () => resolve({ status: xhr.status, payload: parseJson(xhr.responseText), token });
      xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server'));
      xhr.ontimeout = () => reject(new ApiError(0, 'TIMEOUT', 'The request timed out'));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  }

  async function upload<T>(path: string, form: FormData, opts: UploadOptions, retried: boolean): Promise<T> {
    const { status, payload, token } = await sendForm(path, form, opts);
    if (status >= 200 && status < 300) return payload as T;
    if (status === 401 && !retried && token) {
      if (await recoverFrom401(token)) {
        opts.onProgress?.(0);
        return upload<T>(path, form, opts, true);
      }
      throw toApiError(401, payload);
    }
    throw failure(status, payload);
  }

  const client: ApiClient = {
    hooks,
    request: (method, path, opts = {}) => send(method, path, opts, false),
    get: (path, opts = {}) => send('GET', path, opts, false),
    post: (path, body, opts = {}) => send('POST', path, { ...opts, body }, false),
    put: (path, body, opts = {}) => send('PUT', path, { ...opts, body }, false),
    patch: (path, body, opts = {}) => send('PATCH', path, { ...opts, body }, false),
    delete: (path, opts = {}) => send('DELETE', path, opts, false),
    getData: async <T>(path: string, opts: Omit<RequestOptions, 'body'> = {}) =>
      (await send<ApiOk<T>>('GET', path, opts, false)).data,
    getFile: (path, opts = {}) => send<FileAnswer>('GET', path, opts, false, true),
    upload: (path, form, opts = {}) => upload(path, form, opts, false),
  };
  return client;
}

/** The app's client. app/app-wiring.ts connects its hooks to the router and the upgrade dialog. */
export const api = createApiClient();
