import { and, asc, count, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type EventRow = typeof webhookEvents.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptInsert = typeof webhookAttempts.$inferInsert;

const ofCompany = (companyId: string, id: string) =>
  and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id));

/** A delivery with what an attempt needs: its receiver and its event. */
export interface DueDelivery {
  delivery: DeliveryRow;
  endpoint: EndpointRow;
  event: EventRow;
}

export function createWebhooksRepo(db: DbOrTx) {
  return {
    async insertEndpoint(values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      return row!;
    },

    async findEndpoint(companyId: string, id: string): Promise<EndpointRow | undefined> {
      const [row] = await db.select().from(webhookEndpoints).where(ofCompany(companyId, id));
      return row;
    },

    /** How many receivers the company has (a company may have at most MAX_ENDPOINTS). */
    async countEndpoints(companyId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.companyId, companyId));
      return row?.total ?? 0;
    },

    async updateEndpoint(
      companyId: string,
      id: string,
      patch: Partial<typeof webhookEndpoints.$inferInsert>,
    ): Promise<EndpointRow | undefined> {
      const [row] = await db.update(webhookEndpoints).set(patch).where(ofCompany(companyId, id)).returning();
      return row;
    },

    async deleteEndpoint(companyId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(ofCompany(companyId, id))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    /** Events not yet fanned out, oldest first, locked so that two dispatchers never take the same ones. */
    pendingEvents(limit: number): Promise<EventRow[]> {
      return db
        .select()
        .from(webhookEvents)
        .where(isNull(webhookEvents.dispatchedAt))
        .orderBy(asc(webhookEvents.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    activeEndpointsOf(companyIds: string[]): Promise<EndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(and(inArray(webhookEndpoints.companyId, companyIds), eq(webhookEndpoints.isActive, true)));
    },

    async insertEvent(values: typeof webhookEvents.$inferInsert): Promise<EventRow> {
      const [row] = await db.insert(webhookEvents).values(values).returning();
      return row!;
    },

    async insertDeliveries(values: (typeof webhookDeliveries.$inferInsert)[]): Promise<DeliveryRow[]> {
      if (values.length === 0) return [];
      return db.insert(webhookDeliveries).values(values).onConflictDoNothing().returning();
    },

    async markDispatched(ids: string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.update(webhookEvents).set({ dispatchedAt: at }).where(inArray(webhookEvents.id, ids));
    },

    /**
     * Claims the deliveries due at `now` (active receivers only), in event order, and leases them until
     * `leaseUntil` so that another dispatcher does not send them meanwhile.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DueDelivery[]> {
      const rows = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(
          and(
            eq(webhookDeliveries.status, 'pending'),
            lte(webhookDeliveries.nextAttemptAt, now),
            eq(webhookEndpoints.isActive, true),
          ),
        )
        .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.eventId))
        .limit(limit)
        .for('update', { of: webhookDeliveries, skipLocked: true });
      if (rows.length > 0) {
        await db
          .update(webhookDeliveries)
          .set({ nextAttemptAt: leaseUntil })
          .where(
            inArray(
              webhookDeliveries.id,
              rows.map((row) => row.delivery.id),
            ),
          );
      }
      return rows.sort((a, b) => a.event.id.localeCompare(b.event.id));
    },

    async findDelivery(companyId: string, id: string): Promise<DueDelivery | undefined> {
      const [row] = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, id)));
      return row;
    },

    async updateDelivery(id: string, patch: Partial<typeof webhookDeliveries.$inferInsert>): Promise<void> {
      await db.update(webhookDeliveries).set(patch).where(eq(webhookDeliveries.id, id));
    },

    async insertAttempt(values: AttemptInsert): Promise<void> {
      await db.insert(webhookAttempts).values(values);
    },

    /** A success clears the failing streak. */
    async endpointSucceeded(id: string): Promise<void> {
      await db
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.failingSince} is not null`));
    },

    /** A failure starts the failing streak (if none) and answers since when the receiver has been failing. */
    async endpointFailed(id: string, at: Date): Promise<Date> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)`,
        })
        .where(eq(webhookEndpoints.id, id))
        .returning({ failingSince: webhookEndpoints.failingSince });
      return row?.failingSince ?? at;
    },

    /** Disables an active receiver; false when it was already disabled (so it is announced once). */
    async disableEndpoint(id: string, at: Date, reason: string): Promise<boolean> {
      const rows = await db
        .update(webhookEndpoints)
        .set({ isActive: false, disabledAt: at, disabledReason: reason })
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.isActive, true)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    async ownerOf(companyId: string): Promise<{ userId: string; email: string; name: string } | undefined> {
      const [row] = await db
        .select({ userId: users.id, email: users.email, name: companies.name })
        .from(companies)
        .innerJoin(users, eq(users.id, companies.ownerId))
        .where(eq(companies.id, companyId));
      return row;
    },
  };
}
