import {
  canUseFeature,
  type InvoiceDetailDto,
  type InvoiceDto,
  type InvoiceListQuery,
} from '@rentora/shared';
import { type AuthContext, accessContextOf, type CompanyContext } from '../../core/access';
import { notFound } from '../../core/errors';
import { offsetOf, pageOf } from '../../core/http';
import type { Db, DbOrTx } from '../../db/client';
import { type InvoiceRow, toInvoiceDto, toPaymentDto } from './invoices.dto';
import { listInvoices } from './invoices.list';
import { type InvoicesRepo, invoiceById, invoiceOfCompany } from './invoices.repo';

/** Reading invoices as their callers may see them: staff of the company, or the tenant an issued one is for. */
export function invoiceViews(
  db: Db,
  repo: InvoicesRepo,
  invoicePrefixOf: (companyId: string) => Promise<string>,
) {
  /** Tenant, property and unit names of each invoice, in one query. */
  async function dtos(rows: InvoiceRow[], conn: DbOrTx = db): Promise<InvoiceDto[]> {
    if (rows.length === 0) return [];
    const names = await repo.namesOf(
      rows.map((r) => r.id),
      conn,
    );
    const byId = new Map(names.map((n) => [n.id, n]));
    return rows.map((row) => {
      const n = byId.get(row.id);
      return toInvoiceDto(row, {
        tenantName: n ? `${n.firstName} ${n.lastName}`.trim() : '',
        tenantEmail: n?.email ?? '',
        propertyName: n?.propertyName ?? '',
        unitNumber: n?.unitNumber ?? '',
      });
    });
  }

  async function detailOf(row: InvoiceRow): Promise<InvoiceDetailDto> {
    const [[dto], paid] = await Promise.all([dtos([row]), repo.paymentsOf(row.id)]);
    return { ...dto!, refundDueAmount: row.refundDueAmount, payments: paid.map(toPaymentDto) };
  }

  /** The company's invoice (under its row lock when `lock`); 404 for another company's. */
  async function load(companyId: string, id: string, conn: DbOrTx = db, lock = false): Promise<InvoiceRow> {
    const row = await invoiceOfCompany(conn, companyId, id, lock);
    if (!row) throw notFound('Invoice');
    return row;
  }

  /** The tenant of the invoice, or staff of its company with invoices_read; others see nothing. */
  async function visible(ctx: AuthContext, id: string, conn: DbOrTx = db, lock = false): Promise<InvoiceRow> {
    const row = await invoiceById(conn, id, lock);
    const staff =
      row && ctx.companyId === row.companyId && canUseFeature(accessContextOf(ctx), 'invoices_read');
    if (!row || (!staff && (row.userId !== ctx.userId || row.status === 'draft'))) throw notFound('Invoice');
    return row;
  }

  async function get(ctx: CompanyContext, id: string): Promise<InvoiceDetailDto> {
    return detailOf(await load(ctx.companyId, id));
  }

  function list(ctx: CompanyContext, query: InvoiceListQuery) {
    return listInvoices(db, ctx, query, () => invoicePrefixOf(ctx.companyId));
  }

  /** The signed-in person's own issued invoices (tenant side), newest first. */
  async function mine(ctx: AuthContext, query: { page: number; limit: number }) {
    const { rows, total } = await repo.ofUser(ctx.userId, {
      limit: query.limit,
      offset: offsetOf(query.page, query.limit),
    });
    return { data: await dtos(rows), pagination: pageOf(query.page, query.limit, total) };
  }

  return { dtos, detailOf, load, visible, get, list, mine };
}

export type InvoiceViews = ReturnType<typeof invoiceViews>;
