import {
  businessDate,
  formatMoney,
  type InvoiceCheckoutDto,
  type InvoiceDetailDto,
  type InvoicePaymentBody,
  maxTdsOf,
  type TdsInput,
  type VerifyInvoicePaymentBody,
} from '@rentora/shared';
import type { AuthContext, CompanyContext } from '../../core/access';
import { recordAudit } from '../../core/audit';
import { AppError, badRequest, conflict, featureNotInPlan } from '../../core/errors';
import { emitEvent } from '../../core/events';
import type { Db, Tx } from '../../db/client';
import { takeReceiptNumber } from '../gst/gst.service';
import { expireOpenOrder, expireOrder, orderById, type PaymentsService } from '../payments/payments.service';
import { balanceOf, type InvoiceRow } from './invoices.dto';
import { refreshTenantDues } from './invoices.dues';
import { type InvoicesRepo, insertOfflinePayment, invoiceById, setInvoiceReturning } from './invoices.repo';
import type { InvoiceViews } from './invoices.views';
import { insertTdsDeduction } from './tds.repo';

/** TDS above what the section's rate allows on the payment (rate × (money + TDS), rounded) is refused. */
function checkTdsRate(amount: number, tds: TdsInput): void {
  const allowed = maxTdsOf(tds.rate, amount, tds.amount);
  if (tds.amount > allowed) {
    throw badRequest(
      `TDS of ${formatMoney(tds.amount)} is more than ${tds.rate}% under section ${tds.section} allows on this payment (${formatMoney(allowed)})`,
      'tds.amount',
    );
  }
}

