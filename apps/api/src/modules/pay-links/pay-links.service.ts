import type { CompanyContext } from '../../core/access';
import { conflict, notFound } from '../../core/errors';
import type { DbOrTx, Tx } from '../../db/client';
import type { InvoiceRow } from '../invoices/invoices.service';
import type { PaymentOrderRow } from '../payments/payments.service';
import { type PublicPayDeps, publicPayLinks } from './pay-links.public';
import {
  insertLiveLink,
  invoiceToLink,
  liveLinkOf,
  markLinksOfPaidInvoiceUsed,
  type PayLinkRow,
  voidLink,
} from './pay-links.repo';
import {
  hashPayLinkToken,
  newPayLinkToken,
  openPayLinkToken,
  payLinkKey,
  sealPayLinkToken,
} from './pay-links.tokens';

/** A pay link lives 30 days from its making (or until the invoice is paid, voided or credited in full). */
export const PAY_LINK_DAYS = 30;
/** A live link with less than this left is replaced when issued again, so a reminder never carries a dying link. */
export const PAY_LINK_RENEW_WITHIN_DAYS = 3;
const DAY_MS = 24 * 3600 * 1000;

export interface IssuedPayLink {
  token: string;
  /** `${APP_URL}/pay/${token}` */
  url: string;
  /** ISO instant */
  expiresAt: string;
}

type Deps = PublicPayDeps;

/**
 * Pay links: a token bound to one invoice that lets anyone holding it see and pay that invoice's balance
 * (the public `/pay/{token}` page). `issuePayLink` is what the collection reminders call for `{{payLink}}`.
 */
export function createPayLinksService(deps: Deps) {
  const key = payLinkKey(deps.config.mfaEncryptionKey);
  const urlOf = (token: string) => `${deps.config.appUrl}/pay/${token}`;

  const issued = (token: string, row: Pick<PayLinkRow, 'expiresAt'>): IssuedPayLink => ({
    token,
    url: urlOf(token),
    expiresAt: row.expiresAt.toISOString(),
  });

  /** The token of a live link still good for a while, or null (then it is replaced). */
  function reusable(row: PayLinkRow | null, now: Date): string | null {
    if (!row || row.expiresAt.getTime() - now.getTime() < PAY_LINK_RENEW_WITHIN_DAYS * DAY_MS) return null;
    return openPayLinkToken(key, row.tokenSealed);
  }

  /**
   * The invoice's pay link: the same live link on every call while it has more than three days left, else a new one
   * (the old one voided). Runs in the caller's transaction (`tx`, or the database). Two calls at once for one invoice
   * make one link: the partial unique index on the invoice's live link lets one insert win, the other reads it.
   * 404 for an invoice not of the company; 409 for one that takes no payment (draft, paid, void, credited in full).
   */
  async function issuePayLink(
    tx: DbOrTx,
    input: { companyId: string; invoiceId: string },
  ): Promise<IssuedPayLink> {
    const { companyId, invoiceId } = input;
    const invoice = await invoiceToLink(tx, companyId, invoiceId);
    if (!invoice) throw notFound('Invoice');
    if (invoice.status !== 'sent' && invoice.status !== 'partially_paid') {
      throw conflict(`A ${invoice.status} invoice takes no pay link`);
    }
    if (invoice.total - invoice.creditedAmount - invoice.amountPaid <= 0) {
      throw conflict('This invoice has nothing left to pay');
    }
    const now = new Date();
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await liveLinkOf(tx, companyId, invoiceId);
      const token = reusable(current, now);
      if (current && token) return issued(token, current);
      if (current) await voidLink(tx, current.id, now);
      const fresh = newPayLinkToken();
      const row = await insertLiveLink(tx, {
        companyId,
        invoiceId,
        tokenHash: hashPayLinkToken(fresh),
        tokenSealed: sealPayLinkToken(key, fresh),
        expiresAt: new Date(now.getTime() + PAY_LINK_DAYS * DAY_MS),
      });
      if (row) return issued(fresh, row);
      // Another call made the invoice's live link meanwhile: read it on the next round.
    }
    throw conflict('The pay link is being made by another request; try again');
  }

  return {
    issuePayLink,
    /** POST /invoices/{id}/pay-link: staff's copy of the link. */
    invoicePayLink(ctx: CompanyContext, invoiceId: string): Promise<IssuedPayLink> {
      return issuePayLink(deps.db, { companyId: ctx.companyId, invoiceId });
    },
    ...publicPayLinks(deps, async (companyId, invoiceId) => {
      return (await issuePayLink(deps.db, { companyId, invoiceId })).token;
    }),
    /** A paid hook (payments.onPaid): the invoice's live link is used once the invoice is paid in full. */
    async onInvoicePaid(tx: Tx, order: PaymentOrderRow): Promise<void> {
      if (order.purpose !== 'invoice' || !order.referenceId) return;
      await markLinksOfPaidInvoiceUsed(tx, order.referenceId, new Date());
    },
    /** The same for money staff record (invoices.onPaymentRecorded). */
    async onInvoicePaymentRecorded(tx: Tx, invoice: InvoiceRow): Promise<void> {
      if (invoice.status === 'paid') await markLinksOfPaidInvoiceUsed(tx, invoice.id, new Date());
    },
  };
}

export type PayLinksService = ReturnType<typeof createPayLinksService>;
