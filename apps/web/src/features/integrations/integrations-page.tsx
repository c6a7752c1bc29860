import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/card';
import { useDocumentTitle } from '../../lib/document-title';
import { usePermissions } from '../auth/use-permissions';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

/** /dashboard/companies/integrations: company API keys and outgoing webhooks with their delivery log. */
export function IntegrationsPage() {
  useDocumentTitle('Integrations', 'API keys and webhooks');
  const { canUseFeature } = usePermissions();
  const canManage = canUseFeature('company_update');
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to="/dashboard/companies"
        className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-slate-700"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Company
      </Link>
      <PageHeader
        title="Integrations"
        description="Let your website, CRM, accounting and scripts work with Rentora: API keys to call the API, webhooks to hear of changes."
      />
      {canManage ? <ApiKeysSection canManage={canManage} /> : null}
      <WebhooksSection canManage={canManage} />
    </div>
  );
}
