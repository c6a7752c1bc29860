import {
  type LedgerPaymentDetailDto,
  type LedgerPaymentDto,
  type Pagination,
  type PaymentListQuery,
  receiptNumberOf,
} from '@rentora/shared';
import { and, asc, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthContext, CompanyContext } from '../../core/access';
import { conflict, notFound } from '../../core/errors';
import { iso, offsetOf, pageOf } from '../../core/http';
import { executeList } from '../../core/prepared';
import { boundedCountQuery } from '../../core/statements';
import type { Db } from '../../db/client';
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

/** Ledger list totals are counted up to this many rows (the other lists' bound). */
export const LEDGER_COUNT_BOUND = 1_000;

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
    receiptNumber: receiptNumberOf(r.id),
  };
}

function dayAfter(isoDate: string): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function selectRows(db: Db) {
  return db
    .select(listColumns)
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
    const filters: SQL[] = [eq(payments.companyId, ctx.companyId)];
    if (query.tenantId) filters.push(eq(payments.tenantId, query.tenantId));
    if (query.propertyId) filters.push(eq(payments.propertyId, query.propertyId));
    if (query.method) filters.push(eq(payments.method, query.method));
    const statuses = [...new Set(query.status ?? [])];
    if (statuses.length === 1) filters.push(eq(payments.status, statuses[0]!));
    else if (statuses.length > 1 && statuses.length < 3) filters.push(inArray(payments.status, statuses));
    if (query.from) filters.push(sql`${payments.paidAt} >= ${query.from}::date`);
    if (query.to) filters.push(sql`${payments.paidAt} < ${dayAfter(query.to)}::date`);
    let searches = false;
    if (query.search) {
      const term = query.search.trim();
      if (/^INV-\d{4}-\d{1,9}$/i.test(term)) {
        const ofNumber = db
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(eq(invoices.companyId, ctx.companyId), eq(invoices.number, term.toUpperCase())));
        filters.push(sql`${payments.invoiceId} = any(array(${ofNumber}))`);
      } else {
        // A reference or gateway id (exact, indexed), or the payer's name through the trigram index of names (a
        // bounded set of people, as an array parameter so that the page still follows the list's index).
        searches = true;
        const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const people = db
          .select({ id: users.id })
          .from(users)
          .where(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like))
          .limit(LEDGER_COUNT_BOUND);
        filters.push(
          sql`(${payments.reference} = ${term} or ${payments.gatewayPaymentId} = ${term} or ${payments.userId} = any(array(${people})))`,
        );
      }
    }
    const where = and(...filters);
    const offset = offsetOf(query.page, query.limit);
    const [rows, [total]] = await Promise.all([
      executeList(
        selectRows(db)
          .where(where)
          .orderBy(desc(payments.paidAt), desc(payments.id))
          .limit(query.limit + 1)
          .offset(offset),
        { searches },
      ),
      executeList(boundedCountQuery(db, payments, where, LEDGER_COUNT_BOUND), { searches }),
    ]);
    const hasNext = rows.length > query.limit;
    const totalCount = Math.max(
      Math.min(total?.total ?? 0, LEDGER_COUNT_BOUND),
      offset + Math.min(rows.length, query.limit),
    );
    return {
      data: rows.slice(0, query.limit).map((r) => toLedgerDto(r as ListRow)),
      pagination: { ...pageOf(query.page, query.limit, totalCount), hasNext },
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
      })
      .from(companies)
      .where(eq(companies.id, detail.companyId));
    const bytes = await renderReceiptPdf({
      payment: detail,
      company: company ?? { name: '', email: null, phone: null, address: null },
    });
    return { bytes, fileName: `${detail.receiptNumber}.pdf` };
  }

  async function receipt(ctx: CompanyContext, id: string) {
    return receiptOf(await detailOf(and(eq(payments.id, id), eq(payments.companyId, ctx.companyId))!));
  }

  /** A receipt of one of the signed-in person's own payments; anybody else's is 404. */
  async function mineReceipt(ctx: AuthContext, id: string) {
    return receiptOf(await detailOf(and(eq(payments.id, id), eq(payments.userId, ctx.userId))!));
  }

  return { list, mine, get, receipt, mineReceipt };
}
