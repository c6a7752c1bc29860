import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookTarget } from './webhooks.targets';

/** `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: Stripe's scheme, so receivers can check freshness. */
export function signWebhookBody(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

const EXCERPT_BYTES = 1024;
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * POSTs a body to a checked target: the socket connects to the address checked by resolveWebhookTarget (the
 * host name is kept for TLS and the Host header), so a DNS answer changing between check and connect (rebinding)
 * cannot redirect it. Redirects are not followed. Never throws: a failure is a result.
 */
export function sendWebhook(
  target: WebhookTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<SendResult> {
  const started = Date.now();
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else {
      callback(null, target.address, target.family);
    }
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: Date.now() - started });
    };
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Rentora-Webhooks/1.0',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          finish({
            statusCode: response.statusCode ?? null,
            responseExcerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8') || null,
            error: null,
          }),
        );
        response.on('error', (error) =>
          finish({ statusCode: response.statusCode ?? null, responseExcerpt: null, error: error.message }),
        );
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on('error', (error) => finish({ statusCode: null, responseExcerpt: null, error: error.message }));
    request.end(body);
  });
}
