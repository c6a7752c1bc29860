import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  invoicePayments,
  invoices,
  payments,
  properties,
  rentalUnits,
  rentalUnitUsers,
  tdsDeductions,
  users,
} from '../../db/schema';

/** The reads of rent receipts: the tenancy as the receipt names it, and its invoice payments in a period. */
export function createRentReceiptsRepo(db: Db) {
  return {
    /** The tenancy, its person, unit, property and company; `userId` narrows it to the signed-in tenant's own. */
    async tenancy(where: { companyId?: string; tenantId: string; userId?: string }) {
      const [row] = await db
        .select({
          id: rentalUnitUsers.id,
          companyId: rentalUnitUsers.companyId,
          firstName: users.firstName,
          lastName: users.lastName,
          unitNumber: rentalUnits.unitNumber,
          propertyName: properties.name,
          addressLine1: properties.addressLine1,
          addressLine2: properties.addressLine2,
          city: properties.city,
          state: properties.state,
          postalCode: properties.postalCode,
          companyName: companies.name,
          companyTimeZone: companies.timeZone,
        })
        .from(rentalUnitUsers)
        .innerJoin(users, eq(users.id, rentalUnitUsers.userId))
        .innerJoin(rentalUnits, eq(rentalUnits.id, rentalUnitUsers.rentalUnitId))
        .innerJoin(properties, eq(properties.id, rentalUnits.propertyId))
        .innerJoin(companies, eq(companies.id, rentalUnitUsers.companyId))
        .where(
          and(
            eq(rentalUnitUsers.id, where.tenantId),
            where.companyId ? eq(rentalUnitUsers.companyId, where.companyId) : undefined,
            where.userId ? eq(rentalUnitUsers.userId, where.userId) : undefined,
          ),
        )
        .limit(1);
      return row;
    },

    /** Every payment of the tenancy's invoices in [from, to), oldest first, with its TDS and invoice lines. */
    paymentsBetween(companyId: string, tenantId: string, from: Date, to: Date) {
      return db
        .select({
          id: invoicePayments.id,
          paidAt: invoicePayments.paidAt,
          amount: invoicePayments.amount,
          method: invoicePayments.method,
          reference: invoicePayments.reference,
          receiptNumber: payments.receiptNumber,
          tds: sql<number>`coalesce(${tdsDeductions.amount}, 0)::int`,
          invoiceNumber: invoices.number,
          lineItems: invoices.lineItems,
          reverseCharge: invoices.reverseCharge,
          total: invoices.total,
        })
        .from(invoicePayments)
        .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
        .leftJoin(payments, eq(payments.id, invoicePayments.paymentId))
        .leftJoin(tdsDeductions, eq(tdsDeductions.invoicePaymentId, invoicePayments.id))
        .where(
          and(
            eq(invoices.companyId, companyId),
            eq(invoices.tenantId, tenantId),
            eq(invoicePayments.companyId, companyId),
            gte(invoicePayments.paidAt, from),
            lt(invoicePayments.paidAt, to),
          ),
        )
        .orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id));
    },
  };
}

export type RentReceiptsRepo = ReturnType<typeof createRentReceiptsRepo>;
