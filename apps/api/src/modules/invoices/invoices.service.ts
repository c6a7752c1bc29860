import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  canUseFeature,
  computeInvoiceTotals,
  formatInvoiceNumber,
  type InvoiceCheckoutDto,
  type InvoiceCreateBody,
  type InvoiceDetailDto,
  type InvoiceDto,
  type InvoiceListQuery,
  type InvoicePaymentBody,
  type InvoicePaymentDto,
  type InvoiceUpdateBody,
  type VerifyInvoicePaymentBody,
} from '@rentora/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type AuthContext, accessContextOf, type CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { AppError, badRequest, conflict, featureNotInPlan, notFound } from '../../core/errors';
import { escapeHtml } from '../../core/html';
import { iso, offsetOf, pageOf } from '../../core/http';
import { sendMail } from '../../core/mail-delivery';
import type { DbOrTx, Tx } from '../../db/client';
import {
  companies,
  type InvoiceLine,
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
import type { PaymentOrderRow, PaymentRow, PaymentsService } from '../payments/payments.service';
import { logoPng, templateFor } from './invoice-templates.service';
import { type InvoiceRow, toInvoiceDto } from './invoices.dto';
import { refreshTenantDues } from './invoices.dues';
import { listInvoices } from './invoices.list';
import { renderInvoicePdf } from './invoices.pdf';

type InvoicePaymentRow = typeof invoicePayments.$inferSelect;

/** Signed PDF links (for a framed preview) live this long, in seconds. */
export const PDF_LINK_SECONDS = 300;

function toPaymentDto(row: InvoicePaymentRow): InvoicePaymentDto {
  return {
    _id: row.id,
    invoiceId: row.invoiceId,
    amount: row.amount,
    method: row.method,
    source: row.source,
    paidAt: iso(row.paidAt),
    reference: row.reference,
    createdAt: iso(row.createdAt),
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

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

const ONLINE_METHODS = new Set(['card', 'upi']);

/**
 * Runs inside the payments transaction when an invoice's gateway order is first paid: records the invoice payment
 * (unique on the ledger row) and moves the invoice's paid amount and status under its row lock.
 */
export async function onInvoicePaid(tx: Tx, order: PaymentOrderRow, payment: PaymentRow): Promise<void> {
  if (order.purpose !== 'invoice' || !order.referenceId) return;
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, order.referenceId)).for('update');
  if (!invoice) return;
  const inserted = await tx
    .insert(invoicePayments)
    .values({
      companyId: invoice.companyId,
      invoiceId: invoice.id,
      amount: payment.amount,
      method:
        payment.method && ONLINE_METHODS.has(payment.method) ? (payment.method as 'card' | 'upi') : 'other',
      source: 'online',
      paidAt: payment.paidAt,
      reference: payment.gatewayPaymentId ?? '',
      paymentId: payment.id,
      recordedBy: null,
    })
    .onConflictDoNothing()
    .returning({ id: invoicePayments.id });
  if (!inserted[0]) return;
  // The balance takes the payment; what goes beyond it (or any payment of a void invoice) is owed back to the payer.
  const due = invoice.status === 'void' ? 0 : Math.max(0, invoice.total - invoice.amountPaid);
  const applied = Math.min(payment.amount, due);
  const surplus = payment.amount - applied;
  const amountPaid = invoice.amountPaid + applied;
  const refundDueAmount = invoice.refundDueAmount + surplus;
  const status = invoice.status === 'void' ? 'void' : amountPaid >= invoice.total ? 'paid' : 'partially_paid';
  await tx
    .update(invoices)
    .set({
      amountPaid,
      refundDueAmount,
      status,
      paidAt: status === 'paid' && invoice.status !== 'paid' ? payment.createdAt : invoice.paidAt,
      currentOrderId: invoice.currentOrderId === order.id ? null : invoice.currentOrderId,
    })
    .where(eq(invoices.id, invoice.id));
  await refreshTenantDues(tx, invoice.companyId, invoice.tenantId);
  await recordAudit(tx, {
    companyId: invoice.companyId,
    actorUserId: null,
    action: 'invoice.payment_recorded',
    entityType: 'invoice',
    entityId: invoice.id,
    summary: `${invoice.number}: online payment ${payment.amount} (${payment.gatewayPaymentId})${
      surplus > 0 ? `, ${surplus} beyond the balance: refund due` : ''
    }`,
    before: {
      status: invoice.status,
      amountPaid: invoice.amountPaid,
      refundDueAmount: invoice.refundDueAmount,
    },
    after: { status, amountPaid, refundDueAmount },
  });
}

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'notifier' | 'storage'> & {
  payments: PaymentsService;
};

export interface EventLog {
  error(details: object, message: string): void;
}

export function createInvoicesService(deps: Deps, log?: EventLog) {
  const db = deps.db;
  const { payments } = deps;
  const pdfKey = createHmac('sha256', deps.config.jwtSecret).update('rentora:invoice-pdf:v1').digest();
  const pdfSignature = (id: string, exp: number) =>
    createHmac('sha256', pdfKey).update(`${id}\n${exp}`).digest('base64url');

  /** Tenant, property and unit names of each invoice, in one query. */
  async function dtos(rows: InvoiceRow[], conn: DbOrTx = db): Promise<InvoiceDto[]> {
    if (rows.length === 0) return [];
    const names = await conn
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
      .where(
        inArray(
          invoices.id,
          rows.map((r) => r.id),
        ),
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
    const [[dto], paid] = await Promise.all([
      dtos([row]),
      db
        .select()
        .from(invoicePayments)
        .where(eq(invoicePayments.invoiceId, row.id))
        .orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id)),
    ]);
    return { ...dto!, refundDueAmount: row.refundDueAmount, payments: paid.map(toPaymentDto) };
  }

  async function load(companyId: string, id: string, conn: DbOrTx = db, lock = false): Promise<InvoiceRow> {
    const query = conn
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.companyId, companyId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('Invoice');
    return row;
  }

  async function tenancyOf(conn: DbOrTx, companyId: string, tenantId: string) {
    const [row] = await conn
      .select()
      .from(rentalUnitUsers)
      .where(and(eq(rentalUnitUsers.id, tenantId), eq(rentalUnitUsers.companyId, companyId)));
    if (!row) throw notFound('Tenant');
    if (row.tenancyStatus === 'rejected') throw conflict('A rejected tenancy cannot be invoiced');
    return row;
  }

  function totalsOf(lines: InvoiceCreateBody['lineItems'], taxRate: number) {
    const totals = computeInvoiceTotals(lines, taxRate);
    if (totals.total <= 0) throw badRequest('The invoice total must be more than 0', 'lineItems');
    if (totals.total > 2_000_000_000) throw badRequest('The invoice total is too large', 'lineItems');
    return totals;
  }

  /** Issues a draft inside `tx`: the next number of the issue year, status `sent`. */
  async function issue(tx: Tx, row: InvoiceRow): Promise<InvoiceRow> {
    const year = Number(row.issueDate.slice(0, 4));
    const n = await allocateNumbers(tx, row.companyId, year);
    const [issued] = await tx
      .update(invoices)
      .set({ number: formatInvoiceNumber(year, n), status: 'sent', sentAt: new Date() })
      .where(eq(invoices.id, row.id))
      .returning();
    await recordAudit(tx, {
      companyId: row.companyId,
      action: 'invoice.issued',
      entityType: 'invoice',
      entityId: row.id,
      summary: `${issued!.number} issued, total ${row.total}`,
      before: { status: row.status },
      after: { status: 'sent', number: issued!.number },
    });
    await refreshTenantDues(tx, row.companyId, row.tenantId);
    return issued!;
  }

  async function create(ctx: CompanyContext, body: InvoiceCreateBody): Promise<InvoiceDetailDto> {
    const tenancy = await tenancyOf(db, ctx.companyId, body.tenantId);
    const template = await templateFor(db, ctx.companyId, body.templateId);
    const taxRate = template?.taxRate ?? 0;
    const totals = totalsOf(body.lineItems, taxRate);
    const row = await db.transaction(async (tx) => {
      const [draft] = await tx
        .insert(invoices)
        .values({
          companyId: ctx.companyId,
          tenantId: tenancy.id,
          userId: tenancy.userId,
          propertyId: tenancy.propertyId,
          rentalUnitId: tenancy.rentalUnitId,
          templateId: template?.id ?? null,
          issueDate: body.issueDate,
          dueDate: body.dueDate,
          period: body.period ?? null,
          currency: tenancy.currency,
          lineItems: totals.lines,
          taxRate,
          subtotal: totals.subtotal,
          tax: totals.tax,
          total: totals.total,
          notes: body.notes,
          createdBy: ctx.userId,
        })
        .returning();
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'invoice.created',
        entityType: 'invoice',
        entityId: draft!.id,
        summary: `Draft for ${totals.total}`,
        after: { status: 'draft', total: totals.total },
      });
      return body.send ? issue(tx, draft!) : draft!;
    });
    if (body.send) await deliver(row);
    return detailOf(row);
  }

  async function get(ctx: CompanyContext, id: string): Promise<InvoiceDetailDto> {
    return detailOf(await load(ctx.companyId, id));
  }

  async function update(ctx: CompanyContext, id: string, body: InvoiceUpdateBody): Promise<InvoiceDetailDto> {
    const row = await db.transaction(async (tx) => {
      const current = await load(ctx.companyId, id, tx, true);
      if (current.status !== 'draft') {
        const locked = (['tenantId', 'issueDate', 'lineItems', 'templateId', 'period'] as const).filter(
          (key) => body[key] !== undefined,
        );
        if (current.status === 'void' || current.status === 'paid' || locked.length > 0) {
          throw conflict(
            current.status === 'void' || current.status === 'paid'
              ? `A ${current.status} invoice cannot be edited`
              : 'Only drafts can be edited freely; an issued invoice takes a new due date or notes only',
          );
        }
        if (body.dueDate && body.dueDate < current.issueDate) {
          throw badRequest('The due date cannot be before the issue date', 'dueDate');
        }
        const [updated] = await tx
          .update(invoices)
          .set({ dueDate: body.dueDate ?? current.dueDate, notes: body.notes ?? current.notes })
          .where(eq(invoices.id, id))
          .returning();
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'invoice.updated',
          entityType: 'invoice',
          entityId: id,
          summary: `${current.number}: due date or notes changed`,
          before: { dueDate: current.dueDate },
          after: { dueDate: updated!.dueDate },
        });
        return updated!;
      }
      const tenancy = body.tenantId ? await tenancyOf(tx, ctx.companyId, body.tenantId) : null;
      const templateId = body.templateId !== undefined ? body.templateId : current.templateId;
      const template = templateId ? await templateFor(tx, ctx.companyId, templateId) : null;
      const taxRate = body.templateId !== undefined ? (template?.taxRate ?? 0) : current.taxRate;
      const lines = body.lineItems ?? current.lineItems;
      const totals = totalsOf(lines, taxRate);
      const issueDate = body.issueDate ?? current.issueDate;
      const dueDate = body.dueDate ?? current.dueDate;
      if (dueDate < issueDate) throw badRequest('The due date cannot be before the issue date', 'dueDate');
      const [updated] = await tx
        .update(invoices)
        .set({
          ...(tenancy
            ? {
                tenantId: tenancy.id,
                userId: tenancy.userId,
                propertyId: tenancy.propertyId,
                rentalUnitId: tenancy.rentalUnitId,
                currency: tenancy.currency,
              }
            : {}),
          templateId: template?.id ?? null,
          issueDate,
          dueDate,
          period: body.period !== undefined ? body.period : current.period,
          notes: body.notes ?? current.notes,
          lineItems: totals.lines,
          taxRate,
          subtotal: totals.subtotal,
          tax: totals.tax,
          total: totals.total,
        })
        .where(eq(invoices.id, id))
        .returning();
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'invoice.updated',
        entityType: 'invoice',
        entityId: id,
        summary: `Draft updated, total ${totals.total}`,
        before: { total: current.total },
        after: { total: totals.total },
      });
      return updated!;
    });
    return detailOf(row);
  }

  async function remove(ctx: CompanyContext, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const current = await load(ctx.companyId, id, tx, true);
      if (current.status !== 'draft')
        throw conflict('Only drafts can be deleted; void an issued invoice instead');
      await tx.delete(invoices).where(eq(invoices.id, id));
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'invoice.deleted',
        entityType: 'invoice',
        entityId: id,
        summary: `Draft deleted (total ${current.total})`,
        before: { status: 'draft', total: current.total },
      });
    });
  }

  function list(ctx: CompanyContext, query: InvoiceListQuery) {
    return listInvoices(db, ctx, query);
  }

  async function companyOf(companyId: string) {
    const [company] = await db
      .select({
        name: companies.name,
        email: companies.email,
        phone: companies.phone,
        address: companies.address,
      })
      .from(companies)
      .where(eq(companies.id, companyId));
    return company ?? { name: '', email: null, phone: null, address: null };
  }

  async function pdfOf(row: InvoiceRow): Promise<Uint8Array> {
    const [[dto], company, template] = await Promise.all([
      dtos([row]),
      companyOf(row.companyId),
      row.templateId
        ? templateFor(db, row.companyId, row.templateId).catch(() => null)
        : Promise.resolve(null),
    ]);
    const logo = await logoPng(deps.storage, template?.logoKey ?? null);
    return renderInvoicePdf({ invoice: dto!, company, template, logo });
  }

  async function pdf(ctx: CompanyContext, id: string): Promise<{ bytes: Uint8Array; fileName: string }> {
    const row = await load(ctx.companyId, id);
    return { bytes: await pdfOf(row), fileName: `${row.number ?? 'draft-invoice'}.pdf` };
  }

  /** Email with the PDF attached and an in-app notification, after the issue has committed. Best effort. */
  async function deliver(row: InvoiceRow): Promise<void> {
    try {
      const [person] = await db
        .select({ email: users.email, firstName: users.firstName, isActive: users.isActive })
        .from(users)
        .where(eq(users.id, row.userId));
      const company = await companyOf(row.companyId);
      const amount = `${row.currency} ${((row.total - row.amountPaid) / 100).toFixed(2)}`;
      const message = `Invoice ${row.number} from ${company.name}: ${amount} due by ${row.dueDate}.`;
      if (person?.isActive) {
        const bytes = await pdfOf(row);
        await sendMail(
          deps.mailer,
          {
            to: person.email,
            subject: `Invoice ${row.number} from ${company.name}`,
            text: `Hello ${person.firstName},\n\n${message}\nThe invoice is attached. You can pay it online from your tenant area.\n`,
            html: `<p>Hello ${escapeHtml(person.firstName)},</p><p>${escapeHtml(message)}</p><p>The invoice is attached. You can pay it online from your tenant area.</p>`,
            template: 'invoice',
            attachments: [
              {
                filename: `${row.number}.pdf`,
                contentType: 'application/pdf',
                contentBase64: Buffer.from(bytes).toString('base64'),
              },
            ],
          },
          { companyId: row.companyId, userId: row.userId },
        );
      }
      await deps.notifier.notifyUser(row.userId, {
        companyId: row.companyId,
        category: 'payment',
        type: 'invoice.sent',
        title: `Invoice ${row.number}`,
        message,
        link: '/tenant/payments',
        data: { invoiceId: row.id },
      });
    } catch (error) {
      log?.error({ err: error, invoiceId: row.id }, 'invoice delivery failed');
    }
  }

  /** Issues a draft (number, status `sent`) or sends an issued invoice again; then mails and notifies the tenant. */
  async function send(ctx: CompanyContext, id: string): Promise<InvoiceDetailDto> {
    const row = await db.transaction(async (tx) => {
      const current = await load(ctx.companyId, id, tx, true);
      if (current.status === 'void' || current.status === 'paid') {
        throw conflict(`A ${current.status} invoice cannot be sent`);
      }
      if (current.status !== 'draft') {
        const [resent] = await tx
          .update(invoices)
          .set({ sentAt: new Date() })
          .where(eq(invoices.id, id))
          .returning();
        return resent!;
      }
      return issue(tx, current);
    });
    await deliver(row);
    return detailOf(row);
  }

  async function voidInvoice(ctx: CompanyContext, id: string, reason: string): Promise<InvoiceDetailDto> {
    // A payment the gateway took for the invoice is recorded first: an invoice with payments is never voided.
    await payments.settleOpenOrdersOf((await load(ctx.companyId, id)).id);
    const row = await db.transaction(async (tx) => {
      const current = await load(ctx.companyId, id, tx, true);
      if (current.status === 'void') throw conflict('This invoice is already void');
      if (current.status === 'draft') throw conflict('Delete the draft instead: it has no number yet');
      const [paid] = await tx
        .select({ n: count() })
        .from(invoicePayments)
        .where(eq(invoicePayments.invoiceId, id));
      if (current.amountPaid > 0 || (paid?.n ?? 0) > 0) {
        throw conflict('An invoice with payments cannot be voided');
      }
      if (current.currentOrderId) {
        await tx
          .update(paymentOrders)
          .set({ status: 'expired' })
          .where(and(eq(paymentOrders.id, current.currentOrderId), eq(paymentOrders.status, 'created')));
      }
      const [updated] = await tx
        .update(invoices)
        .set({ status: 'void', voidReason: reason, voidedAt: new Date(), currentOrderId: null })
        .where(eq(invoices.id, id))
        .returning();
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'invoice.voided',
        entityType: 'invoice',
        entityId: id,
        summary: `${current.number} void: ${reason}`,
        before: { status: current.status },
        after: { status: 'void' },
      });
      await refreshTenantDues(tx, ctx.companyId, current.tenantId);
      return updated!;
    });
    return detailOf(row);
  }

  /** An offline payment (cash, UPI, cheque, …) of at most the balance, under the invoice's row lock. */
  async function recordPayment(
    ctx: CompanyContext,
    id: string,
    body: InvoicePaymentBody,
  ): Promise<InvoiceDetailDto> {
    try {
      const row = await db.transaction(async (tx) => {
        const current = await load(ctx.companyId, id, tx, true);
        if (current.status === 'draft') throw conflict('Send the invoice before recording a payment');
        if (current.status === 'void') throw conflict('A void invoice takes no payment');
        const balance = current.total - current.amountPaid;
        if (balance <= 0) throw conflict('This invoice is already paid');
        if (body.amount > balance) {
          throw conflict(`The payment is more than the balance of ${balance}`);
        }
        const paidAt = body.paidAt
          ? new Date(body.paidAt.length === 10 ? `${body.paidAt}T12:00:00Z` : body.paidAt)
          : new Date();
        if (paidAt.getTime() > Date.now() + 86_400_000)
          throw badRequest('The payment date is in the future', 'paidAt');
        const payment = await insertOfflinePayment(tx, current, {
          amount: body.amount,
          method: body.method,
          paidAt,
          reference: body.reference,
          recordedBy: ctx.userId,
        });
        const amountPaid = current.amountPaid + body.amount;
        const status = amountPaid >= current.total ? 'paid' : 'partially_paid';
        // The open gateway order was for the old balance: close it, a new one is opened for what is left.
        if (current.currentOrderId) {
          await tx
            .update(paymentOrders)
            .set({ status: 'expired' })
            .where(and(eq(paymentOrders.id, current.currentOrderId), eq(paymentOrders.status, 'created')));
        }
        const [updated] = await tx
          .update(invoices)
          .set({
            amountPaid,
            status,
            paidAt: status === 'paid' ? paidAt : current.paidAt,
            currentOrderId: null,
          })
          .where(eq(invoices.id, id))
          .returning();
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'invoice.payment_recorded',
          entityType: 'invoice',
          entityId: id,
          summary: `${current.number}: ${body.method} payment ${body.amount}${body.reference ? ` (${body.reference})` : ''}`,
          before: { status: current.status, amountPaid: current.amountPaid },
          after: { status, amountPaid, paymentId: payment!.id },
        });
        await refreshTenantDues(tx, ctx.companyId, current.tenantId);
        return updated!;
      });
      return detailOf(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('A payment with this reference is already recorded');
      throw error;
    }
  }

  /** The tenant of the invoice, or staff of its company with invoices_read; others see nothing. */
  async function visible(ctx: AuthContext, id: string, conn: DbOrTx = db, lock = false): Promise<InvoiceRow> {
    const query = conn.select().from(invoices).where(eq(invoices.id, id));
    const [row] = lock ? await query.for('update') : await query;
    const staff =
      row && ctx.companyId === row.companyId && canUseFeature(accessContextOf(ctx), 'invoices_read');
    if (!row || (!staff && (row.userId !== ctx.userId || row.status === 'draft'))) throw notFound('Invoice');
    return row;
  }

  async function planAllowsInvoices(companyId: string) {
    const [company] = await db
      .select({ features: companies.featuresList })
      .from(companies)
      .where(eq(companies.id, companyId));
    // An empty plan feature list means every feature (Enterprise), as planAllows reads it.
    if (company && company.features.length > 0 && !company.features.includes('invoices_read')) {
      throw featureNotInPlan('invoices_read');
    }
  }

  /** A gateway order for the balance; an open order for the same amount and payer is reused. */
  async function pay(ctx: AuthContext, id: string): Promise<InvoiceCheckoutDto> {
    const first = await visible(ctx, id);
    await planAllowsInvoices(first.companyId);
    // What the gateway already took for the invoice's earlier orders is recorded before the balance is asked for.
    await payments.settleOpenOrdersOf(first.id);
    const made = await db.transaction(async (tx) => {
      const row = await visible(ctx, id, tx, true);
      if (row.status === 'draft' || row.status === 'void' || row.status === 'paid') {
        throw conflict(`A ${row.status} invoice takes no payment`);
      }
      const balance = row.total - row.amountPaid;
      if (balance <= 0) throw conflict('This invoice is already paid');
      if (row.currentOrderId) {
        const [open] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, row.currentOrderId));
        if (open && open.status === 'created' && open.amount === balance && open.userId === ctx.userId) {
          return { row, order: open };
        }
        if (open && open.status === 'created') {
          await tx.update(paymentOrders).set({ status: 'expired' }).where(eq(paymentOrders.id, open.id));
        }
      }
      const order = await payments.createOrder(tx, {
        companyId: row.companyId,
        userId: ctx.userId,
        amount: balance,
        currency: row.currency,
        purpose: 'invoice',
        referenceId: row.id,
      });
      const [updated] = await tx
        .update(invoices)
        .set({ currentOrderId: order.id })
        .where(eq(invoices.id, row.id))
        .returning();
      return { row: updated!, order };
    });
    const [invoice] = await dtos([made.row]);
    return {
      invoice: invoice!,
      order: { id: made.order.gatewayOrderId, amount: made.order.amount, currency: made.order.currency },
      keyId: payments.gateway.keyId,
      gateway: payments.gateway.mode,
    };
  }

  /** The Checkout answer for an invoice order: signature checked against the stored order, settled exactly once. */
  async function verifyPayment(ctx: AuthContext, body: VerifyInvoicePaymentBody): Promise<InvoiceDetailDto> {
    const failed = () => new AppError('VALIDATION_ERROR', 'Payment verification failed');
    const [order] = await db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.referenceId, body.invoiceId),
          eq(paymentOrders.purpose, 'invoice'),
          eq(paymentOrders.gatewayOrderId, body.razorpay_order_id),
          eq(paymentOrders.userId, ctx.userId),
        ),
      );
    if (!order) throw failed();
    await payments.verifyClientPayment({
      orderRowId: order.id,
      userId: ctx.userId,
      clientOrderId: body.razorpay_order_id,
      paymentId: body.razorpay_payment_id,
      signature: body.razorpay_signature,
    });
    const [row] = await db.select().from(invoices).where(eq(invoices.id, body.invoiceId));
    if (!row) throw failed();
    return detailOf(row);
  }

  /** The signed-in person's own issued invoices (tenant side), newest first. */
  async function mine(ctx: AuthContext, query: { page: number; limit: number }) {
    const where = and(eq(invoices.userId, ctx.userId), sql`${invoices.status} <> 'draft'`);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(invoices)
        .where(where)
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(query.limit)
        .offset(offsetOf(query.page, query.limit)),
      db.select({ n: count() }).from(invoices).where(where),
    ]);
    return { data: await dtos(rows), pagination: pageOf(query.page, query.limit, total?.n ?? 0) };
  }

  /** A 5-minute link to the PDF that a page can frame (an iframe sends no bearer header). */
  function pdfLink(row: InvoiceRow): { url: string; expiresAt: string } {
    const exp = Math.floor(Date.now() / 1000) + PDF_LINK_SECONDS;
    return {
      url: `/api/invoices/${row.id}/pdf/view?exp=${exp}&sig=${pdfSignature(row.id, exp)}`,
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  async function staffPdfLink(ctx: CompanyContext, id: string) {
    return pdfLink(await load(ctx.companyId, id));
  }

  async function minePdfLink(ctx: AuthContext, id: string) {
    return pdfLink(await visible(ctx, id));
  }

  /** The PDF of a signed link: the signature is the permission (no account needed). */
  async function signedPdf(id: string, exp: number | undefined, sig: string | undefined) {
    const now = Math.floor(Date.now() / 1000);
    const expected = exp !== undefined ? Buffer.from(pdfSignature(id, exp)) : null;
    const given = Buffer.from(sig ?? '');
    if (!expected || exp! <= now || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw notFound('Invoice');
    }
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
    if (!row) throw notFound('Invoice');
    return { bytes: await pdfOf(row), fileName: `${row.number ?? 'draft-invoice'}.pdf` };
  }

  async function minePdf(ctx: AuthContext, id: string) {
    const row = await visible(ctx, id);
    return { bytes: await pdfOf(row), fileName: `${row.number ?? 'invoice'}.pdf` };
  }

  return {
    create,
    get,
    update,
    remove,
    list,
    pdf,
    send,
    voidInvoice,
    recordPayment,
    pay,
    verifyPayment,
    mine,
    minePdf,
    staffPdfLink,
    minePdfLink,
    signedPdf,
    deliver,
    dtos,
    payments,
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
export type { InvoiceLine };
