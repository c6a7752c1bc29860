import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
/** The error envelope of every failed call (`{ success: false, error, code, details? }`). */
export type ApiError = components['schemas']['ApiError'];

export interface RentoraClientOptions {
  /** The server's origin, e.g. `https://rentora.example.com` (paths start with `/api/`). */
  baseUrl: string;
  /** A company API key (sent as `X-Api-Key`): acts for its company with its own permissions. */
  apiKey?: string;
  /** Or a signed-in access token (sent as `Authorization: Bearer`). */
  token?: string;
  /** The company to act in (`x-company-id`); an API key's company needs none. */
  companyId?: string;
  /** A fetch of your own (tests, proxies); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

export type RentoraClient = Client<paths>;

/**
 * A typed client of the Rentora API: every path, parameter, body and answer typed from the OpenAPI document.
 *
 * ```ts
 * const rentora = createRentoraClient({ baseUrl: 'https://rentora.example.com', apiKey: process.env.RENTORA_KEY });
 * const { data, error } = await rentora.GET('/api/invoices', { params: { query: { status: 'overdue' } } });
 * ```
 */
export function createRentoraClient(options: RentoraClientOptions): RentoraClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const auth: Middleware = {
    onRequest({ request }) {
      if (options.apiKey) request.headers.set('X-Api-Key', options.apiKey);
      if (options.token) request.headers.set('Authorization', `Bearer ${options.token}`);
      if (options.companyId) request.headers.set('x-company-id', options.companyId);
      return request;
    },
  };
  client.use(auth);
  return client;
}
