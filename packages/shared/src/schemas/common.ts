import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { ERROR_CODES } from '../errors';

export const ZId = z.uuid({ message: 'Must be a valid id' });
export const ZIdParams = z.object({ id: ZId });
export const ZIsoDate = z.string();

export const ZSortOrder = z.enum(['asc', 'desc']);

/**
 * A month written "2026-11" (`example` in the message), of the years 2000 to 2099: a year like 0000 or 9999 has no date
 * PostgreSQL or a PDF can write.
 */
export function zMonthLabel(example: string) {
  return z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, `Use a month like ${example}`);
}

/** `true`/`false` in a query string. */
export const ZQueryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/** An array in a query string: `key[]=a&key[]=b`, `key=a&key=b` or a single `key=a`. */
export function zQueryArray<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(item),
  );
}

/** page, limit (max 100), sortBy (whitelisted), sortOrder; `_t` is accepted and ignored everywhere. */
export function zListQuery<const S extends readonly [string, ...string[]]>(options: {
  sortBy: S;
  defaultSortBy: S[number];
  defaultLimit?: number;
  defaultSortOrder?: 'asc' | 'desc';
}) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(PAGE_SIZES.max)
      .default(options.defaultLimit ?? PAGE_SIZES.default),
    sortBy: z.enum(options.sortBy).default(options.defaultSortBy as S[number]),
    sortOrder: ZSortOrder.default(options.defaultSortOrder ?? 'desc'),
  });
}

export const ZPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
});
export type Pagination = z.infer<typeof ZPagination>;

/** The maintenance lists' pagination shape. */
export const ZPagePagination = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  itemsPerPage: z.number().int(),
});

export function makePagination(page: number, limit: number, totalCount: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalCount / limit));
  return { page, limit, totalCount, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}

/** `{ success: true, data, message? }` */
export function zOk<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

/** `{ success: true, data: [...], pagination }` */
export function zOkList<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    pagination: ZPagination,
    message: z.string().optional(),
  });
}

export const ZOkMessage = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.null().optional(),
});

/** The error envelope of every failed request (DESIGN.md §3); the OpenAPI document's `ApiError`. */
export const ZApiError = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  /** VALIDATION_ERROR: one entry per failing field (`address.city`). */
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** FEATURE_NOT_IN_PLAN: the feature the plan lacks. */
  feature: z.string().optional(),
  /** PLAN_LIMIT_REACHED: which limit, the usage and the limit. */
  limitType: z.enum(['properties', 'users', 'rentalUnits']).optional(),
  current: z.number().int().optional(),
  limit: z.number().int().optional(),
  /** INTERNAL_ERROR / SERVICE_UNAVAILABLE: the id to quote to support. */
  requestId: z.string().optional(),
});

export const ZPhone = z
  .string()
  .trim()
  .max(32)
  .regex(/^[+()\d\s-]{5,32}$/, 'Enter a valid phone number');

/** Whether `text` holds only characters of a phone number (ZPhone): a search term with any other is in no phone. */
export function isPhoneText(text: string): boolean {
  return /^[+()\d\s-]*$/.test(text);
}

export const ZName = z.string().trim().min(1, 'Required').max(100);
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }).max(254));
