import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, paymentOrders, payments } from '../../db/schema';

export interface TenantPaymentItem {
  _id: string;
  amount: number;
  currency: string;
  status: string;
  method: string | null;
  description: string;
  paidAt: string | null;
  createdAt: string;
}

/**
 * The tenant's payment history from the payments ledger, newest first: the payments of the bookings that created
 * this tenancy (booking payments and installments, failed attempts and refunds included). The caller has already
 * checked that the tenant belongs to `companyId`.
 */
export async function listTenantPayments(
  db: DbOrTx,
  companyId: string,
  tenantId: string,
  page: { page: number; limit: number },
): Promise<{ data: TenantPaymentItem[]; total: number; page: number; limit: number }> {
  const where = and(
    eq(payments.companyId, companyId),
    eq(bookings.companyId, companyId),
    eq(bookings.tenantId, tenantId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ payment: payments, installmentNumber: paymentOrders.installmentNumber })
      .from(payments)
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .innerJoin(bookings, eq(bookings.id, paymentOrders.referenceId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db
      .select({ n: count() })
      .from(payments)
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .innerJoin(bookings, eq(bookings.id, paymentOrders.referenceId))
      .where(where),
  ]);
  return {
    data: rows.map(({ payment, installmentNumber }) => ({
      _id: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      method: payment.method,
      description:
        payment.status === 'refunded'
          ? 'Booking refund'
          : installmentNumber
            ? `Booking installment ${installmentNumber}`
            : 'Booking payment',
      paidAt: payment.status === 'captured' ? payment.createdAt.toISOString() : null,
      createdAt: payment.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: page.page,
    limit: page.limit,
  };
}
