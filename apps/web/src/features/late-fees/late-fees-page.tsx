import { PageHeader } from '../../components/card';
import { PaymentsNav } from '../invoices/invoice-display';
import { LateFeeRulesSection } from './late-fee-rules-section';

/** /dashboard/payments/late-fees: the late-fee rules until the Collections settings page mounts the section. */
export function LateFeesPage() {
  return (
    <div>
      <PageHeader title="Late fees" description="Late fees by company, property and tenancy" />
      <PaymentsNav />
      <LateFeeRulesSection />
    </div>
  );
}
