/** Error codes of the API contract and the client's fallback messages. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'FEATURE_NOT_IN_PLAN',
  'PLAN_LIMIT_REACHED',
  'MFA_SETUP_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'UNPROCESSABLE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'URI_TOO_LONG',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  FEATURE_NOT_IN_PLAN: 403,
  PLAN_LIMIT_REACHED: 403,
  MFA_SETUP_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  URI_TOO_LONG: 414,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export type PlanLimitType = 'properties' | 'users' | 'rentalUnits';

export interface ApiErrorBody {
  success: false;
  error: string;
  code: ErrorCode;
  details?: { path: string; message: string }[];
  feature?: string;
  limitType?: PlanLimitType;
  current?: number;
  limit?: number;
  requestId?: string;
}

/** Fallback texts the web app shows when the server gives no `error`. */
export const AUTH_FALLBACK_MESSAGES = {
  login: 'Login failed',
  register: 'Registration failed',
  registerCompany: 'Company registration failed',
  logout: 'Logout failed',
  refresh: 'Token refresh failed',
  me: 'Failed to get user',
  permissionContext: 'Failed to get permission context',
  updateProfile: 'Profile update failed',
  changePassword: 'Password change failed',
  forgotPassword: 'Password reset request failed',
  resetPassword: 'Password reset failed',
  verifyEmail: 'Email verification failed',
  resendVerification: 'Failed to resend verification email',
  mfaLogin: 'Verification failed',
  mfaSetup: 'Two-factor set-up failed',
  mfaDisable: 'Could not turn off two-factor sign-in',
} as const;

export const SESSION_MESSAGES = {
  sessionExpiredTitle: 'Session Expired',
  sessionExpiredMessage: 'Please log in again to continue.',
  serverErrorTitle: 'Server Error',
  serverErrorMessage: 'Something went wrong. Please try again later.',
} as const;

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { success?: unknown }).success === false &&
    typeof (value as { error?: unknown }).error === 'string'
  );
}

/** The message to show: the server's `error` when present, else the fallback. */
export function errorMessage(body: unknown, fallback: string): string {
  return isApiErrorBody(body) && body.error.trim() ? body.error : fallback;
}
