import {
  DEFAULT_TIME_ZONE,
  documentFileName,
  isDocumentNumber,
  type LedgerPaymentDetailDto,
  type LedgerPaymentDto,
  type Pagination,
  type PaymentListQuery,
  receiptNumberOf,
} from '@rentora/shared';
import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthContext, CompanyContext } from '../../core/access';
import { conflict, notFound } from '../../core/errors';
import { boundedPageOf, iso, offsetOf, pageOf } from '../../core/http';
import { companyTenanciesNamed } from '../../core/name-search';
import { runPage } from '../../core/page-totals';
import { COUNT_BOUND } from '../../core/pagination';
import { mappedRows } from '../../core/row-mapper';
import {
  anyOf,
  boundedCountQuery,
  pageCountColumn,
  pageLimit,
  pageOffset,
  statementsByShape,
} from '../../core/statements';
import type { Db, DbOrTx } from '../../db/client';
import {
  companies,
  invoices,
  paymentOrders,
  payments,
  properties,
  rentalUnits,
  users,
} from '../../db/schema';
import { renderReceiptPdf } from './payments.receipt';

const recorder = alias(users, 'recorder');

/** The columns the list shows: the ledger row and the names it points at (one statement). */
const listColumns = {
  id: payments.id,
  kind: payments.kind,
  amount: payments.amount,
  currency: payments.currency,
  status: payments.status,
  method: payments.method,
  source: payments.source,
  description: payments.description,
  reference: payments.reference,
  paidAt: payments.paidAt,
  tenantId: payments.tenantId,
  propertyId: payments.propertyId,
  bookingId: payments.bookingId,
  invoiceId: payments.invoiceId,
  firstName: users.firstName,
  lastName: users.lastName,
  propertyName: properties.name,
  unitNumber: rentalUnits.unitNumber,
  invoiceNumber: invoices.number,
  receiptNumber: payments.receiptNumber,
};

type ListRow = {
  [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['data'] | (K extends 'id' ? never : null);
};

function toLedgerDto(r: ListRow): LedgerPaymentDto {
  return {
    _id: r.id,
    kind: r.kind!,
    amount: r.amount!,
    currency: r.currency!,
    status: r.status!,
    method: r.method,
    source: r.source!,
    description: r.description ?? '',
    reference: r.reference ?? '',
    paidAt: iso(r.paidAt!),
    tenantId: r.tenantId,
    payerName: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
    propertyId: r.propertyId,
    propertyName: r.propertyName,
    unitNumber: r.unitNumber,
    bookingId: r.bookingId,
    invoiceId: r.invoiceId,
    invoiceNumber: r.invoiceNumber,
    // Money recorded before receipt series keeps the number it was shown with.
    receiptNumber: r.receiptNumber ?? receiptNumberOf(r.id),
  };
}

function dayAfter(isoDate: string): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Which filters a ledger request uses: one statement per shape, built once (core/statements.ts). */
interface LedgerShape {
  tenantId: boolean;
  propertyId: boolean;
  method: boolean;
  /** Every status (or none) filters nothing. */
  statuses: boolean;
  from: boolean;
  to: boolean;
  /** An invoice number (exact, indexed), or text: a reference, a gateway id or the payer's name. */
  search: 'none' | 'invoice' | 'text';
}

const ALL_STATUSES = 3;

function ledgerShape(query: PaymentListQuery): LedgerShape {
  const term = query.search?.trim() ?? '';
  const statuses = new Set(query.status ?? []).size;
  return {
    tenantId: Boolean(query.tenantId),
    propertyId: Boolean(query.propertyId),
    method: Boolean(query.method),
    statuses: statuses > 0 && statuses < ALL_STATUSES,
    from: Boolean(query.from),
    to: Boolean(query.to),
    search: !term ? 'none' : isDocumentNumber(term) ? 'invoice' : 'text',
  };
}

function ledgerWhere(db: DbOrTx, shape: LedgerShape): SQL | undefined {
  const value = (name: string) => sql.placeholder(name);
  const filters: SQL[] = [eq(payments.companyId, value('companyId'))];
  if (shape.tenantId) filters.push(eq(payments.tenantId, value('tenantId')));
  if (shape.propertyId) filters.push(eq(payments.propertyId, value('propertyId')));
  if (shape.method) filters.push(eq(payments.method, value('method')));
  if (shape.statuses) filters.push(anyOf(payments.status, 'statuses'));
  if (shape.from) filters.push(sql`${payments.paidAt} >= ${value('from')}::date`);
  if (shape.to) filters.push(sql`${payments.paidAt} < ${value('to')}::date`);
  if (shape.search === 'invoice') {
    const ofNumber = db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, value('companyId')), eq(invoices.number, value('number'))));
    filters.push(sql`${payments.invoiceId} = any(array(${ofNumber}))`);
  } else if (shape.search === 'text') {
    // A reference or gateway id (exact, indexed), or the payer's name: the company's tenants whose name matches (a paid
    // booking makes its booker a tenant), as a bounded array (see companyTenanciesNamed).
    const people = companyTenanciesNamed(
      db,
      { companyId: value('companyId'), like: value('like') },
      { bound: COUNT_BOUND, select: 'person' },
    );
    filters.push(
      sql`(${payments.reference} = ${value('term')} or ${payments.gatewayPaymentId} = ${value('term')} or ${payments.userId} = any(array(${people})))`,
    );
  }
  return and(...filters);
}

