import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './identity';

/**
 * Company API keys: a script or another system acting for one company with exactly the key's features. Only the
 * SHA-256 hash of the key is kept (the key is shown once); `prefix` is its first characters, to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull(),
    permissions: text().array().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_idx').on(t.keyHash),
    index('api_keys_company_created_idx').on(t.companyId, t.createdAt, t.id),
  ],
);

/** A company's receivers of outgoing webhooks: an URL, the events it wants, and the secret its bodies are signed with. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text().notNull().default(''),
    events: text().array().notNull(),
    /** The HMAC key of `X-Rentora-Signature` (the receiver holds a copy; shown once on creation). */
    secret: text().notNull(),
    isActive: boolean().notNull().default(true),
    /** Since when every attempt has failed (null after a success); 24 h of it disables the receiver. */
    failingSince: timestamp({ withTimezone: true }),
    disabledAt: timestamp({ withTimezone: true }),
    disabledReason: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_company_created_idx').on(t.companyId, t.createdAt, t.id)],
);

/**
 * The outbox: one row per domain event, written in the same transaction as the change (core/events.ts), so an
 * event exists exactly when its change committed. The `webhooks.dispatch` job fans each out to the subscribed
 * receivers (`dispatchedAt` set) and delivers.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    dispatchedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_events_pending_idx').on(t.id).where(sql`${t.dispatchedAt} is null`),
    index('webhook_events_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/** One event for one receiver: retried with backoff until a 2xx or 24 h have passed. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    eventType: text().notNull(),
    status: text({ enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastStatusCode: integer(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_idx').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt, t.eventId).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_company_endpoint_idx').on(t.companyId, t.endpointId, t.createdAt, t.id),
  ],
);

/** Every HTTP attempt of a delivery: what the receiver answered, how long it took, when the next try is. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    statusCode: integer(),
    durationMs: integer().notNull(),
    responseExcerpt: text(),
    error: text(),
    nextRetryAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_attempts_company_endpoint_created_idx').on(t.companyId, t.endpointId, t.createdAt, t.id),
  ],
);
