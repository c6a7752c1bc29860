import { ERROR_STATUS, type ErrorCode, type PlanLimitType } from '@rentora/shared';

export interface AppErrorExtra {
  details?: { path: string; message: string }[];
  feature?: string;
  limitType?: PlanLimitType;
  current?: number;
  limit?: number;
}

/** Every failure a service means to report. The error handler (core/error-handler.ts) turns it into the error envelope with its status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: AppErrorExtra = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', message);
export const unauthorized = (message = 'Authentication required') => new AppError('UNAUTHORIZED', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string, path = '') =>
  new AppError('VALIDATION_ERROR', message, { details: [{ path, message }] });

export function featureNotInPlan(feature: string) {
  return new AppError(
    'FEATURE_NOT_IN_PLAN',
    `The feature "${feature}" is not available in your current plan`,
    {
      feature,
    },
  );
}

const LIMIT_NOUN: Record<PlanLimitType, string> = {
  properties: 'properties',
  users: 'users',
  rentalUnits: 'rental units',
};

export function planLimitReached(limitType: PlanLimitType, current: number, limit: number) {
  return new AppError(
    'PLAN_LIMIT_REACHED',
    `You've reached your limit of ${limit} ${LIMIT_NOUN[limitType]}`,
    {
      limitType,
      current,
      limit,
    },
  );
}