const ledgerShapeOptions = {
  searches: (shape: LedgerShape) => shape.search === 'text',
};

/** A page with the bounded count in the same statement (not for text searches: the count would search again). */
const ledgerPage = statementsByShape((db, shape: LedgerShape) => {
  const where = ledgerWhere(db, shape);
  return mappedRows(
    selectRows(db, {
      total: pageCountColumn(db, payments, where, {
        bound: COUNT_BOUND,
        searches: shape.search === 'text',
      }),
    })
      .where(where)
      .orderBy(desc(payments.paidAt), desc(payments.id))
      .limit(pageLimit())
      .offset(pageOffset()),
  );
}, ledgerShapeOptions);

const ledgerCount = statementsByShape(
  (db, shape: LedgerShape) => boundedCountQuery(db, payments, ledgerWhere(db, shape), COUNT_BOUND),
  ledgerShapeOptions,
);

function selectRows<Extra extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra?: Extra) {
  return db
    .select({ ...listColumns, ...(extra as Extra) })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(properties, eq(properties.id, payments.propertyId))
    .leftJoin(rentalUnits, eq(rentalUnits.id, payments.rentalUnitId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId));
}

/**
 * The payments ledger: one table (`payments`) holds every money movement, with what it paid and who paid copied
 * onto it when written, so that the list is read from its own (company_id, <filter>, paid_at desc, id desc) indexes
 * and the names are joined for the page's rows only.
 */
