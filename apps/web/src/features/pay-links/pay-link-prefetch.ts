import type { PayLinkDto } from '@rentora/shared';
import { api } from '../../lib/api-client';

// The pay page's one API call, started by the router as the page's chunk starts loading instead of after it has
// loaded and rendered: on a phone on a slow network that is a round trip less before the invoice shows (Lighthouse
// mobile LCP, issue 24). This file is in the entry bundle (app/router.tsx imports it): keep it this small.

export const payLinkPath = (token: string) => `/public/pay/${encodeURIComponent(token)}`;

let early: { token: string; answer: Promise<PayLinkDto> } | null = null;

/** Starts GET /api/public/pay/{token} when the address is a pay link. */
export function prefetchPayLink(pathname: string = window.location.pathname): void {
  const match = /^\/pay\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return;
  const token = decodeURIComponent(match[1]);
  const answer = api.getData<PayLinkDto>(payLinkPath(token));
  // Read by the page (which shows its error); a rejection nobody reads must not reach the console.
  answer.catch(() => undefined);
  early = { token, answer };
}

/** The prefetched answer for `token`, once; later reads fetch again. */
export function takePrefetchedPayLink(token: string): Promise<PayLinkDto> | undefined {
  if (early?.token !== token) return undefined;
  const { answer } = early;
  early = null;
  return answer;
}
