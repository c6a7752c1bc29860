import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/**
 * Append-only record of changes that matter later: money, permissions and roles, plans and subscriptions, tenant
 * statuses, verification decisions and deletions. Rows are never updated or deleted by the application; they keep
 * plain ids (no foreign keys), so deleting a company or a user never deletes its history.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    companyId: uuid(),
    actorUserId: uuid(),
    /** Who acted besides the account: `API key "<name>"` for a write made with a company API key. */
    actorLabel: text(),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text().notNull(),
    summary: text(),
    before: jsonb().$type<unknown>(),
    after: jsonb().$type<unknown>(),
    requestId: text(),
    ip: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('audit_logs_created_idx').on(t.createdAt, t.id),
    index('audit_logs_company_entity_idx').on(t.companyId, t.entityType, t.entityId, t.createdAt),
    // The list's filters, each in the list's order (newest first, then id).
    index('audit_logs_company_action_created_idx').on(t.companyId, t.action, t.createdAt, t.id),
    index('audit_logs_company_type_created_idx').on(t.companyId, t.entityType, t.createdAt, t.id),
    index('audit_logs_company_actor_created_idx').on(t.companyId, t.actorUserId, t.createdAt, t.id),
  ],
);
