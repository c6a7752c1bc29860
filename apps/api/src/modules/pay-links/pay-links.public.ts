import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  PayLinkCheckoutDto,
  PayLinkDto,
  PayLinkReceiptDto,
  PayLinkVerifyBody,
  PortalInvoicesDto,
  SandboxCheckoutBody,
} from '@rentora/shared';
import type { AppDeps } from '../../core/app-deps';
import { AppError, notFound } from '../../core/errors';
import { iso } from '../../core/http';
import { effectiveStatus, type InvoiceRow, type InvoicesService } from '../invoices/invoices.service';
import type { LedgerService } from '../payments/payments.service';
import { linkByTokenHash, type PayLinkRow, partiesOfLink } from './pay-links.repo';
import { hashPayLinkToken, PAY_LINK_TOKEN_PATTERN } from './pay-links.tokens';

/** Signed receipt links live ten minutes. */
export const RECEIPT_LINK_SECONDS = 600;

export type PublicPayDeps = Pick<AppDeps, 'db' | 'config' | 'limiter'> & {
  invoices: InvoicesService;
  ledger: LedgerService;
};

const gone = (message: string) => new AppError('GONE', message);
const balanceOf = (row: InvoiceRow) => row.total - row.creditedAmount - row.amountPaid;

/**
 * The public side of pay links: what `/pay/{token}` shows and the payment it takes, without an account. The token
 * is the permission and opens its one invoice only; every call is rate limited per IP (unknown tokens more tightly).
 */
