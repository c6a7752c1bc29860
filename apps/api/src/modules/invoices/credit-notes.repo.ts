import type { CreditNoteListQuery } from '@rentora/shared';
import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { offsetOf } from '../../core/http';
import type { DbOrTx, Tx } from '../../db/client';
import { creditNotes, invoices, properties, rentalUnits, users } from '../../db/schema';

export type CreditNoteRow = typeof creditNotes.$inferSelect;

export async function insertCreditNote(
  tx: Tx,
  values: typeof creditNotes.$inferInsert,
): Promise<CreditNoteRow> {
  const [row] = await tx.insert(creditNotes).values(values).returning();
  return row!;
}

/** What the credit notes of an invoice have taken off it so far, by component. */
export async function creditedSoFar(conn: DbOrTx, invoiceId: string) {
  const [row] = await conn
    .select({
      taxableValue: sql<number>`coalesce(sum(${creditNotes.taxableValue}), 0)::int`,
      cgst: sql<number>`coalesce(sum(${creditNotes.cgst}), 0)::int`,
      sgst: sql<number>`coalesce(sum(${creditNotes.sgst}), 0)::int`,
      igst: sql<number>`coalesce(sum(${creditNotes.igst}), 0)::int`,
      reverseChargeTax: sql<number>`coalesce(sum(${creditNotes.reverseChargeTax}), 0)::int`,
      total: sql<number>`coalesce(sum(${creditNotes.total}), 0)::int`,
      nonSupply: sql<number>`coalesce(sum((select coalesce(sum((l->>'amount')::int), 0) from jsonb_array_elements(${creditNotes.lineItems}) l where l->>'treatment' = 'non_supply')), 0)::int`,
    })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId));
  return row!;
}

const listColumns = {
  note: creditNotes,
  invoiceNumber: invoices.number,
  invoiceDate: invoices.issueDate,
  firstName: users.firstName,
  lastName: users.lastName,
  propertyName: properties.name,
  unitNumber: rentalUnits.unitNumber,
  documentType: invoices.documentType,
  placeOfSupply: invoices.placeOfSupply,
  reverseCharge: invoices.reverseCharge,
  gstUse: invoices.gstUse,
  supplierGstin: invoices.supplierGstin,
  supplierLegalName: invoices.supplierLegalName,
  supplierAddress: invoices.supplierAddress,
  recipientGstin: invoices.recipientGstin,
  recipientLegalName: invoices.recipientLegalName,
  recipientAddress: invoices.recipientAddress,
};

function withNames(conn: DbOrTx) {
  return conn
    .select(listColumns)
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .innerJoin(properties, eq(properties.id, creditNotes.propertyId))
    .innerJoin(rentalUnits, eq(rentalUnits.id, creditNotes.rentalUnitId));
}

export type CreditNoteWithNames = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

export async function creditNoteOfCompany(
  conn: DbOrTx,
  companyId: string,
  id: string,
): Promise<CreditNoteWithNames | undefined> {
  const [row] = await withNames(conn).where(
    and(eq(creditNotes.id, id), eq(creditNotes.companyId, companyId)),
  );
  return row;
}

/** One page of a company's credit notes (newest first by default) and whether another page follows. */
export async function listCreditNotes(conn: DbOrTx, companyId: string, query: CreditNoteListQuery) {
  const conditions: SQL[] = [eq(creditNotes.companyId, companyId)];
  if (query.invoiceId) conditions.push(eq(creditNotes.invoiceId, query.invoiceId));
  if (query.tenantId) conditions.push(eq(creditNotes.tenantId, query.tenantId));
  if (query.from) conditions.push(gte(creditNotes.issueDate, query.from));
  if (query.to) conditions.push(lte(creditNotes.issueDate, query.to));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(creditNotes.number, like),
        ilike(invoices.number, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      )!,
    );
  }
  const order = query.sortOrder === 'asc' ? asc : desc;
  const rows = await withNames(conn)
    .where(and(...conditions))
    .orderBy(order(creditNotes.createdAt), order(creditNotes.id))
    .limit(query.limit + 1)
    .offset(offsetOf(query.page, query.limit));
  const [count] = await conn
    .select({ n: sql<number>`count(*)::int` })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(and(...conditions));
  return { rows: rows.slice(0, query.limit), total: count?.n ?? 0 };
}

/** The credit notes of a company issued in [from, to] (business dates), for GST returns. */
export function creditNotesIssuedBetween(conn: DbOrTx, companyId: string, from: string, to: string) {
  return withNames(conn)
    .where(
      and(
        eq(creditNotes.companyId, companyId),
        gte(creditNotes.issueDate, from),
        lte(creditNotes.issueDate, to),
      ),
    )
    .orderBy(asc(creditNotes.issueDate), asc(creditNotes.number));
}
