import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const ZEnv = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  MFA_ENCRYPTION_KEY: z.string().min(32, 'MFA_ENCRYPTION_KEY must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: z.string().default('15m'),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Rentora <no-reply@rentora.local>'),
  REDIS_URL: z.string().optional(),
  SUPERADMIN_EMAIL: z.string().email().optional(),
  SUPERADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_EMAIL_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1_048_576),
  IMPORT_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1_048_576),
  WEB_DIST_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z.string().optional(),
  WORKERS: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  CORS_ORIGINS: z.string().optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  PAYMENTS_SANDBOX_SECRET: z
    .string()
    .min(32, 'PAYMENTS_SANDBOX_SECRET must be at least 32 characters')
    .optional(),
  BOOKING_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  SMS_PROVIDER: z.enum(['msg91']).optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_SENDER_ID: z.string().min(1).optional(),
  SMS_DLT_ENTITY_ID: z.string().min(1).optional(),
  SMS_API_URL: z.string().url().default('https://api.msg91.com/api/v2/sendsms'),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().min(1).optional(),
  WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z.enum(['true', 'false']).default('false'),
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(32),
});

export interface Config {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  /** Encrypts two-factor secrets and pay-link tokens at rest and signs sign-in challenges and remembered-device cookies. */
  mfaEncryptionKey: string;
  accessTokenTtl: string;
  refreshTokenTtlDays: number;
  appUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  redisUrl?: string;
  superAdmin?: { email: string; password: string };
  seedDemo: boolean;
  logLevel: string;
  rateLimits: { loginPerIp: number; loginPerAccount: number; emailPerAccount: number; windowSeconds: number };
  bodyLimitBytes: number;
  uploadLimitBytes: number;
  /** The largest spreadsheet POST /api/imports takes (413 beyond). */
  importLimitBytes: number;
  webDistDir?: string;
  /** `apiUrl`: another Razorpay API host (tests point the SDK at a local stand-in); unset in production. */
  razorpay?: { keyId: string; keySecret: string; apiUrl?: string };
  /** Payments: the sandbox signing secret (DATA_DIR/payments-sandbox-secret unless set), the webhook secret, the unit hold. */
  payments: { sandboxSecret: string; webhookSecret?: string; holdMinutes: number };
  /** S3-compatible file storage (S3_BUCKET set); unset: DATA_DIR/uploads. */
  s3?: {
    bucket: string;
    region: string;
    endpoint?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle?: boolean;
    prefix?: string;
  };
  /** API processes to run (`WORKERS`, `auto` = one per core); more than one needs DATABASE_URL and REDIS_URL. */
  workers: number | 'auto';
  /** Bearer token that opens GET /api/metrics; unset: metrics are not served. */
  metricsToken?: string;
  /** Origins allowed to call the API from a browser on another origin (CORS); empty: same origin only. */
  corsOrigins: string[];
  /** SMS through MSG91 (SMS_PROVIDER=msg91 with its key and DLT ids); unset: JSON files in DATA_DIR/outbox. */
  sms?: { provider: 'msg91'; apiKey: string; senderId: string; dltEntityId?: string; apiUrl: string };
  /** WhatsApp Cloud API (WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID); unset: JSON files in DATA_DIR/outbox. */
  whatsapp?: { token: string; phoneNumberId: string; apiUrl: string };
  /** Bytes of company pages each API process keeps (core/page-cache.ts); 0 turns the page cache off. */
  pageCacheBytes: number;
  /** Requests each company API key may make per minute (429 beyond). */
  apiKeyRateLimitPerMinute: number;
  /** Outgoing webhooks may target http, loopback and private addresses (development and tests only). */
  webhookAllowPrivateTargets: boolean;
  /** The embedded database's buffer pool (PostgreSQL's shared_buffers), MB; the whole pool is resident from start. */
  pgliteSharedBuffersMb: number;
}

/** A JWT secret kept in DATA_DIR so that the embedded default survives restarts without configuration. */
function persistentSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The only reader of process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const port = overrides.port ?? e.PORT;
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: overrides.jwtSecret ?? e.JWT_SECRET ?? persistentSecret(dataDir),
    mfaEncryptionKey:
      overrides.mfaEncryptionKey ?? e.MFA_ENCRYPTION_KEY ?? persistentSecret(dataDir, 'mfa-encryption-key'),
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    appUrl: (e.APP_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    superAdmin:
      e.SUPERADMIN_EMAIL && e.SUPERADMIN_PASSWORD
        ? { email: e.SUPERADMIN_EMAIL, password: e.SUPERADMIN_PASSWORD }
        : undefined,
    seedDemo: e.SEED_DEMO === 'true',
    logLevel: e.LOG_LEVEL,
    rateLimits: {
      loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
      loginPerAccount: e.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      emailPerAccount: e.RATE_LIMIT_EMAIL_PER_ACCOUNT,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    importLimitBytes: e.IMPORT_LIMIT_BYTES,
    webDistDir: e.WEB_DIST_DIR,
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? { keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET }
        : undefined,
    payments: {
      sandboxSecret: e.PAYMENTS_SANDBOX_SECRET ?? persistentSecret(dataDir, 'payments-sandbox-secret'),
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
      holdMinutes: e.BOOKING_HOLD_MINUTES,
    },
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    sms:
      e.SMS_PROVIDER === 'msg91' && e.SMS_API_KEY && e.SMS_SENDER_ID
        ? {
            provider: 'msg91',
            apiKey: e.SMS_API_KEY,
            senderId: e.SMS_SENDER_ID,
            dltEntityId: e.SMS_DLT_ENTITY_ID,
            apiUrl: e.SMS_API_URL,
          }
        : undefined,
    whatsapp:
      e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID
        ? {
            token: e.WHATSAPP_TOKEN,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            apiUrl: e.WHATSAPP_API_URL.replace(/\/$/, ''),
          }
        : undefined,
    apiKeyRateLimitPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE,
    webhookAllowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'true',
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          prefix: e.S3_PREFIX,
        }
      : undefined,
    workers: e.WORKERS,
    metricsToken: e.METRICS_TOKEN,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
    ...overrides,
  };
}