function sameTds(a: TdsInput | null, b: TdsInput | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.section === b.section && a.rate === b.rate && a.amount === b.amount;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * When an offline payment was made: now, or the date given (a payment may be dated back, never ahead). A date alone
 * is midday of that day in India, or now when it is today.
 */
export function paymentInstant(given: string | undefined, now = new Date()): Date {
  if (!given) return now;
  const dateOnly = given.length === 10;
  if (dateOnly && given === businessDate(now)) return now;
  const paidAt = new Date(dateOnly ? `${given}T12:00:00+05:30` : given);
  if (businessDate(paidAt) > businessDate(now) || paidAt.getTime() > now.getTime() + 60_000)
    throw badRequest('The payment date cannot be in the future', 'paidAt');
  return paidAt;
}

/**
 * Runs inside the transaction that records an offline payment, after the invoice took it (`invoice` is the row as
 * updated); registered with `onPaymentRecorded` (services.ts), e.g. to hold the deposit lines' money as a deposit.
 */
export type InvoicePaymentHook = (
  tx: Tx,
  invoice: InvoiceRow,
  payment: { id: string; paymentId: string | null; paidAt: Date; method: string },
) => Promise<void>;

/** Money for an invoice: offline payments staff record, and the gateway orders the tenant (or staff) pays. */
export function invoicePayments(
  db: Db,
  repo: InvoicesRepo,
  views: InvoiceViews,
  payments: PaymentsService,
  hooks: InvoicePaymentHook[] = [],
) {
  const { load, visible, detailOf, dtos } = views;

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
        if (current.status === 'void' || current.status === 'cancelled')
          throw conflict(`A ${current.status} invoice takes no payment`);
        const balance = balanceOf(current);
        if (balance <= 0) throw conflict('This invoice is already paid');
        const tds = body.tds?.amount ?? 0;
        if (body.amount + tds > balance) {
          throw conflict(`The payment is more than the balance of ${formatMoney(balance)}`);
        }
        if (body.tds) checkTdsRate(body.amount, body.tds);
        const paidAt = paymentInstant(body.paidAt);
        const payment = await insertOfflinePayment(tx, current, {
          amount: body.amount,
          method: body.method,
          paidAt,
          reference: body.reference,
          recordedBy: ctx.userId,
          receiptNumber: await takeReceiptNumber(tx, ctx.companyId, paidAt),
        });
        if (body.tds) {
          await insertTdsDeduction(tx, current, payment, { ...body.tds, recordedBy: ctx.userId });
        }
        // The TDS settles the invoice with the money: it is paid when both cover the balance.
        const amountPaid = current.amountPaid + body.amount + tds;
        const status = amountPaid + current.creditedAmount >= current.total ? 'paid' : 'partially_paid';
        // The open gateway order was for the old balance: close it, a new one is opened for what is left.
        if (current.currentOrderId) await expireOpenOrder(tx, current.currentOrderId);
        const updated = await setInvoiceReturning(tx, id, {
          amountPaid,
          status,
          paidAt: status === 'paid' ? paidAt : current.paidAt,
          currentOrderId: null,
        });
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'invoice.payment_recorded',
          entityType: 'invoice',
          entityId: id,
          summary: `${current.number}: ${body.method} payment ${body.amount}${tds ? ` + TDS ${tds} u/s ${body.tds?.section}` : ''}${body.reference ? ` (${body.reference})` : ''}`,
          before: { status: current.status, amountPaid: current.amountPaid },
          after: { status, amountPaid, paymentId: payment.id, tds },
        });
        await refreshTenantDues(tx, ctx.companyId, current.tenantId);
        await emitEvent(tx, {
          companyId: ctx.companyId,
          type: 'payment.captured',
          data: {
            paymentId: payment.paymentId,
            invoicePaymentId: payment.id,
            purpose: 'invoice',
            referenceId: id,
            invoiceNumber: current.number,
            amount: body.amount,
            currency: current.currency,
            method: body.method,
            source: 'offline',
            reference: body.reference,
            paidAt,
          },
        });
        if (status === 'paid')
          await emitEvent(tx, {
            companyId: ctx.companyId,
            type: 'invoice.paid',
            data: {
              invoiceId: id,
              number: current.number,
              total: current.total,
              amountPaid,
              currency: current.currency,
              tenantId: current.tenantId,
            },
          });
        for (const hook of hooks) await hook(tx, updated!, payment!);
        return updated!;
      });
      return detailOf(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('A payment with this reference is already recorded');
      throw error;
    }
  }

  async function planAllowsInvoices(companyId: string) {
    const company = await repo.companyFeatures(companyId);
    // An empty plan feature list means every feature (Enterprise), as planAllows reads it.
    if (company && company.features.length > 0 && !company.features.includes('invoices_read')) {
      throw featureNotInPlan('invoices_read');
    }
  }

  /**
   * A gateway order for the balance, less the TDS the payer deducts (`tds`, checked as an offline payment's is and
   * settled with the order's payment); an open order for the same amount, TDS and payer is reused.
   */
  async function pay(ctx: AuthContext, id: string, tds?: TdsInput): Promise<InvoiceCheckoutDto> {
    const first = await visible(ctx, id);
    await planAllowsInvoices(first.companyId);
    const made = await openOrder(first.id, ctx.userId, tds, (tx) => visible(ctx, id, tx, true));
    const [invoice] = await dtos([made.row]);
    return {
      invoice: invoice!,
      order: { id: made.order.gatewayOrderId, amount: made.order.amount, currency: made.order.currency },
      keyId: payments.gateway.keyId,
      gateway: payments.gateway.mode,
    };
  }

  /**
   * The order paying an invoice's balance in `userId`'s name, under the invoice's row lock (`lockRow`): the open one
   * when it is for the same amount, TDS and payer, else a new one (the old one expired).
   */
  async function openOrder(
    invoiceId: string,
    userId: string,
    tds: TdsInput | undefined,
    lockRow: (tx: Tx) => Promise<InvoiceRow>,
  ) {
    // What the gateway already took for the invoice's earlier orders is recorded before the balance is asked for.
    await payments.settleOpenOrdersOf(invoiceId);
    return db.transaction(async (tx) => {
      const row = await lockRow(tx);
      if (
        row.status === 'draft' ||
        row.status === 'void' ||
        row.status === 'paid' ||
        row.status === 'cancelled'
      ) {
        throw conflict(`A ${row.status} invoice takes no payment`);
      }
      const balance = balanceOf(row);
      if (balance <= 0) throw conflict('This invoice is already paid');
      const amount = balance - (tds?.amount ?? 0);
      if (tds && amount <= 0)
        throw conflict(`The TDS leaves nothing of the balance of ${formatMoney(balance)} to pay`);
      if (tds) checkTdsRate(amount, tds);
      if (row.currentOrderId) {
        const open = await orderById(tx, row.currentOrderId);
        if (
          open &&
          open.status === 'created' &&
          open.amount === amount &&
          open.userId === userId &&
          sameTds(open.tds, tds)
        ) {
          return { row, order: open };
        }
        if (open && open.status === 'created') await expireOrder(tx, open.id);
      }
      const order = await payments.createOrder(tx, {
        companyId: row.companyId,
        userId,
        amount,
        currency: row.currency,
        purpose: 'invoice',
        referenceId: row.id,
        tds: tds ?? null,
      });
      const updated = await setInvoiceReturning(tx, row.id, { currentOrderId: order.id });
      return { row: updated!, order };
    });
  }

  /** The Checkout answer for an invoice order: signature checked against the stored order, settled exactly once. */
  async function verifyPayment(ctx: AuthContext, body: VerifyInvoicePaymentBody): Promise<InvoiceDetailDto> {
    const failed = () => new AppError('VALIDATION_ERROR', 'Payment verification failed');
    const order = await repo.payerInvoiceOrder({
      invoiceId: body.invoiceId,
      gatewayOrderId: body.razorpay_order_id,
      userId: ctx.userId,
    });
    if (!order) throw failed();
    await payments.verifyClientPayment({
      orderRowId: order.id,
      userId: ctx.userId,
      clientOrderId: body.razorpay_order_id,
      paymentId: body.razorpay_payment_id,
      signature: body.razorpay_signature,
    });
    const row = await invoiceById(db, body.invoiceId);
    if (!row) throw failed();
    return detailOf(row);
  }

  return {
    recordPayment,
    pay,
    openOrder,
    planAllowsInvoices,
    verifyPayment,
    /** Adds a hook run inside the transaction of every offline payment recorded. */
    onPaymentRecorded(hook: InvoicePaymentHook): void {
      if (!hooks.includes(hook)) hooks.push(hook);
    },
  };
}
