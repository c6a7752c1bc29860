import { Construction } from 'lucide-react';
import { useLocation } from 'react-router';
import { descriptionOf, findDashboardPage } from '../../app/dashboard-pages';
import { ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/card';
import { EmptyState } from '../../components/empty-state';

/** A dashboard page whose domain has not shipped yet: says so honestly. */
export function DomainPlaceholderPage() {
  const location = useLocation();
  const def = findDashboardPage(location.pathname);
  const title = def?.title ?? 'Page';
  return (
    <div>
      <PageHeader title={title} description={def ? descriptionOf(def) : undefined} />
      <EmptyState
        icon={Construction}
        title={`${title} is not available yet`}
        description="This part of Rentora is still being built. Everything you can already use is in the sidebar."
        action={
          <ButtonLink to="/dashboard" variant="outline">
            Back to dashboard
          </ButtonLink>
        }
      />
    </div>
  );
}
