import type { TenantPaymentDto } from '@rentora/shared';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, payments } from '../../db/schema';

/**
 * The tenant's payment history from the payments ledger, newest first: every ledger row of this tenancy (invoice
 * payments online and offline) and of the bookings that created it (booking payments and installments, failed
 * attempts and refunds included, also those recorded before the tenancy existed). The caller has already checked
 * that the tenant belongs to `companyId`.
 */
export async function listTenantPayments(
  db: DbOrTx,
  companyId: string,
  tenantId: string,
  page: { page: number; limit: number },
): Promise<{ data: TenantPaymentDto[]; total: number; page: number; limit: number }> {
  const ofBookings = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.companyId, companyId), eq(bookings.tenantId, tenantId)));
  const where = and(
    eq(payments.companyId, companyId),
    or(eq(payments.tenantId, tenantId), sql`${payments.bookingId} = any(array(${ofBookings}))`),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.paidAt), desc(payments.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return {
    data: rows.map((payment) => ({
      _id: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      method: payment.method,
      description: payment.description,
      paidAt: payment.status === 'captured' ? payment.paidAt.toISOString() : null,
      createdAt: payment.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: page.page,
    limit: page.limit,
  };
}
