import { ZTenantDto, zOk } from '@rentora/shared';
import { access } from '../../core/access';

/** What the tenant routes share: their OpenAPI tag, who may read, write and delete, the one-tenant response. */
export const tags = ['tenants'];
export const read = access.company('tenants_read');
export const write = access.companyAny('tenants_write', 'tenants_update');
export const remove = access.companyAny('tenants_delete', 'tenants_write');
export const tenantResponse = { 200: zOk(ZTenantDto) };
