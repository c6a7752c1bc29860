import { useAuth } from '../auth/auth-provider';
import { CompanyDirectory } from './company-directory';
import { CompanyProfile } from './company-profile';

/**
 * /dashboard/companies and /dashboard/company-management: platform staff see every company (the super admin
 * also manages verification, subscription, features and limits); company members see their own company.
 */
export function CompaniesPage() {
  const { user } = useAuth();
  if (user?.role === 'super_admin' || user?.role === 'admin') {
    return <CompanyDirectory canManage={user.role === 'super_admin'} />;
  }
  return <CompanyProfile />;
}
