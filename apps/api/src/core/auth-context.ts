import type { CompanyRole, Limitations, PlatformRole } from '@rentora/shared';

// The caller of a request as services see it (`ctx` of STYLE.md), and the provisional caller of a company read whose
// access is checked with its first statement (core/deferred-access.ts). Routes import these through core/access.ts.

export interface AuthUser {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  avatar: string | null;
  role: PlatformRole;
  subRole: string | null;
  isEmailVerified: boolean;
  isActive: boolean;
  lastLoginAt: Date | null;
  mfaSecret: string | null;
  mfaEnabledAt: Date | null;
  mfaLastStep: number | null;
  mfaDeviceEpoch: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The caller as services see it: `ctx` of STYLE.md. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  role: PlatformRole;
  subRole: string | null;
  user: AuthUser;
  companyId: string | null;
  companyRole: CompanyRole | null;
  /** The caller's own featurePermissions (super_admin and admin: the whole catalogue). */
  features: readonly string[];
  /** The current company's plan feature list (empty: no restriction). */
  planFeatures: readonly string[];
  limitations: Limitations | null;
  /**
   * The current company's data version when the request began (core/company-versions.ts; 0 before its first write,
   * null without a company): the key of exact cached pages.
   */
  dataVersion: number | null;
  /** The current company requires two-factor sign-in of the caller's role and the caller has not set it up. */
  mfaSetupRequired: boolean;
  /** Set when the caller is a company API key (acting as the member who made it, with the key's features only). */
  apiKey?: { id: string; name: string };
}

/** A context in which a current company is known. */
export type CompanyContext = AuthContext & { companyId: string };

/**
 * What a company read knows of its caller before the access check has run (core/deferred-access.ts): who the token
 * names and which company the x-company-id header asks for. Everything else comes with the check; reading it earlier
 * is a bug and throws. Its fields are getters of the class (not own properties): do not spread it.
 */
export class ProvisionalContext implements AuthContext {
  #checked: AuthContext | null = null;

  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly companyId: string,
  ) {}

  settle(checked: AuthContext): void {
    this.#checked = checked;
  }

  #field<K extends keyof AuthContext>(name: K): AuthContext[K] {
    if (!this.#checked)
      throw new Error(`request.auth.${name} was read before the caller's access was checked`);
    return this.#checked[name];
  }

  get role() {
    return this.#field('role');
  }
  get subRole() {
    return this.#field('subRole');
  }
  get user() {
    return this.#field('user');
  }
  get companyRole() {
    return this.#field('companyRole');
  }
  get features() {
    return this.#field('features');
  }
  get planFeatures() {
    return this.#field('planFeatures');
  }
  get limitations() {
    return this.#field('limitations');
  }
  get dataVersion() {
    return this.#field('dataVersion');
  }
  get mfaSetupRequired() {
    return this.#field('mfaSetupRequired');
  }
}
