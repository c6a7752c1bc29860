import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * Security headers on every answer (helmet) and CORS closed unless CORS_ORIGINS opens it. The Content-Security-Policy
 * is the one the built web app runs under: scripts and connections only from this origin (websockets included),
 * images also from https (map tiles, an S3 bucket's presigned URLs) and data/blob URLs (previews), styles from this
 * origin plus inline style attributes (charts and maps set them), no plugins, no framing by anyone.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.appUrl.startsWith('https://');
  // Razorpay Checkout (only when its keys are set): its script, and the payment window it frames from its API host.
  const razorpay = config.razorpay !== undefined;
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(razorpay ? ['https://checkout.razorpay.com'] : [])],
        ...(razorpay ? { frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'] } : {}),
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", https ? new URL(config.appUrl).origin.replace(/^https/, 'wss') : 'ws:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Only over https: a browser remembers HSTS for the host and would refuse plain http on a laptop afterwards.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Images and files may be shown by pages on other origins only through CORS_ORIGINS.
    crossOriginResourcePolicy: { policy: config.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  if (config.corsOrigins.length > 0) {
    const allowed = new Set(config.corsOrigins);
    await app.register(fastifyCors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'x-company-id', 'x-request-id'],
      exposedHeaders: ['x-request-id', 'content-disposition'],
      maxAge: 600,
    });
  }
}

/**
 * The headers helmet sets, worked out once: the same for every answer (a route may still replace one, e.g. a CSP
 * that lets our pages frame a PDF). @fastify/helmet built the helmet middleware again for every request.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
