import {
  businessDate,
  financialYearOf,
  financialYearStarting,
  formatDocumentNumber,
  type InvoiceListItemDto,
  type InvoiceListQuery,
  isDocumentNumber,
  type Pagination,
} from '@rentora/shared';
import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { CompanyContext } from '../../core/access';
import { today as todayIso } from '../../core/dates';
import { boundedPageOf, offsetOf } from '../../core/http';
import { companyTenanciesNamed } from '../../core/name-search';
import { lookedUp, pageRowsOf } from '../../core/page-rows';
import { runPage } from '../../core/page-totals';
import { COUNT_BOUND } from '../../core/pagination';
import { mappedRows } from '../../core/row-mapper';
import { boundedCountQuery, pageCountColumn, statementsByShape } from '../../core/statements';
import type { DbOrTx } from '../../db/client';
import { invoices, properties, rentalUnits, users } from '../../db/schema';
import { statusCondition, toInvoiceListItemDto } from './invoices.dto';

const SORT_COLUMNS = {
  createdAt: invoices.createdAt,
  dueDate: invoices.dueDate,
  total: invoices.total,
  number: invoices.number,
};

/** The invoice columns the list shows (InvoiceListRow): each column read costs on both sides, per row. */
const {
  lineItems: _lines,
  notes: _notes,
  refundDueAmount: _refundDue,
  issuedAt: _issuedAt,
  dueReminderAt: _dueReminderAt,
  overdueNoticeAt: _overdueNoticeAt,
  currentOrderId: _currentOrderId,
  createdBy: _createdBy,
  ...listColumns
} = getTableColumns(invoices);

/** How far back a bare sequence ("42") looks for its invoice number: this year, next year and five before. */
const SEQUENCE_YEARS = 7;

/** Which filters an invoice list request uses: one statement per shape, built once (core/statements.ts). */
interface InvoiceListShape {
  status: InvoiceListQuery['status'] | null;
  tenantId: boolean;
  propertyId: boolean;
  period: boolean;
  dueFrom: boolean;
  dueTo: boolean;
  /** A whole invoice number, a bare sequence number, or a tenant's name. */
  search: 'none' | 'number' | 'sequence' | 'name';
  sortBy: keyof typeof SORT_COLUMNS;
  sortOrder: 'asc' | 'desc';
}

function searchKind(search: string | undefined): InvoiceListShape['search'] {
  const term = search?.trim() ?? '';
  if (!term) return 'none';
  if (isDocumentNumber(term)) return 'number';
  if (/^\d{1,9}$/.test(term)) return 'sequence';
  return 'name';
}

function listShape(query: InvoiceListQuery): InvoiceListShape {
  return {
    status: query.status ?? null,
    tenantId: Boolean(query.tenantId),
    propertyId: Boolean(query.propertyId),
    period: Boolean(query.period),
    dueFrom: Boolean(query.dueFrom),
    dueTo: Boolean(query.dueTo),
    search: searchKind(query.search),
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
  };
}

function listWhere(db: DbOrTx, shape: InvoiceListShape): SQL | undefined {
  const value = (name: string) => sql.placeholder(name);
  const filters: SQL[] = [eq(invoices.companyId, value('companyId'))];
  if (shape.status) filters.push(statusCondition(shape.status, sql`${value('today')}::date`));
  if (shape.tenantId) filters.push(eq(invoices.tenantId, value('tenantId')));
  if (shape.propertyId) filters.push(eq(invoices.propertyId, value('propertyId')));
  if (shape.period) filters.push(eq(invoices.period, value('period')));
  if (shape.dueFrom) filters.push(sql`${invoices.dueDate} >= ${value('dueFrom')}`);
  if (shape.dueTo) filters.push(sql`${invoices.dueDate} <= ${value('dueTo')}`);
  // Numbers go through the (company_id, number) unique index: a whole one, or a bare sequence in the recent years.
  if (shape.search === 'number' || shape.search === 'sequence') {
    filters.push(sql`${invoices.number} = any(${value('numbers')})`);
  }
  if (shape.search === 'name') {
    // The company's tenancies whose person's name matches, as a bounded array (see companyTenanciesNamed).
    const tenancies = companyTenanciesNamed(
      db,
      { companyId: value('companyId'), like: value('like') },
      { bound: COUNT_BOUND, select: 'tenancy' },
    );
    filters.push(sql`${invoices.tenantId} = any(array(${tenancies}))`);
  }
  return and(...filters);
}

