import { makePagination, type Pagination } from '@rentora/shared';

/** The success envelope of DESIGN §3. */
export function ok<T>(data: T, message?: string) {
  return message === undefined ? { success: true as const, data } : { success: true as const, data, message };
}

export function okList<T>(data: T[], pagination: Pagination, message?: string) {
  return { success: true as const, data, pagination, ...(message === undefined ? {} : { message }) };
}

export function okMessage(message: string) {
  return { success: true as const, message, data: null };
}

export function pageOf(page: number, limit: number, totalCount: number): Pagination {
  return makePagination(page, limit, totalCount);
}

export function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);
