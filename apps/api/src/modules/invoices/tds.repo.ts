import { businessDate, financialYearOf, type TdsInput } from '@rentora/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { invoices, properties, rentalUnits, rentalUnitUsers, tdsDeductions, users } from '../../db/schema';
import type { InvoiceRow } from './invoices.dto';
import type { InvoicePaymentRow } from './invoices.repo';

export type TdsRow = typeof tdsDeductions.$inferSelect;

/** The TDS deducted from an offline payment, in the payment's transaction. */
export async function insertTdsDeduction(
  tx: Tx,
  invoice: InvoiceRow,
  payment: InvoicePaymentRow,
  tds: TdsInput & { recordedBy: string },
): Promise<TdsRow> {
  const [row] = await tx
    .insert(tdsDeductions)
    .values({
      companyId: invoice.companyId,
      invoiceId: invoice.id,
      invoicePaymentId: payment.id,
      tenantId: invoice.tenantId,
      section: tds.section,
      rateBp: Math.round(tds.rate * 100),
      amount: tds.amount,
      paymentAmount: payment.amount,
      deductedAt: payment.paidAt,
      financialYear: financialYearOf(businessDate(payment.paidAt)).label,
      recordedBy: tds.recordedBy,
    })
    .returning();
  return row!;
}

const listColumns = {
  id: tdsDeductions.id,
  tenantId: tdsDeductions.tenantId,
  firstName: users.firstName,
  lastName: users.lastName,
  propertyName: properties.name,
  unitNumber: rentalUnits.unitNumber,
  invoiceId: tdsDeductions.invoiceId,
  invoiceNumber: invoices.number,
  section: tdsDeductions.section,
  rateBp: tdsDeductions.rateBp,
  amount: tdsDeductions.amount,
  paymentAmount: tdsDeductions.paymentAmount,
  deductedAt: tdsDeductions.deductedAt,
  financialYear: tdsDeductions.financialYear,
  status: tdsDeductions.status,
  certificateFileName: tdsDeductions.certificateFileName,
  certificateReceivedAt: tdsDeductions.certificateReceivedAt,
};
export type TdsListRow = {
  [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['data'] | null;
};

function selectTds(conn: DbOrTx) {
  return conn
    .select(listColumns)
    .from(tdsDeductions)
    .innerJoin(rentalUnitUsers, eq(rentalUnitUsers.id, tdsDeductions.tenantId))
    .leftJoin(users, eq(users.id, rentalUnitUsers.userId))
    .leftJoin(rentalUnits, eq(rentalUnits.id, rentalUnitUsers.rentalUnitId))
    .leftJoin(properties, eq(properties.id, rentalUnits.propertyId))
    .leftJoin(invoices, eq(invoices.id, tdsDeductions.invoiceId));
}

export function createTdsRepo(db: DbOrTx) {
  return {
    /** A company's TDS of a financial year: pending certificates first, then by tenant and date. */
    async list(companyId: string, fy: string, page: { limit: number; offset: number }) {
      const where = and(eq(tdsDeductions.companyId, companyId), eq(tdsDeductions.financialYear, fy));
      const [rows, [total]] = await Promise.all([
        selectTds(db)
          .where(where)
          .orderBy(
            sql`${tdsDeductions.status} = 'certificate_received'`,
            asc(users.firstName),
            asc(users.lastName),
            asc(tdsDeductions.tenantId),
            asc(tdsDeductions.deductedAt),
            asc(tdsDeductions.id),
          )
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(tdsDeductions).where(where),
      ]);
      return { rows: rows as TdsListRow[], total: total?.n ?? 0 };
    },

    async one(companyId: string, id: string): Promise<TdsListRow | undefined> {
      const [row] = await selectTds(db)
        .where(and(eq(tdsDeductions.companyId, companyId), eq(tdsDeductions.id, id)))
        .limit(1);
      return row as TdsListRow | undefined;
    },

    async lock(companyId: string, id: string): Promise<TdsRow | undefined> {
      const [row] = await db
        .select()
        .from(tdsDeductions)
        .where(and(eq(tdsDeductions.companyId, companyId), eq(tdsDeductions.id, id)))
        .for('update');
      return row;
    },

    async certificate(companyId: string, id: string) {
      const [row] = await db
        .select({ key: tdsDeductions.certificateKey, fileName: tdsDeductions.certificateFileName })
        .from(tdsDeductions)
        .where(and(eq(tdsDeductions.companyId, companyId), eq(tdsDeductions.id, id)));
      return row;
    },

    async setCertificate(companyId: string, id: string, key: string, fileName: string, at: Date) {
      await db
        .update(tdsDeductions)
        .set({
          status: 'certificate_received',
          certificateKey: key,
          certificateFileName: fileName,
          certificateReceivedAt: at,
        })
        .where(and(eq(tdsDeductions.companyId, companyId), eq(tdsDeductions.id, id)));
    },

    /** TDS deducted with each of these invoice payments. */
    async ofPayments(companyId: string, paymentIds: string[]) {
      if (paymentIds.length === 0) return [];
      return db
        .select({ invoicePaymentId: tdsDeductions.invoicePaymentId, amount: tdsDeductions.amount })
        .from(tdsDeductions)
        .where(
          and(
            eq(tdsDeductions.companyId, companyId),
            sql`${tdsDeductions.invoicePaymentId} = any(${sql.param(paymentIds)}::uuid[])`,
          ),
        );
    },
  };
}
