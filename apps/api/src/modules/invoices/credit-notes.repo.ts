import { type CreditNoteListQuery, isDocumentNumber } from '@rentora/shared';
import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { offsetOf } from '../../core/http';
import { companyTenanciesNamed } from '../../core/name-search';
import { runPage } from '../../core/page-totals';
import { COUNT_BOUND } from '../../core/pagination';
import {
  boundedCountQuery,
  pageCountColumn,
  pageLimit,
  pageOffset,
  statementsByShape,
} from '../../core/statements';
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

/** Which filters a credit-note list request uses: one statement per shape, built once (core/statements.ts). */
interface CreditNoteListShape {
  invoiceId: boolean;
  tenantId: boolean;
  from: boolean;
  to: boolean;
  /** A whole document number (credit note or invoice), or text matched against numbers and the tenant's name. */
  search: 'none' | 'number' | 'text';
  sortOrder: 'asc' | 'desc';
}

function listShape(query: CreditNoteListQuery): CreditNoteListShape {
  const term = query.search?.trim() ?? '';
  return {
    invoiceId: Boolean(query.invoiceId),
    tenantId: Boolean(query.tenantId),
    from: Boolean(query.from),
    to: Boolean(query.to),
    search: !term ? 'none' : isDocumentNumber(term) ? 'number' : 'text',
    sortOrder: query.sortOrder,
  };
}

function listWhere(db: DbOrTx, shape: CreditNoteListShape): SQL | undefined {
  const value = (name: string) => sql.placeholder(name);
  const filters: SQL[] = [eq(creditNotes.companyId, value('companyId'))];
  if (shape.invoiceId) filters.push(eq(creditNotes.invoiceId, value('invoiceId')));
  if (shape.tenantId) filters.push(eq(creditNotes.tenantId, value('tenantId')));
  if (shape.from) filters.push(sql`${creditNotes.issueDate} >= ${value('from')}`);
  if (shape.to) filters.push(sql`${creditNotes.issueDate} <= ${value('to')}`);
  if (shape.search === 'number') {
    // A credit note's number through its unique index, or the notes of the invoice with that number.
    filters.push(
      or(
        eq(creditNotes.number, value('number')),
        sql`${creditNotes.invoiceId} in (select id from invoices where company_id = ${value('companyId')} and number = ${value('number')})`,
      )!,
    );
  }
  if (shape.search === 'text') {
    const tenancies = companyTenanciesNamed(
      db,
      { companyId: value('companyId'), like: value('like') },
      { bound: COUNT_BOUND, select: 'tenancy' },
    );
    filters.push(
      or(ilike(creditNotes.number, value('like')), sql`${creditNotes.tenantId} = any(array(${tenancies}))`)!,
    );
  }
  return and(...filters);
}

const shapeOptions = { searches: (shape: CreditNoteListShape) => shape.search === 'text' };

const creditNotePage = statementsByShape((db, shape: CreditNoteListShape) => {
  const where = listWhere(db, shape);
  const direction = shape.sortOrder === 'asc' ? asc : desc;
  return db
    .select({
      ...listColumns,
      total: pageCountColumn(db, creditNotes, where, {
        bound: COUNT_BOUND,
        searches: shape.search === 'text',
      }),
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .innerJoin(properties, eq(properties.id, creditNotes.propertyId))
    .innerJoin(rentalUnits, eq(rentalUnits.id, creditNotes.rentalUnitId))
    .where(where)
    .orderBy(direction(creditNotes.createdAt), direction(creditNotes.id))
    .limit(pageLimit())
    .offset(pageOffset());
}, shapeOptions);

const creditNoteCount = statementsByShape(
  (db, shape: CreditNoteListShape) => boundedCountQuery(db, creditNotes, listWhere(db, shape), COUNT_BOUND),
  shapeOptions,
);

/** One page of a company's credit notes (newest first by default), with a count bounded by COUNT_BOUND. */
export async function listCreditNotes(conn: DbOrTx, companyId: string, query: CreditNoteListQuery) {
  const shape = listShape(query);
  const offset = offsetOf(query.page, query.limit);
  const term = query.search?.trim() ?? '';
  const values = {
    companyId,
    invoiceId: query.invoiceId,
    tenantId: query.tenantId,
    from: query.from,
    to: query.to,
    number: shape.search === 'number' ? term.toUpperCase() : undefined,
    like: shape.search === 'text' ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined,
    limit: query.limit,
    offset,
  };
  const { rows, count } = await runPage(
    { page: creditNotePage(conn, shape), count: creditNoteCount(conn, shape) },
    values,
  );
  return { rows, count };
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
