import { PERMISSION_CATALOGUE, type PlanAdminDto } from '@rentora/shared';
import { Building2, Layers, Pencil, Star, Trash2 } from 'lucide-react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { cn } from '../../lib/cn';
import { formatLimit, formatMoney } from '../../lib/format';

export function PlanCard({
  plan,
  onEdit,
  onDelete,
}: {
  plan: PlanAdminDto;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const everything = plan.featuresList.length === 0;
  return (
    <Card className={cn('flex h-full flex-col p-6', !plan.isActive && 'bg-slate-50')}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-slate-900">{plan.name}</h2>
          <p className="truncate font-mono text-xs text-slate-400">{plan.slug}</p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          {plan.isDefault ? (
            <Badge tone="brand" className="gap-1">
              <Star className="h-3 w-3" aria-hidden /> Default
            </Badge>
          ) : null}
          <Badge tone={plan.isActive ? 'success' : 'neutral'}>{plan.isActive ? 'Active' : 'Inactive'}</Badge>
        </div>
      </div>
      <p className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
        {plan.price === 0 ? 'Free' : formatMoney(plan.price, plan.currency)}
        {plan.price === 0 ? null : (
          <span className="text-sm font-medium text-slate-500">
            {' '}
            / {plan.billingCycle === 'yearly' ? 'year' : 'month'}
          </span>
        )}
      </p>
      {plan.description ? <p className="mt-2 text-sm text-slate-500">{plan.description}</p> : null}
      <dl className="mt-4 grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-3 text-center text-sm">
        <div>
          <dt className="text-[11px] uppercase tracking-wide text-slate-400">Properties</dt>
          <dd className="font-semibold text-slate-800">
            {formatLimit(plan.limitations.maxPropertiesPerCompany)}
          </dd>
        </div>
        <div>
          <dt className="text-[11px] uppercase tracking-wide text-slate-400">Users</dt>
          <dd className="font-semibold text-slate-800">{formatLimit(plan.limitations.maxUsersPerCompany)}</dd>
        </div>
        <div>
          <dt className="text-[11px] uppercase tracking-wide text-slate-400">Units/property</dt>
          <dd className="font-semibold text-slate-800">
            {formatLimit(plan.limitations.maxRentalUnitsPerProperty)}
          </dd>
        </div>
      </dl>
      <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
        <Layers className="h-4 w-4 text-slate-400" aria-hidden />
        {everything
          ? 'Every feature'
          : `${plan.featuresList.length} of ${PERMISSION_CATALOGUE.length} features`}
      </p>
      <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
        <Building2 className="h-4 w-4 text-slate-400" aria-hidden />
        {plan.companiesCount === 1 ? '1 company' : `${plan.companiesCount} companies`}
      </p>
      <div className="mt-auto flex justify-end gap-1 pt-5">
        <Button
          size="sm"
          variant="ghost"
          icon={<Pencil className="h-4 w-4" aria-hidden />}
          onClick={onEdit}
          aria-label={`Edit ${plan.name}`}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-600 hover:bg-red-50"
          icon={<Trash2 className="h-4 w-4" aria-hidden />}
          onClick={onDelete}
          aria-label={`Delete ${plan.name}`}
        >
          Delete
        </Button>
      </div>
    </Card>
  );
}