export function createLedgerService(db: Db) {
  async function list(
    ctx: CompanyContext,
    query: PaymentListQuery,
  ): Promise<{ data: LedgerPaymentDto[]; pagination: Pagination }> {
    const shape = ledgerShape(query);
    const offset = offsetOf(query.page, query.limit);
    const term = query.search?.trim() ?? '';
    const statuses = [...new Set(query.status ?? [])];
    const values = {
      companyId: ctx.companyId,
      tenantId: query.tenantId,
      propertyId: query.propertyId,
      method: query.method,
      statuses,
      from: query.from,
      to: query.to ? dayAfter(query.to) : undefined,
      number: shape.search === 'invoice' ? term.toUpperCase() : undefined,
      term: shape.search === 'text' ? term : undefined,
      like: shape.search === 'text' ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined,
      limit: query.limit,
      offset,
    };
    const { rows, count } = await runPage(
      { page: ledgerPage(db, shape), count: ledgerCount(db, shape) },
      values,
    );
    return {
      data: rows.map((r) => toLedgerDto(r as ListRow)),
      pagination: boundedPageOf(query.page, query.limit, count, rows.length),
    };
  }

  /** The ledger rows of the signed-in person (the tenant area), of every company, newest first. */
  async function mine(ctx: AuthContext, query: { page: number; limit: number }) {
    const where = eq(payments.userId, ctx.userId);
    const [rows, [total]] = await Promise.all([
      selectRows(db)
        .where(where)
        .orderBy(desc(payments.paidAt), desc(payments.id))
        .limit(query.limit)
        .offset(offsetOf(query.page, query.limit)),
      db.select({ n: sql<number>`count(*)::int` }).from(payments).where(where),
    ]);
    return {
      data: rows.map((r) => toLedgerDto(r as ListRow)),
      pagination: pageOf(query.page, query.limit, total?.n ?? 0),
    };
  }

  async function detailOf(where: SQL): Promise<LedgerPaymentDetailDto & { companyId: string }> {
    const [row] = await db
      .select({
        ...listColumns,
        companyId: payments.companyId,
        orderId: payments.orderId,
        email: users.email,
        gatewayPaymentId: payments.gatewayPaymentId,
        failureReason: payments.failureReason,
        createdAt: payments.createdAt,
        gatewayOrderId: paymentOrders.gatewayOrderId,
        gateway: paymentOrders.gateway,
        installmentNumber: paymentOrders.installmentNumber,
        recorderFirst: recorder.firstName,
        recorderLast: recorder.lastName,
      })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .leftJoin(properties, eq(properties.id, payments.propertyId))
      .leftJoin(rentalUnits, eq(rentalUnits.id, payments.rentalUnitId))
      .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
      .leftJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
      .where(where)
      .limit(1);
    if (!row) throw notFound('Payment');
    const refunds =
      row.orderId && row.status === 'captured'
        ? await db
            .select({
              id: payments.id,
              amount: payments.amount,
              paidAt: payments.paidAt,
              reference: payments.reference,
            })
            .from(payments)
            .where(
              and(
                eq(payments.companyId, row.companyId),
                eq(payments.orderId, row.orderId),
                eq(payments.status, 'refunded'),
                ne(payments.id, row.id),
              ),
            )
            .orderBy(asc(payments.paidAt), asc(payments.id))
        : [];
    return {
      ...toLedgerDto(row as ListRow),
      companyId: row.companyId,
      payerEmail: row.email,
      gatewayPaymentId: row.gatewayPaymentId,
      gatewayOrderId: row.gatewayOrderId,
      gateway: row.gateway,
      installmentNumber: row.installmentNumber,
      failureReason: row.failureReason,
      recordedByName: row.recorderFirst ? `${row.recorderFirst} ${row.recorderLast ?? ''}`.trim() : null,
      createdAt: iso(row.createdAt),
      refunds: refunds.map((r) => ({
        _id: r.id,
        amount: r.amount,
        paidAt: iso(r.paidAt),
        reference: r.reference,
      })),
      refundedAmount: refunds.reduce((sum, r) => sum + r.amount, 0),
    };
  }

  async function get(ctx: CompanyContext, id: string): Promise<LedgerPaymentDetailDto> {
    const { companyId: _, ...detail } = await detailOf(
      and(eq(payments.id, id), eq(payments.companyId, ctx.companyId))!,
    );
    return detail;
  }

  async function receiptOf(detail: LedgerPaymentDetailDto & { companyId: string }) {
    if (detail.status === 'failed') throw conflict('A failed payment attempt has no receipt');
    const [company] = await db
      .select({
        name: companies.name,
        email: companies.email,
        phone: companies.phone,
        address: companies.address,
        timeZone: companies.timeZone,
      })
      .from(companies)
      .where(eq(companies.id, detail.companyId));
    const bytes = await renderReceiptPdf({
      payment: detail,
      company: company ?? { name: '', email: null, phone: null, address: null, timeZone: DEFAULT_TIME_ZONE },
    });
    return { bytes, fileName: documentFileName(detail.receiptNumber) };
  }

  async function receipt(ctx: CompanyContext, id: string) {
    return receiptOf(await detailOf(and(eq(payments.id, id), eq(payments.companyId, ctx.companyId))!));
  }

  /** A receipt of one of the signed-in person's own payments; anybody else's is 404. */
  async function mineReceipt(ctx: AuthContext, id: string) {
    return receiptOf(await detailOf(and(eq(payments.id, id), eq(payments.userId, ctx.userId))!));
  }

  /** A receipt by its id alone: for a caller whose permission is elsewhere (a signed link of a pay link). */
  async function receiptById(id: string) {
    return receiptOf(await detailOf(eq(payments.id, id)));
  }

  /** Money received (receipts) for some invoices or a tenancy of a company, newest first (at most 50). */
  async function receiptsOf(companyId: string, of: { invoiceId: string } | { tenantId: string }) {
    const rows = await db
      .select({
        id: payments.id,
        receiptNumber: payments.receiptNumber,
        invoiceNumber: invoices.number,
        amount: payments.amount,
        currency: payments.currency,
        paidAt: payments.paidAt,
        method: payments.method,
      })
      .from(payments)
      .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(
        and(
          eq(payments.companyId, companyId),
          'invoiceId' in of ? eq(payments.invoiceId, of.invoiceId) : eq(payments.tenantId, of.tenantId),
          eq(payments.status, 'captured'),
        ),
      )
      .orderBy(desc(payments.paidAt), desc(payments.id))
      .limit(50);
    return rows.map((r) => ({ ...r, receiptNumber: r.receiptNumber ?? receiptNumberOf(r.id) }));
  }

  return { list, mine, get, receipt, mineReceipt, receiptById, receiptsOf };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
