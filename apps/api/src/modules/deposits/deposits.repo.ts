import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  bookings,
  depositLedger,
  depositSettlements,
  invoicePayments,
  invoices,
  properties,
  rentalUnits,
  rentalUnitUsers,
  users,
} from '../../db/schema';

export type DepositEntryRow = typeof depositLedger.$inferSelect;
export type DepositEntryInsert = typeof depositLedger.$inferInsert;
export type SettlementRow = typeof depositSettlements.$inferSelect;

/** The tenancy a deposit belongs to, with what its statement prints. */
export async function tenancyOf(conn: DbOrTx, companyId: string, tenantId: string) {
  const [row] = await conn
    .select({
      id: rentalUnitUsers.id,
      companyId: rentalUnitUsers.companyId,
      userId: rentalUnitUsers.userId,
      agreed: rentalUnitUsers.securityDeposit,
      currency: rentalUnitUsers.currency,
      tenancyStatus: rentalUnitUsers.tenancyStatus,
      startDate: rentalUnitUsers.startDate,
      movedOutAt: rentalUnitUsers.movedOutAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      unitNumber: rentalUnits.unitNumber,
      propertyName: properties.name,
    })
    .from(rentalUnitUsers)
    .innerJoin(users, eq(users.id, rentalUnitUsers.userId))
    .innerJoin(rentalUnits, eq(rentalUnits.id, rentalUnitUsers.rentalUnitId))
    .innerJoin(properties, eq(properties.id, rentalUnitUsers.propertyId))
    .where(and(eq(rentalUnitUsers.id, tenantId), eq(rentalUnitUsers.companyId, companyId)));
  return row;
}
export type DepositTenancy = NonNullable<Awaited<ReturnType<typeof tenancyOf>>>;

/** The tenancies of one person (the tenant area), newest first. */
export async function tenanciesOfUser(conn: DbOrTx, userId: string) {
  return conn
    .select({ id: rentalUnitUsers.id, companyId: rentalUnitUsers.companyId })
    .from(rentalUnitUsers)
    .where(eq(rentalUnitUsers.userId, userId))
    .orderBy(sql`${rentalUnitUsers.createdAt} desc`)
    .limit(50);
}

export async function entriesOf(conn: DbOrTx, companyId: string, tenantId: string) {
  return conn
    .select()
    .from(depositLedger)
    .where(and(eq(depositLedger.companyId, companyId), eq(depositLedger.tenantId, tenantId)))
    .orderBy(asc(depositLedger.occurredAt), asc(depositLedger.id))
    .limit(1000);
}

/** Adds a movement once: a second insert of the same source key changes nothing (undefined). */
export async function insertEntryOnce(conn: DbOrTx, entry: DepositEntryInsert) {
  const [row] = await conn
    .insert(depositLedger)
    .values(entry)
    .onConflictDoNothing({ target: [depositLedger.companyId, depositLedger.sourceKey] })
    .returning();
  return row;
}

/** Deposit money already held from one invoice, or from a tenancy's bookings. */
export async function receivedFrom(
  tx: Tx,
  companyId: string,
  by: { invoiceId: string } | { bookingsOf: string },
) {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${depositLedger.amount}), 0)::float8` })
    .from(depositLedger)
    .where(
      and(
        eq(depositLedger.companyId, companyId),
        eq(depositLedger.kind, 'received'),
        'invoiceId' in by
          ? eq(depositLedger.invoiceId, by.invoiceId)
          : and(eq(depositLedger.tenantId, by.bookingsOf), eq(depositLedger.source, 'booking')),
      ),
    );
  return Number(row?.total ?? 0);
}

export async function invoiceForDeposit(tx: Tx, invoiceId: string) {
  const [row] = await tx
    .select({
      id: invoices.id,
      companyId: invoices.companyId,
      tenantId: invoices.tenantId,
      lineItems: invoices.lineItems,
      tax: invoices.tax,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return row;
}

export async function invoicePaymentOfLedger(tx: Tx, paymentId: string) {
  const [row] = await tx
    .select({ id: invoicePayments.id, invoiceId: invoicePayments.invoiceId })
    .from(invoicePayments)
    .where(eq(invoicePayments.paymentId, paymentId));
  return row;
}

export async function bookingForDeposit(tx: Tx, bookingId: string) {
  const [row] = await tx
    .select({
      id: bookings.id,
      companyId: bookings.companyId,
      tenantId: bookings.tenantId,
      securityDeposit: bookings.securityDeposit,
      paidAmount: bookings.paidAmount,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row;
}

/** Open issued invoices of the tenancy (what an unpaid-dues deduction can settle), oldest first. */
export async function openInvoicesOf(conn: DbOrTx, companyId: string, tenantId: string) {
  return conn
    .select({
      id: invoices.id,
      number: invoices.number,
      period: invoices.period,
      balance: sql<number>`(${invoices.total} - ${invoices.creditedAmount} - ${invoices.amountPaid})::float8`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.tenantId, tenantId),
        inArray(invoices.status, ['sent', 'partially_paid']),
        sql`${invoices.total} - ${invoices.creditedAmount} - ${invoices.amountPaid} > 0`,
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(100);
}

export async function settlementOf(conn: DbOrTx, companyId: string, tenantId: string, lock = false) {
  const query = conn
    .select()
    .from(depositSettlements)
    .where(and(eq(depositSettlements.companyId, companyId), eq(depositSettlements.tenantId, tenantId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertSettlement(tx: Tx, values: typeof depositSettlements.$inferInsert) {
  const [row] = await tx
    .insert(depositSettlements)
    .values(values)
    .onConflictDoNothing({ target: [depositSettlements.companyId, depositSettlements.tenantId] })
    .returning();
  return row;
}

export async function setSettlement(
  conn: DbOrTx,
  id: string,
  values: Partial<typeof depositSettlements.$inferInsert>,
) {
  const [row] = await conn
    .update(depositSettlements)
    .set(values)
    .where(eq(depositSettlements.id, id))
    .returning();
  return row;
}

/** Claims the refund for one caller: only a finalized settlement with nothing refunded yet moves to processing. */
export async function claimRefund(conn: DbOrTx, id: string, method: string, reference: string) {
  const [row] = await conn
    .update(depositSettlements)
    .set({ refundStatus: 'processing', refundMethod: method, refundReference: reference })
    .where(
      and(
        eq(depositSettlements.id, id),
        eq(depositSettlements.status, 'finalized'),
        eq(depositSettlements.refundStatus, 'none'),
      ),
    )
    .returning();
  return row;
}

/** Gateway payments the deposit came with (newest last), for a refund through the gateway. */
export async function gatewayReceipts(conn: DbOrTx, companyId: string, tenantId: string) {
  const result = await conn.execute(sql`
    select p.gateway_payment_id as "gatewayPaymentId", sum(d.amount)::float8 as amount
    from ${depositLedger} d
    join payments p on p.id = d.payment_id
    where d.company_id = ${companyId} and d.tenant_id = ${tenantId} and d.kind = 'received'
      and p.gateway_payment_id is not null and p.order_id is not null
    group by p.gateway_payment_id, p.created_at
    order by p.created_at`);
  return (result as unknown as { rows: { gatewayPaymentId: string; amount: number | string }[] }).rows.map(
    (r) => ({ gatewayPaymentId: r.gatewayPaymentId, amount: Number(r.amount) }),
  );
}

export async function invoiceNumberOf(conn: DbOrTx, companyId: string, id: string) {
  const [row] = await conn
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  return row?.number ?? null;
}
