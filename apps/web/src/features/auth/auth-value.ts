import type {
  AccessContext,
  CompanyDto,
  CompanyUserDto,
  PermissionContextDto,
  UserDto,
} from '@rentora/shared';

/** What `useAuth()` answers: the session, the signed-in user, their companies and access in the current one. */
export interface AuthValue {
  isAuthenticated: boolean;
  /** A token exists and the user (and for staff: companies + permission context) is still loading. */
  isLoading: boolean;
  token: string | null;
  refreshToken: string | null;
  user: UserDto | null;
  /** The user's membership in the current company (null for super admins outside it and tenants). */
  currentCompanyUser: CompanyUserDto | null;
  companies: CompanyDto[];
  currentCompany: CompanyDto | null;
  permissionContext: PermissionContextDto | null;
  /** The shared permission functions' input for the current company. */
  accessContext: AccessContext;
  /** The current-user fetch failed for a reason other than the session (network, 5xx). */
  loadError: Error | null;
  retryLoad: () => void;
  switchCompany: (companyId: string) => void;
  logout: () => void;
  /** True from a sign-out until the next sign-in: protected pages then send to / instead of /auth/login. */
  signedOut?: boolean;
}
