import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { companies } from './companies';
import { invoices } from './invoices';

/**
 * Pay links: `/pay/{token}` opens one invoice to anyone holding the token (≥ 96 random bits). The token is kept as its
 * SHA-256 (the lookup key) and sealed with AES-256-GCM (so the same live link can be handed out again by every
 * reminder); neither reveals a working link from a copy of the database without the key. One live link per invoice:
 * a link stops being live when it is used (the invoice paid through it), voided (replaced, or the invoice closed) or
 * past `expires_at` (30 days); the invoice's own state (paid, void, credited in full) is read on every use.
 */
export const payLinks = pgTable(
  'pay_links',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, base64url. */
    tokenHash: text().notNull(),
    /** The token sealed with the pay-link key: `v1.<iv>.<tag>.<ciphertext>`. */
    tokenSealed: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** When the invoice was paid in full through this link. */
    usedAt: timestamp({ withTimezone: true }),
    /** When the link was replaced by a new one (near its expiry, or its key changed). */
    voidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pay_links_token_hash_uq').on(t.tokenHash),
    uniqueIndex('pay_links_live_invoice_uq')
      .on(t.invoiceId)
      .where(sql`used_at is null and voided_at is null`),
    index('pay_links_company_invoice_idx').on(t.companyId, t.invoiceId, t.createdAt),
  ],
);