const shapeOptions = {
  searches: (shape: InvoiceListShape) => shape.search === 'name',
};

/** A page with its names, and the bounded count in the same statement (not for name searches). */
const invoicePage = statementsByShape((db, shape: InvoiceListShape) => {
  const where = listWhere(db, shape);
  const direction = shape.sortOrder === 'asc' ? asc : desc;
  const order = [direction(SORT_COLUMNS[shape.sortBy]), direction(invoices.id)];
  // The page first, then the names of its rows only (pageRowsOf).
  const page = pageRowsOf(db, invoices, listColumns, where, order);
  return mappedRows(
    db
      .select({
        invoice: listColumns,
        // Names by key, not joins: see lookedUp.
        firstName: lookedUp<string>(users.firstName, users.id, invoices.userId),
        lastName: lookedUp<string>(users.lastName, users.id, invoices.userId),
        email: lookedUp<string>(users.email, users.id, invoices.userId),
        propertyName: lookedUp<string>(properties.name, properties.id, invoices.propertyId),
        unitNumber: lookedUp<string>(rentalUnits.unitNumber, rentalUnits.id, invoices.rentalUnitId),
        total: pageCountColumn(db, invoices, where, {
          bound: COUNT_BOUND,
          searches: shape.search === 'name',
        }),
      })
      .from(page)
      .orderBy(...order),
  );
}, shapeOptions);

const invoiceCount = statementsByShape(
  (db, shape: InvoiceListShape) => boundedCountQuery(db, invoices, listWhere(db, shape), COUNT_BOUND),
  shapeOptions,
);

/** The numbers a search names: a whole number, or a bare sequence in the series of recent financial years. */
function searchedNumbers(shape: InvoiceListShape, term: string, prefix: string): string[] | undefined {
  if (shape.search === 'number') return [term.toUpperCase()];
  if (shape.search !== 'sequence') return undefined;
  const n = Number(term);
  const fy = financialYearOf(businessDate()).startYear;
  return Array.from({ length: SEQUENCE_YEARS }, (_, i) => [
    formatDocumentNumber(prefix, financialYearStarting(fy + 1 - i), n),
    // numbers given before financial-year series: INV-2026-000042
    `INV-${fy + 2 - i}-${String(n).padStart(6, '0')}`,
  ]).flat();
}

/** One page of a company's invoices, newest first unless sorted otherwise, with a count bounded by COUNT_BOUND. */
export async function listInvoices(
  db: DbOrTx,
  ctx: CompanyContext,
  query: InvoiceListQuery,
  invoicePrefix: () => Promise<string>,
): Promise<{ data: InvoiceListItemDto[]; pagination: Pagination }> {
  const shape = listShape(query);
  const offset = offsetOf(query.page, query.limit);
  const term = query.search?.trim() ?? '';
  const today = todayIso();
  const values = {
    companyId: ctx.companyId,
    today,
    tenantId: query.tenantId,
    propertyId: query.propertyId,
    period: query.period,
    dueFrom: query.dueFrom,
    dueTo: query.dueTo,
    numbers: searchedNumbers(shape, term, shape.search === 'sequence' ? await invoicePrefix() : ''),
    like: shape.search === 'name' ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined,
    limit: query.limit,
    offset,
  };
  const { rows, count } = await runPage(
    { page: invoicePage(db, shape), count: invoiceCount(db, shape) },
    values,
  );
  return {
    data: rows.map((r) =>
      toInvoiceListItemDto(
        r.invoice,
        {
          tenantName: `${r.firstName} ${r.lastName}`.trim(),
          tenantEmail: r.email,
          propertyName: r.propertyName,
          unitNumber: r.unitNumber,
        },
        today,
      ),
    ),
    pagination: boundedPageOf(query.page, query.limit, count, rows.length),
  };
}
