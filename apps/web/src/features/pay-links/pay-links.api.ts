import type { CheckoutFields, PayLinkCheckoutDto, PayLinkDto, PortalInvoicesDto } from '@rentora/shared';
import { type ApiOk, api } from '../../lib/api-client';
import { usePublicQuery } from '../../lib/light-query';
import { payLinkPath, takePrefetchedPayLink } from './pay-link-prefetch';

// The public pay page and the tenant portal's Pay: lib/light-query.ts, not TanStack Query (the pay page is a public
// first load on a phone; the checkout and its client load only when Pay is pressed).

export const PAY_LINK_MESSAGES = {
  fetch: 'Could not open this pay link',
  invalid: 'This pay link is not valid. Check that you opened the whole link from your reminder.',
  order: 'Could not start the payment',
  verify: 'We could not confirm the payment. If money left your account, it will be matched within minutes.',
  portal: 'Could not load your invoices',
} as const;

export const payLinkKeys = {
  link: (token: string) => ['pay-link', token] as const,
  portal: (code: string, companyId?: string) => ['pay-link', 'portal', code, companyId ?? ''] as const,
};

const base = payLinkPath;

/** GET /api/public/pay/{token}: the invoice to pay, or its paid state with the receipts. */
export function usePayLink(token: string) {
  // The first read takes the answer the router started fetching with the page's chunk (pay-link-prefetch.ts).
  return usePublicQuery(
    payLinkKeys.link(token),
    (signal) => takePrefetchedPayLink(token) ?? api.getData<PayLinkDto>(base(token), { signal }),
  );
}

/** POST /api/public/pay/{token}/order: a gateway order for the balance. */
export function openPayLinkOrder(token: string): Promise<PayLinkCheckoutDto> {
  return api.post<ApiOk<PayLinkCheckoutDto>>(`${base(token)}/order`).then((answer) => answer.data);
}

/** POST /api/public/pay/{token}/verify: Checkout's answer, recorded once; answers the paid invoice with its receipts. */
export function verifyPayLink(token: string, fields: CheckoutFields): Promise<PayLinkDto> {
  return api.post<ApiOk<PayLinkDto>>(`${base(token)}/verify`, fields).then((answer) => answer.data);
}

/** The sandbox checkout's endpoint for a link's orders (no account). */
export const sandboxCheckoutPathOf = (token: string) => `${base(token)}/sandbox-checkout`;

/** GET /api/tenant-codes/{code}/invoices: the portal's open invoices (each with its pay token) and receipts. */
export function usePortalInvoices(code: string, companyId?: string) {
  return usePublicQuery(payLinkKeys.portal(code, companyId), (signal) =>
    api.getData<PortalInvoicesDto>(`/tenant-codes/${encodeURIComponent(code)}/invoices`, {
      signal,
      query: companyId ? { companyId } : undefined,
    }),
  );
}
