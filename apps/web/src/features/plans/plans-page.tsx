import type { PlanAdminDto } from '@rentora/shared';
import { Layers, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { Tabs } from '../../components/tabs';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { PlanCard } from './plan-card';
import { PlanDialog } from './plan-dialog';
import { PLAN_FALLBACK_MESSAGES, type PlanListFilters, useAdminPlans, useDeletePlan } from './plans.api';

type ActiveFilter = 'all' | 'true' | 'false';

/** /dashboard/plans (super admin): the plans companies subscribe to: price, features and limits. */
export function PlansPage() {
  const [active, setActive] = useState<ActiveFilter>('all');
  const [editing, setEditing] = useState<PlanAdminDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PlanAdminDto | null>(null);
  const filters: PlanListFilters = { page: 1, limit: 50, isActive: active === 'all' ? undefined : active };
  const plans = useAdminPlans(filters);
  const remove = useDeletePlan();

  return (
    <div>
      <PageHeader
        title="Plans Management"
        description="What each plan costs, which features it unlocks and how far it goes."
        actions={
          <Button icon={<Plus className="h-4 w-4" aria-hidden />} onClick={() => setEditing('new')}>
            New plan
          </Button>
        }
      />
      <Tabs
        variant="pills"
        label="Filter plans"
        className="mb-4"
        value={active}
        onChange={setActive}
        tabs={[
          { id: 'all', label: 'All' },
          { id: 'true', label: 'Active' },
          { id: 'false', label: 'Inactive' },
        ]}
      />
      {plans.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((index) => (
            <Card key={index} className="space-y-3 p-6">
              <Skeleton className="h-5 w-1/3" />
              <Skeleton className="h-8 w-1/2" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-2/3" />
            </Card>
          ))}
        </div>
      ) : plans.isError ? (
        <ErrorState
          title="Plans could not be loaded"
          message={apiErrorMessage(plans.error, PLAN_FALLBACK_MESSAGES.list)}
          onRetry={() => void plans.refetch()}
        />
      ) : plans.data.data.length === 0 ? (
        <EmptyState
          icon={Layers}
          title={active === 'all' ? 'No plans yet' : `No ${active === 'true' ? 'active' : 'inactive'} plans`}
          description="Companies subscribe to plans; create one to offer it."
        />
      ) : (
        <ul className={cn('grid gap-4 md:grid-cols-2 xl:grid-cols-3', plans.isFetching && 'opacity-70')}>
          {plans.data.data.map((plan) => (
            <li key={plan._id}>
              <PlanCard plan={plan} onEdit={() => setEditing(plan)} onDelete={() => setDeleting(plan)} />
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the ${deleting?.name ?? ''} plan?`}
        description={
          deleting && deleting.companiesCount > 0
            ? `${deleting.companiesCount} companies are on this plan. Move them to another plan first, or make this one inactive instead.`
            : 'It disappears from the pricing page. This cannot be undone.'
        }
        confirmLabel="Delete plan"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: (answer) => {
              toast.success(answer.message ?? 'Plan deleted', deleting.name);
              setDeleting(null);
            },
            onError: (error) => toast.error(apiErrorMessage(error, PLAN_FALLBACK_MESSAGES.delete)),
          })
        }
      />
    </div>
  );
}
