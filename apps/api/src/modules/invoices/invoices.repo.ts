import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import {
  companies,
  invoiceCounters,
  invoicePayments,
  invoices,
  payments as ledger,
  paymentOrders,
  properties,
  rentalUnits,
  rentalUnitUsers,
  users,
} from '../../db/schema';
import type { InvoiceRow } from './invoices.dto';

export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;
type InvoiceValues = Partial<typeof invoices.$inferInsert>;

/**
 * Gives `n` consecutive numbers of `year` to `companyId`: the counter row is created or incremented in the caller's
 * transaction and stays locked until it ends, so concurrent issues queue on it and a rollback returns the numbers.
 * Returns the first of them.
 */
export async function allocateNumbers(tx: Tx, companyId: string, year: number, n = 1): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ companyId, year, lastNumber: n })
    .onConflictDoUpdate({
      target: [invoiceCounters.companyId, invoiceCounters.year],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + ${n}` },
    })
    .returning({ last: invoiceCounters.lastNumber });
  return row!.last - n + 1;
}

/**
 * Writes an offline payment of an issued invoice: its ledger row (the payments list reads only the ledger) and the
 * invoice's own record pointing at it, in the caller's transaction. The invoice's totals are the caller's.
 */
export async function insertOfflinePayment(
  tx: Tx,
  invoice: InvoiceRow,
  input: {
    amount: number;
    method: InvoicePaymentRow['method'];
    paidAt: Date;
    reference: string;
    recordedBy: string | null;
    receiptNumber: string;
  },
): Promise<InvoicePaymentRow> {
  const [moved] = await tx
    .insert(ledger)
    .values({
      companyId: invoice.companyId,
      kind: 'invoice',
      amount: input.amount,
      currency: invoice.currency,
      status: 'captured',
      method: input.method,
      source: 'offline',
      tenantId: invoice.tenantId,
      userId: invoice.userId,
      propertyId: invoice.propertyId,
      rentalUnitId: invoice.rentalUnitId,
      invoiceId: invoice.id,
      paidAt: input.paidAt,
      reference: input.reference,
      description: `Invoice ${invoice.number ?? ''}`.trim(),
      recordedBy: input.recordedBy,
      receiptNumber: input.receiptNumber,
    })
    .returning({ id: ledger.id });
  const [payment] = await tx
    .insert(invoicePayments)
    .values({
      companyId: invoice.companyId,
      invoiceId: invoice.id,
      amount: input.amount,
      method: input.method,
      source: 'offline',
      paidAt: input.paidAt,
      reference: input.reference,
      paymentId: moved!.id,
      recordedBy: input.recordedBy,
    })
    .returning();
  return payment!;
}

/** An invoice by id alone under its row lock (the caller has checked who may touch it). */
export async function lockInvoice(tx: Tx, id: string): Promise<InvoiceRow | undefined> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return invoice;
}

/** Records the invoice's own row of an online payment once per ledger row; answers the row when it was new. */
export async function insertOnlinePaymentOnce(
  tx: Tx,
  values: typeof invoicePayments.$inferInsert,
): Promise<InvoicePaymentRow | undefined> {
  const [inserted] = await tx.insert(invoicePayments).values(values).onConflictDoNothing().returning();
  return inserted;
}

/** Sets columns of one invoice. */
export async function setInvoice(tx: Tx, id: string, values: InvoiceValues): Promise<void> {
  await tx.update(invoices).set(values).where(eq(invoices.id, id));
}

/** Sets columns of one invoice and answers the row as it is now. */
export async function setInvoiceReturning(
  tx: Tx,
  id: string,
  values: InvoiceValues,
): Promise<InvoiceRow | undefined> {
  const [row] = await tx.update(invoices).set(values).where(eq(invoices.id, id)).returning();
  return row;
}

export async function insertInvoice(
  tx: Tx,
  values: typeof invoices.$inferInsert,
): Promise<InvoiceRow | undefined> {
  const [draft] = await tx.insert(invoices).values(values).returning();
  return draft;
}

export async function deleteInvoice(tx: Tx, id: string): Promise<void> {
  await tx.delete(invoices).where(eq(invoices.id, id));
}

/** How many payments the invoice has on record. */
export async function paymentCountOf(tx: Tx, invoiceId: string) {
  const [paid] = await tx
    .select({ n: count() })
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, invoiceId));
  return paid;
}

/** A company's invoice, under its row lock when `lock`. */
export async function invoiceOfCompany(
  conn: DbOrTx,
  companyId: string,
  id: string,
  lock: boolean,
): Promise<InvoiceRow | undefined> {
  const query = conn
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.companyId, companyId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** An invoice by id alone, under its row lock when `lock` (the caller checks who may see it). */
export async function invoiceById(conn: DbOrTx, id: string, lock = false): Promise<InvoiceRow | undefined> {
  const query = conn.select().from(invoices).where(eq(invoices.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The issued invoices of a tenancy that still ask for money (the tenant portal), by due date (at most 50). */
export async function openInvoicesOfTenancy(conn: DbOrTx, companyId: string, tenantId: string) {
  return conn
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.tenantId, tenantId),
        inArray(invoices.status, ['sent', 'partially_paid']),
        sql`${invoices.total} - ${invoices.creditedAmount} - ${invoices.amountPaid} > 0`,
      ),
    )
    .orderBy(invoices.dueDate, invoices.id)
    .limit(50);
}

/** A company's tenancy. */
export async function tenancyOfCompany(conn: DbOrTx, companyId: string, tenantId: string) {
  const [row] = await conn
    .select()
    .from(rentalUnitUsers)
    .where(and(eq(rentalUnitUsers.id, tenantId), eq(rentalUnitUsers.companyId, companyId)));
  return row;
}

export function createInvoicesRepo(db: Db) {
  return {
    /** Tenant, property and unit names of each invoice, in one query. */
    namesOf(ids: string[], conn: DbOrTx = db) {
      return conn
        .select({
          id: invoices.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          propertyName: properties.name,
          unitNumber: rentalUnits.unitNumber,
        })
        .from(invoices)
        .innerJoin(users, eq(users.id, invoices.userId))
        .innerJoin(properties, eq(properties.id, invoices.propertyId))
        .innerJoin(rentalUnits, eq(rentalUnits.id, invoices.rentalUnitId))
        .where(inArray(invoices.id, ids));
    },

    /** The invoice's payments in the order they were paid. */
    paymentsOf(invoiceId: string): Promise<InvoicePaymentRow[]> {
      return db
        .select()
        .from(invoicePayments)
        .where(eq(invoicePayments.invoiceId, invoiceId))
        .orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id));
    },

    /** The company's name and contact details as invoices print them, and its time zone. */
    async companyContact(companyId: string) {
      const [company] = await db
        .select({
          name: companies.name,
          email: companies.email,
          phone: companies.phone,
          address: companies.address,
          timeZone: companies.timeZone,
        })
        .from(companies)
        .where(eq(companies.id, companyId));
      return company;
    },

    /** The plan feature list of a company. */
    async companyFeatures(companyId: string) {
      const [company] = await db
        .select({ features: companies.featuresList })
        .from(companies)
        .where(eq(companies.id, companyId));
      return company;
    },

    /** Who an invoice is mailed to. */
    async recipient(userId: string) {
      const [person] = await db
        .select({ email: users.email, firstName: users.firstName, isActive: users.isActive })
        .from(users)
        .where(eq(users.id, userId));
      return person;
    },

    /** The payer's own order of the invoice with this gateway id. */
    async payerInvoiceOrder(input: { invoiceId: string; gatewayOrderId: string; userId: string }) {
      const [order] = await db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.referenceId, input.invoiceId),
            eq(paymentOrders.purpose, 'invoice'),
            eq(paymentOrders.gatewayOrderId, input.gatewayOrderId),
            eq(paymentOrders.userId, input.userId),
          ),
        );
      return order;
    },

    /** A person's own issued invoices (not drafts), newest first, with their count. */
    async ofUser(userId: string, page: { limit: number; offset: number }) {
      const where = and(eq(invoices.userId, userId), sql`${invoices.status} <> 'draft'`);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(invoices)
          .where(where)
          .orderBy(desc(invoices.createdAt), desc(invoices.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(invoices).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type InvoicesRepo = ReturnType<typeof createInvoicesRepo>;
