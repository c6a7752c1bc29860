import { BarChart3, ClipboardList, Columns3, Link2, Plus, Tags, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/card';
import { SkeletonList } from '../../components/skeleton';
import { Tabs } from '../../components/tabs';
import { useDocumentTitle } from '../../lib/document-title';
import { usePermissions } from '../auth/use-permissions';
import { NewRequestDialog } from './new-request-dialog';

const TABS = [
  { id: 'requests', label: 'Requests', icon: <ClipboardList className="h-4 w-4" aria-hidden /> },
  { id: 'board', label: 'Board', icon: <Columns3 className="h-4 w-4" aria-hidden /> },
  { id: 'types', label: 'Types', icon: <Tags className="h-4 w-4" aria-hidden /> },
  { id: 'assignments', label: 'Assignments', icon: <Users className="h-4 w-4" aria-hidden /> },
  { id: 'forms', label: 'Public forms', icon: <Link2 className="h-4 w-4" aria-hidden /> },
  { id: 'stats', label: 'Statistics', icon: <BarChart3 className="h-4 w-4" aria-hidden /> },
] as const;
type TabId = (typeof TABS)[number]['id'];
const isTab = (value: string | undefined): value is TabId => TABS.some((tab) => tab.id === value);

const RequestsTab = lazy(() => import('./requests-tab').then((m) => ({ default: m.RequestsTab })));
const BoardTab = lazy(() => import('./board-tab').then((m) => ({ default: m.BoardTab })));
const TypesTab = lazy(() => import('./types-tab').then((m) => ({ default: m.TypesTab })));
const AssignmentsTab = lazy(() => import('./assignments-tab').then((m) => ({ default: m.AssignmentsTab })));
const FormsTab = lazy(() => import('./forms-tab').then((m) => ({ default: m.FormsTab })));
const StatsTab = lazy(() => import('./stats-tab').then((m) => ({ default: m.StatsTab })));

/** /dashboard/maintenance and /dashboard/maintenance/{tab}: each tab is a route. */
export function MaintenancePage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const [creating, setCreating] = useState(false);
  const current: TabId = isTab(tab) ? tab : 'requests';
  const label = TABS.find((t) => t.id === current)!.label;
  useDocumentTitle(`Maintenance · ${label}`, 'Requests, types, assignments and public forms');
  if (tab !== undefined && !isTab(tab)) return <Navigate to="/dashboard/maintenance/requests" replace />;

  return (
    <div>
      <PageHeader
        title="Maintenance"
        description="Requests from staff, tenants and the public form, who works them and how fast."
        actions={
          permissions.canUseFeature('maintenance_write') ? (
            <Button icon={<Plus className="h-4 w-4" aria-hidden />} onClick={() => setCreating(true)}>
              New request
            </Button>
          ) : null
        }
      />
      <Tabs
        tabs={TABS}
        value={current}
        onChange={(id) => navigate(`/dashboard/maintenance/${id}`)}
        label="Maintenance sections"
        idPrefix="maintenance"
        className="mb-6"
      />
      <div role="tabpanel" id={`maintenance-panel-${current}`} aria-labelledby={`maintenance-tab-${current}`}>
        <Suspense fallback={<SkeletonList rows={5} />}>
          {current === 'requests' ? <RequestsTab /> : null}
          {current === 'board' ? <BoardTab /> : null}
          {current === 'types' ? <TypesTab /> : null}
          {current === 'assignments' ? <AssignmentsTab /> : null}
          {current === 'forms' ? <FormsTab /> : null}
          {current === 'stats' ? <StatsTab /> : null}
        </Suspense>
      </div>
      <NewRequestDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
