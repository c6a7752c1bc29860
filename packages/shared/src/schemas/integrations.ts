import { z } from 'zod';
import { ZId, ZIsoDate } from './common';
import { ZFeature } from './companies';

/** The prefix of every company API key (`rk_live_` + 32 random bytes, base64url). */
export const API_KEY_PREFIX = 'rk_live_';

export const ZApiKeyCreateBody = z.strictObject({
  name: z.string().trim().min(1, 'Required').max(80),
  permissions: z.array(ZFeature).min(1, 'Choose at least one permission').max(60),
  /** When the key stops working; omitted: never. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type ApiKeyCreateBody = z.infer<typeof ZApiKeyCreateBody>;

export const ZApiKeyDto = z.object({
  _id: ZId,
  name: z.string(),
  /** The key's first characters, to tell keys apart (never the secret part). */
  prefix: z.string(),
  permissions: z.array(z.string()),
  expiresAt: ZIsoDate.nullable(),
  lastUsedAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
  createdBy: z.object({ _id: ZId, name: z.string() }).nullable(),
});
export type ApiKeyDto = z.infer<typeof ZApiKeyDto>;

/** The answer of POST /api/api-keys: the key itself, shown this once. */
export const ZApiKeyCreated = ZApiKeyDto.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

export const WEBHOOK_EVENT_TYPES = [
  'tenant.created',
  'tenant.status_changed',
  'booking.created',
  'booking.confirmed',
  'payment.captured',
  'payment.refunded',
  'invoice.issued',
  'invoice.paid',
  'credit_note.issued',
  'maintenance.created',
  'maintenance.status_changed',
  'lead.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES, { message: 'Unknown event' });

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'tenant.created': 'Tenant created',
  'tenant.status_changed': 'Tenant status changed',
  'booking.created': 'Booking created',
  'booking.confirmed': 'Booking confirmed',
  'payment.captured': 'Payment captured',
  'payment.refunded': 'Payment refunded',
  'invoice.issued': 'Invoice issued',
  'invoice.paid': 'Invoice paid',
  'credit_note.issued': 'Credit note issued',
  'maintenance.created': 'Maintenance request created',
  'maintenance.status_changed': 'Maintenance status changed',
  'lead.created': 'Lead created',
};

const ZWebhookUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }));

export const ZWebhookCreateBody = z.strictObject({
  url: ZWebhookUrl,
  events: z.array(ZWebhookEventType).min(1, 'Choose at least one event').max(WEBHOOK_EVENT_TYPES.length),
  description: z.string().trim().max(200).default(''),
});
export type WebhookCreateBody = z.infer<typeof ZWebhookCreateBody>;
export type WebhookCreateInput = z.input<typeof ZWebhookCreateBody>;

export const ZWebhookUpdateBody = z.strictObject({
  url: ZWebhookUrl.optional(),
  events: z
    .array(ZWebhookEventType)
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENT_TYPES.length)
    .optional(),
  description: z.string().trim().max(200).optional(),
  /** true re-enables a receiver disabled after a day of failures. */
  isActive: z.boolean().optional(),
});
export type WebhookUpdateBody = z.infer<typeof ZWebhookUpdateBody>;

export const ZWebhookDto = z.object({
  _id: ZId,
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  isActive: z.boolean(),
  failingSince: ZIsoDate.nullable(),
  disabledAt: ZIsoDate.nullable(),
  disabledReason: z.string().nullable(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type WebhookDto = z.infer<typeof ZWebhookDto>;

/** The answer of POST /api/webhooks: the signing secret, shown this once. */
export const ZWebhookCreated = ZWebhookDto.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof ZWebhookCreated>;

/** One HTTP attempt of a delivery, as the delivery log shows it. */
export const ZWebhookAttemptDto = z.object({
  _id: ZId,
  deliveryId: ZId,
  eventId: ZId,
  eventType: z.string(),
  deliveryStatus: z.enum(['pending', 'succeeded', 'failed']),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  nextRetryAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
});
export type WebhookAttemptDto = z.infer<typeof ZWebhookAttemptDto>;

export const ZIntegrationPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type IntegrationPageQuery = z.infer<typeof ZIntegrationPageQuery>;

/** The body every receiver gets (signed in `X-Rentora-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`). */
export const ZWebhookEventBody = z.object({
  id: ZId,
  type: z.string(),
  createdAt: ZIsoDate,
  companyId: ZId,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEventBody = z.infer<typeof ZWebhookEventBody>;
