import { and, asc, eq, gte, inArray, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accountingExportSettings,
  creditNotes,
  invoicePayments,
  invoices,
  payments,
  tdsDeductions,
  users,
} from '../../db/schema';
import type { ExportCreditNote, ExportInvoice, ExportPayment } from './accounting-exports.types';

/**
 * What the accounting exports read: a read-only reporting view of the invoices, credit notes and money-received
 * tables of the company (see docs/decisions.md: the exports read the books, they never write them).
 */

const personName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
/** The party of a document as it was issued: the recipient's legal name, else the person's name. */
const invoicePartyName = sql<string>`coalesce(nullif(${invoices.recipientLegalName}, ''), ${personName})`;

/** The start of a business date (India) as an instant, so money moved on that day in India is in it. */
const indiaMidnight = (isoDate: string) => new Date(`${isoDate}T00:00:00+05:30`);
const nextDay = (isoDate: string) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export async function invoicesIssuedBetween(
  conn: DbOrTx,
  companyId: string,
  from: string,
  to: string,
): Promise<ExportInvoice[]> {
  return conn
    .select({
      id: invoices.id,
      number: sql<string>`${invoices.number}`,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      status: invoices.status,
      partyId: invoices.userId,
      partyName: invoicePartyName,
      partyGstin: invoices.recipientGstin,
      placeOfSupply: invoices.placeOfSupply,
      reverseCharge: invoices.reverseCharge,
      documentType: invoices.documentType,
      period: invoices.period,
      lines: invoices.lineItems,
      subtotal: invoices.subtotal,
      tax: invoices.tax,
      total: invoices.total,
      currency: invoices.currency,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(
      and(
        eq(invoices.companyId, companyId),
        isNotNull(invoices.number),
        ne(invoices.status, 'draft'),
        gte(invoices.issueDate, from),
        lte(invoices.issueDate, to),
      ),
    )
    .orderBy(asc(invoices.issueDate), asc(invoices.number));
}

export async function creditNotesIssuedBetween(
  conn: DbOrTx,
  companyId: string,
  from: string,
  to: string,
): Promise<ExportCreditNote[]> {
  return conn
    .select({
      id: creditNotes.id,
      number: creditNotes.number,
      issueDate: creditNotes.issueDate,
      reason: creditNotes.reason,
      invoiceNumber: sql<string>`coalesce(${invoices.number}, '')`,
      invoiceDate: invoices.issueDate,
      partyId: invoices.userId,
      partyName: invoicePartyName,
      partyGstin: invoices.recipientGstin,
      placeOfSupply: invoices.placeOfSupply,
      reverseCharge: invoices.reverseCharge,
      lines: creditNotes.lineItems,
      invoiceLines: invoices.lineItems,
      taxableValue: creditNotes.taxableValue,
      tax: creditNotes.tax,
      total: creditNotes.total,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(
      and(
        eq(creditNotes.companyId, companyId),
        gte(creditNotes.issueDate, from),
        lte(creditNotes.issueDate, to),
      ),
    )
    .orderBy(asc(creditNotes.issueDate), asc(creditNotes.number));
}

/**
 * Money received (booking payments, installments, invoice payments: captured, or captured and refunded since) and
 * money paid back (refunds) on the business days [from, to], with the TDS the payer deducted from an invoice payment.
 */
export async function moneyMovedBetween(
  conn: DbOrTx,
  companyId: string,
  from: string,
  to: string,
): Promise<ExportPayment[]> {
  const rows = await conn
    .select({
      id: payments.id,
      kind: payments.kind,
      amount: payments.amount,
      method: payments.method,
      paidAt: payments.paidAt,
      reference: payments.reference,
      receiptNumber: payments.receiptNumber,
      description: payments.description,
      partyId: payments.userId,
      personName: sql<
        string | null
      >`(select ${personName} from ${users} where ${users.id} = ${payments.userId})`,
      invoiceNumber: invoices.number,
      invoicePartyName: sql<string | null>`nullif(${invoices.recipientLegalName}, '')`,
      tds: sql<number>`coalesce(${tdsDeductions.amount}, 0)`.mapWith(Number),
      tdsSection: tdsDeductions.section,
    })
    .from(payments)
    .leftJoin(invoices, and(eq(invoices.id, payments.invoiceId), eq(invoices.companyId, companyId)))
    .leftJoin(invoicePayments, eq(invoicePayments.paymentId, payments.id))
    .leftJoin(tdsDeductions, eq(tdsDeductions.invoicePaymentId, invoicePayments.id))
    .where(
      and(
        eq(payments.companyId, companyId),
        gte(payments.paidAt, indiaMidnight(from)),
        lt(payments.paidAt, indiaMidnight(nextDay(to))),
        inArray(payments.status, ['captured', 'refunded']),
      ),
    )
    .orderBy(asc(payments.paidAt), asc(payments.id));
  return rows.map(({ personName: person, invoicePartyName: invoiceParty, ...row }) => ({
    ...row,
    partyName: invoiceParty ?? person ?? 'Unknown payer',
  }));
}

export async function ledgerNamesOf(conn: DbOrTx, companyId: string) {
  const [row] = await conn
    .select({ ledgers: accountingExportSettings.ledgers })
    .from(accountingExportSettings)
    .where(eq(accountingExportSettings.companyId, companyId));
  return row?.ledgers;
}

export async function saveLedgerNames(
  conn: DbOrTx,
  companyId: string,
  ledgers: typeof accountingExportSettings.$inferInsert.ledgers,
) {
  await conn
    .insert(accountingExportSettings)
    .values({ companyId, ledgers })
    .onConflictDoUpdate({
      target: accountingExportSettings.companyId,
      set: { ledgers, updatedAt: new Date() },
    });
}
