import type { CompanyDto } from '@rentora/shared';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { ErrorState } from '../../../components/empty-state';
import { SkeletonList } from '../../../components/skeleton';
import { Tabs } from '../../../components/tabs';
import { apiErrorMessage } from '../../../lib/api-client';
import { COMPANY_FALLBACK_MESSAGES, useCompany, useFeaturesAndLimitations } from '../companies.api';
import { FeaturesSection } from './features-section';
import { LimitsSection } from './limits-section';
import { SubscriptionSection } from './subscription-section';
import { VerificationSection } from './verification-section';

type Section = 'verification' | 'subscription' | 'features' | 'limits';

const SECTIONS: { id: Section; label: string }[] = [
  { id: 'verification', label: 'Verification' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'features', label: 'Features' },
  { id: 'limits', label: 'Limits' },
];

/** Super admin: verify, change the subscription, add/remove features and edit limits of one company. */
export function CompanyManageDialog({
  company: initial,
  onClose,
}: {
  company: CompanyDto;
  onClose: () => void;
}) {
  const [section, setSection] = useState<Section>('verification');
  const detail = useCompany(initial._id);
  const company = detail.data ?? initial;
  const details = useFeaturesAndLimitations(initial._id);

  return (
    <Dialog
      open
      onClose={onClose}
      title={company.name}
      description="Manage verification, subscription, features and limits."
      size="lg"
    >
      <Tabs
        label="Company settings"
        tabs={SECTIONS}
        value={section}
        onChange={setSection}
        idPrefix="company-manage"
        className="mb-5"
      />
      <div
        id={`company-manage-panel-${section}`}
        role="tabpanel"
        aria-labelledby={`company-manage-tab-${section}`}
      >
        {section === 'verification' ? <VerificationSection company={company} /> : null}
        {section !== 'verification' && details.isPending ? <SkeletonList rows={3} /> : null}
        {section !== 'verification' && details.isError ? (
          <ErrorState
            title="The company's plan could not be loaded"
            message={apiErrorMessage(details.error, COMPANY_FALLBACK_MESSAGES.get)}
            onRetry={() => void details.refetch()}
          />
        ) : null}
        {details.data && section === 'subscription' ? (
          <SubscriptionSection company={company} details={details.data} />
        ) : null}
        {details.data && section === 'features' ? (
          <FeaturesSection company={company} details={details.data} />
        ) : null}
        {details.data && section === 'limits' ? (
          <LimitsSection company={company} details={details.data} />
        ) : null}
      </div>
    </Dialog>
  );
}