export function publicPayLinks(
  deps: PublicPayDeps,
  issuePayLink: (companyId: string, invoiceId: string) => Promise<string>,
) {
  const { db, config, limiter, invoices, ledger } = deps;
  const callsPerIp = config.rateLimits.loginPerIp * 4;
  const missesPerIp = config.rateLimits.loginPerIp;
  const receiptKey = createHmac('sha256', config.jwtSecret).update('rentora:pay-link-receipt:v1').digest();
  const receiptSignature = (id: string, exp: number) =>
    createHmac('sha256', receiptKey).update(`${id}\n${exp}`).digest('base64url');

  /** The link and its invoice, whatever their state; an unknown token is 404 (and counts against the IP). */
  async function resolve(ip: string, token: string) {
    const missKey = `pay-link:miss:${ip}`;
    await limiter.check(missKey, missesPerIp);
    await limiter.hit(`pay-link:ip:${ip}`, callsPerIp);
    const link = PAY_LINK_TOKEN_PATTERN.test(token)
      ? await linkByTokenHash(db, hashPayLinkToken(token))
      : null;
    const invoice = link ? await invoices.links.linkedInvoice(link.companyId, link.invoiceId) : null;
    if (!link || !invoice) {
      await limiter.hit(missKey, missesPerIp).catch(() => undefined);
      throw notFound('Pay link');
    }
    return { link, invoice };
  }

  /** Past its 30 days, replaced, or its invoice closed without payment: 410 with what happened. */
  function refuseDead(link: PayLinkRow, invoice: InvoiceRow): void {
    if (invoice.status === 'void' || invoice.status === 'cancelled')
      throw gone('This invoice was cancelled, so this pay link no longer works.');
    if (balanceOf(invoice) <= 0 && invoice.amountPaid <= 0)
      throw gone('This invoice was credited in full: there is nothing to pay.');
    if (link.expiresAt.getTime() <= Date.now())
      throw gone('This pay link has expired. Ask for a new one or pay from the tenant portal.');
    if (link.voidedAt) throw gone('This pay link was replaced by a newer one: use the latest reminder.');
  }

  function receiptLink(id: string): string {
    const exp = Math.floor(Date.now() / 1000) + RECEIPT_LINK_SECONDS;
    return `/api/public/pay-receipts/${id}?exp=${exp}&sig=${receiptSignature(id, exp)}`;
  }

  async function receiptsOf(companyId: string, of: { invoiceId: string } | { tenantId: string }) {
    const rows = await ledger.receiptsOf(companyId, of);
    return rows.map(
      (r): PayLinkReceiptDto => ({
        _id: r.id,
        receiptNumber: r.receiptNumber,
        invoiceNumber: r.invoiceNumber,
        amount: r.amount,
        currency: r.currency,
        paidAt: iso(r.paidAt),
        method: r.method,
        url: receiptLink(r.id),
      }),
    );
  }

  async function describe(link: PayLinkRow, invoice: InvoiceRow): Promise<PayLinkDto> {
    const [parties, receipts] = await Promise.all([
      partiesOfLink(db, invoice.companyId, invoice.userId),
      receiptsOf(invoice.companyId, { invoiceId: invoice.id }),
    ]);
    const balance = balanceOf(invoice);
    return {
      state: balance > 0 && invoice.status !== 'paid' ? 'open' : 'paid',
      company: {
        name: parties?.companyName ?? invoice.supplierLegalName,
        logoUrl: parties?.logo ?? null,
        gstin: invoice.supplierGstin,
      },
      tenantFirstName: parties?.firstName ?? '',
      invoice: {
        number: invoice.number ?? '',
        period: invoice.period,
        issueDate: invoice.issueDate,
        dueDate: invoice.dueDate,
        status: effectiveStatus(invoice),
        currency: invoice.currency,
        lines: invoice.lineItems.map((line) => ({
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          kind: line.kind,
          amount: line.amount,
          tax: (line.cgst ?? 0) + (line.sgst ?? 0) + (line.igst ?? 0),
        })),
        subtotal: invoice.subtotal,
        tax: invoice.tax,
        total: invoice.total,
        creditedAmount: invoice.creditedAmount,
        amountPaid: invoice.amountPaid,
        balance: Math.max(0, balance),
      },
      expiresAt: iso(link.expiresAt),
      receipts,
    };
  }

  /** A link that can still take money: not dead and with a balance (a paid invoice is 410 here). */
  async function payable(ip: string, token: string) {
    const { link, invoice } = await resolve(ip, token);
    refuseDead(link, invoice);
    if (balanceOf(invoice) <= 0 || invoice.status === 'paid')
      throw gone('This invoice is already paid: see the receipt on the pay page.');
    return { link, invoice };
  }

  return {
    /** GET /public/pay/{token}: the invoice to pay, or its paid state with the receipts. */
    async view(ip: string, token: string): Promise<PayLinkDto> {
      const { link, invoice } = await resolve(ip, token);
      refuseDead(link, invoice);
      return describe(link, invoice);
    },

    /** POST /public/pay/{token}/order: a gateway order for the balance. */
    async order(ip: string, token: string): Promise<PayLinkCheckoutDto> {
      const { invoice } = await payable(ip, token);
      return invoices.links.payByLink(invoice.companyId, invoice.id);
    },

    /** POST /public/pay/{token}/sandbox-checkout: the sandbox's Checkout for an order of this invoice. */
    async sandboxCheckout(ip: string, token: string, body: SandboxCheckoutBody) {
      const { invoice } = await payable(ip, token);
      return invoices.links.sandboxCheckoutByLink(invoice.companyId, invoice.id, body.orderId, body.outcome);
    },

    /**
     * POST /public/pay/{token}/verify: Checkout's answer for an order of this invoice, settled exactly once. Money the
     * gateway took is recorded whatever became of the link since the order was opened (paid, expired, replaced).
     */
    async verify(ip: string, token: string, body: PayLinkVerifyBody): Promise<PayLinkDto> {
      const { link, invoice } = await resolve(ip, token);
      if (body.invoiceId && body.invoiceId !== invoice.id) throw notFound('Invoice');
      await invoices.links.verifyByLink(invoice.companyId, invoice.id, body);
      const after = await invoices.links.linkedInvoice(invoice.companyId, invoice.id);
      return describe(link, after ?? invoice);
    },

    /** GET /public/pay-receipts/{id}?exp&sig: a receipt PDF by its signed link (the signature is the permission). */
    async signedReceipt(id: string, exp: number | undefined, sig: string | undefined) {
      const expected = exp !== undefined ? Buffer.from(receiptSignature(id, exp)) : null;
      const given = Buffer.from(sig ?? '');
      if (
        !expected ||
        exp! <= Date.now() / 1000 ||
        expected.length !== given.length ||
        !timingSafeEqual(expected, given)
      )
        throw notFound('Receipt');
      return ledger.receiptById(id);
    },

    /** The tenant portal's invoices: each open one with its pay link token, and the tenancy's receipts. */
    async portalInvoices(tenancy: { companyId: string; tenantId: string }): Promise<PortalInvoicesDto> {
      const rows = await invoices.links.openInvoicesOfTenancy(tenancy.companyId, tenancy.tenantId);
      const tokens = await Promise.all(
        rows.map((row) => issuePayLink(row.companyId, row.id).catch(() => null)),
      );
      return {
        invoices: rows.flatMap((row, i) => {
          const payToken = tokens[i];
          if (!payToken) return [];
          return [
            {
              _id: row.id,
              number: row.number ?? '',
              period: row.period,
              dueDate: row.dueDate,
              status: effectiveStatus(row),
              currency: row.currency,
              total: row.total,
              balance: balanceOf(row),
              payToken,
            },
          ];
        }),
        receipts: await receiptsOf(tenancy.companyId, tenancy),
      };
    },
  };
}
