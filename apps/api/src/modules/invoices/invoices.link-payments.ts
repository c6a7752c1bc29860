import type { CheckoutFields, TdsInput } from '@rentora/shared';
import { notFound } from '../../core/errors';
import type { Db, Tx } from '../../db/client';
import type { PaymentOrderRow, PaymentsService } from '../payments/payments.service';
import type { InvoiceRow } from './invoices.dto';
import { type InvoicesRepo, invoiceOfCompany, openInvoicesOfTenancy } from './invoices.repo';
import type { InvoiceViews } from './invoices.views';

interface Paying {
  openOrder(
    invoiceId: string,
    userId: string,
    tds: TdsInput | undefined,
    lockRow: (tx: Tx) => Promise<InvoiceRow>,
  ): Promise<{ row: InvoiceRow; order: PaymentOrderRow }>;
  planAllowsInvoices(companyId: string): Promise<void>;
}

/**
 * Paying an invoice without a signed-in user: the pay link and the tenant portal by code (modules/pay-links decides
 * who may). The order is made in the name of the invoice's tenant, for the whole balance (no TDS: a deductor pays
 * signed in), and settles through the same verify, webhook and reconciliation path as every invoice order.
 */
export function invoiceLinkPayments(
  db: Db,
  repo: InvoicesRepo,
  views: InvoiceViews,
  payments: PaymentsService,
  paying: Paying,
) {
  /** The order of this invoice (made for its tenant) with this gateway order id; another invoice's is 404. */
  async function orderOfInvoice(row: InvoiceRow, gatewayOrderId: string) {
    const order = await repo.payerInvoiceOrder({ invoiceId: row.id, gatewayOrderId, userId: row.userId });
    if (!order) throw notFound('Order');
    return order;
  }

  return {
    /** The invoice a pay link opens, or null. */
    async linkedInvoice(companyId: string, invoiceId: string): Promise<InvoiceRow | null> {
      return (await invoiceOfCompany(db, companyId, invoiceId, false)) ?? null;
    },

    /** The issued invoices of a tenancy that still ask for money (the tenant portal). */
    openInvoicesOfTenancy(companyId: string, tenantId: string): Promise<InvoiceRow[]> {
      return openInvoicesOfTenancy(db, companyId, tenantId);
    },

    /** A gateway order for the balance (the open one reused), as Checkout needs it. */
    async payByLink(companyId: string, invoiceId: string) {
      const row = await views.load(companyId, invoiceId);
      await paying.planAllowsInvoices(companyId);
      const { order } = await paying.openOrder(row.id, row.userId, undefined, (tx) =>
        views.load(companyId, invoiceId, tx, true),
      );
      return {
        order: { id: order.gatewayOrderId, amount: order.amount, currency: order.currency },
        keyId: payments.gateway.keyId,
        gateway: payments.gateway.mode,
      };
    },

    /** The sandbox checkout of one of the invoice's orders (sandbox mode only). */
    async sandboxCheckoutByLink(
      companyId: string,
      invoiceId: string,
      gatewayOrderId: string,
      outcome: 'success' | 'failure',
    ) {
      const row = await views.load(companyId, invoiceId);
      await orderOfInvoice(row, gatewayOrderId);
      return payments.sandboxCheckout(row.userId, gatewayOrderId, outcome);
    },

    /**
     * Checkout's answer for one of the invoice's orders: the signature checked against the stored order and the
     * payment recorded exactly once (a repeat, or the webhook first, records nothing more).
     */
    async verifyByLink(companyId: string, invoiceId: string, fields: CheckoutFields): Promise<void> {
      const row = await views.load(companyId, invoiceId);
      const order = await orderOfInvoice(row, fields.razorpay_order_id);
      await payments.verifyClientPayment({
        orderRowId: order.id,
        userId: row.userId,
        clientOrderId: fields.razorpay_order_id,
        paymentId: fields.razorpay_payment_id,
        signature: fields.razorpay_signature,
      });
    },
  };
}
