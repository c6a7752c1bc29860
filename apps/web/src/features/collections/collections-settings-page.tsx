import { Play } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { useDocumentTitle } from '../../lib/document-title';
import { usePermissions } from '../auth/use-permissions';
import { PaymentsNav } from '../invoices/invoice-display';
import { LateFeeRulesSection } from '../late-fees';
import { useRunCollections } from './collections.api';
import { ScheduleSection } from './schedule-section';
import { TemplatesSection } from './templates-section';

/** One section of the Collections settings page; `canEdit`: the member holds payments_write. */
export interface CollectionsSection {
  id: string;
  component: ComponentType<{ canEdit: boolean }>;
}

/**
 * The sections of the page, in order. Late-fee rules (modules/late-fees) add theirs here:
 * `{ id: 'late-fees', component: LateFeeRulesSection }`.
 */
export const COLLECTIONS_SECTIONS: CollectionsSection[] = [
  { id: 'schedule', component: ScheduleSection },
  { id: 'templates', component: TemplatesSection },
  { id: 'late-fees', component: LateFeeRulesSection },
];

/** /dashboard/payments/collections (linked from Company too): the reminder schedule, channels, quiet hours and templates. */
export function CollectionsSettingsPage() {
  useDocumentTitle('Collections', 'Reminder schedule, channels and templates');
  const { canUseFeature } = usePermissions();
  const canEdit = canUseFeature('payments_write');
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <PageHeader
          title="Collections"
          description="Reminders of dues by email, SMS and WhatsApp, each with a link to pay the invoice."
        />
        <PaymentsNav />
      </div>
      {canEdit ? <RunCard /> : null}
      {COLLECTIONS_SECTIONS.map(({ id, component: Section }) => (
        <Section key={id} canEdit={canEdit} />
      ))}
    </div>
  );
}

function RunCard() {
  const run = useRunCollections();
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-5">
      <div>
        <h2 className="text-base font-semibold text-slate-900">Today's collections</h2>
        <p className="text-sm text-slate-500">
          Runs every morning at 10:00. Running it now sends only what has not gone out today.
        </p>
      </div>
      <div className="flex gap-2">
        <Link
          to="/dashboard/payments/reminders"
          className="inline-flex items-center rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:underline"
        >
          Reminders sent
        </Link>
        <Button type="button" onClick={() => run.mutate(undefined)} loading={run.isPending}>
          <Play className="h-4 w-4" aria-hidden /> Run now
        </Button>
      </div>
    </Card>
  );
}
