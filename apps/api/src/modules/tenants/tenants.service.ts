import type { AppDeps } from '../../core/app-deps';
import type { AuthService } from '../auth/auth.service';
import { tenantPortalCodes } from './tenants.codes';
import { tenantCreation } from './tenants.create';
import { tenantDocumentFiles } from './tenants.documents';
import { createDocumentSigner } from './tenants.files';
import { tenancyLifecycle } from './tenants.lifecycle';
import { tenantLists } from './tenants.lists';
import { createTenantNotices } from './tenants.notify';
import { createTenantReads } from './tenants.reads';
import { tenantRecords } from './tenants.records';

export { recordTenantStatus, type TenancyStatus } from './tenants.history';
export { type CreateTenancyInput, createTenancyInTx, findCurrentTenancies } from './tenants.tenancy';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'notifier' | 'storage' | 'limiter'> & {
  auth: AuthService;
};

export function createTenantsService(deps: Deps) {
  const { db, config, mailer, notifier, storage, limiter, auth } = deps;
  const signer = createDocumentSigner(config.jwtSecret);
  const reads = createTenantReads(db, signer);
  const notices = createTenantNotices({ mailer, notifier, config });

  return {
    ...tenantLists(db, reads),
    ...tenantCreation(db, auth, reads, notices),
    ...tenancyLifecycle(db, reads, notices),
    ...tenantRecords(db, reads),
    ...tenantDocumentFiles({ db, storage, signer }, reads, notices),
    ...tenantPortalCodes({ db, limiter, config }, reads),
  };
}

export type TenantsService = ReturnType<typeof createTenantsService>;
