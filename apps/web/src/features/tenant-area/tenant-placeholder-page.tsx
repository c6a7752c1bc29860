import { Construction } from 'lucide-react';
import { useLocation } from 'react-router';
import { findTenantPage } from '../../app/tenant-pages';
import { ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/card';
import { EmptyState } from '../../components/empty-state';

/** Tenant pages whose domain has not shipped yet, and the spec's placeholder text pages. */
export function TenantPlaceholderPage() {
  const location = useLocation();
  const page = findTenantPage(location.pathname);
  const title = page?.title ?? 'Page';
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={title} description={page?.description} />
      <EmptyState
        icon={Construction}
        title={`${title} is coming soon`}
        description="This part of your tenant area is not available yet."
        action={
          <ButtonLink to="/tenant" variant="outline">
            Back to dashboard
          </ButtonLink>
        }
      />
    </div>
  );
}
