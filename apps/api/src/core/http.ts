import { makePagination, type Pagination } from '@rentora/shared';
import type { FastifyReply } from 'fastify';

/** The success envelope: `{ success: true, data, message? }`. */
export function ok<T>(data: T, message?: string) {
  return message === undefined ? { success: true as const, data } : { success: true as const, data, message };
}

/** The success envelope of every list route: the page's data and its pagination. */
export function okList<D, P extends object>(data: D, pagination: P, message?: string) {
  return { success: true as const, data, pagination, ...(message === undefined ? {} : { message }) };
}

/** The envelope of a page as a service answers it (`{ data, pagination }`). */
export function okPage<D, P extends object>(page: { data: D; pagination: P }) {
  return okList(page.data, page.pagination);
}

export function okMessage(message: string) {
  return { success: true as const, message, data: null };
}

export function pageOf(page: number, limit: number, totalCount: number): Pagination {
  return makePagination(page, limit, totalCount);
}

/**
 * The pagination of a list whose count stopped at a bound (`exact: false`): there is a next page while pages are
 * full, whatever the bounded total says.
 */
export function boundedPageOf(
  page: number,
  limit: number,
  count: { total: number; exact: boolean },
  rowsOnPage: number,
): Pagination {
  const pagination = makePagination(page, limit, count.total);
  return count.exact ? pagination : { ...pagination, hasNext: rowsOnPage === limit };
}

export function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** Answers a PDF inline, never cached or sniffed. */
export function sendPdf(reply: FastifyReply, file: { bytes: Uint8Array; fileName: string }) {
  const safeName = file.fileName.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'document.pdf';
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${safeName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(file.bytes));
}
