import {
  PERMISSION_CATALOGUE,
  PERMISSION_CATEGORIES,
  type PermissionCategory,
  type PublicPlanDto,
} from '@rentora/shared';
import { Check, Layers, Minus } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatLimit, formatMoney } from '../../lib/format';
import { usePublicPlans } from './public.api';

/** The categories a plan can include (platform administration is never sold). */
export const PLAN_CATEGORIES = PERMISSION_CATEGORIES.filter(
  (category) => category !== 'System Administration',
);

/** Which permission categories a plan's feature list covers (an empty list means every feature). */
export function planCategories(plan: Pick<PublicPlanDto, 'featuresList'>): Set<PermissionCategory> {
  if (plan.featuresList.length === 0) return new Set(PERMISSION_CATEGORIES);
  const covered = new Set<PermissionCategory>();
  for (const entry of PERMISSION_CATALOGUE) {
    if (plan.featuresList.includes(entry.feature)) covered.add(entry.category);
  }
  return covered;
}

function PlanCard({ plan, highlighted }: { plan: PublicPlanDto; highlighted: boolean }) {
  const categories = planCategories(plan);
  const free = plan.price === 0;
  const unlimited = plan.featuresList.length === 0 && plan.limitations.maxPropertiesPerCompany === -1;
  return (
    <article
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        highlighted ? 'border-brand-500 ring-2 ring-brand-500/20 lg:-translate-y-2' : 'border-slate-200',
      )}
      aria-labelledby={`plan-${plan.slug}`}
    >
      {highlighted ? (
        <span className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
          Most popular
        </span>
      ) : null}
      <h3 id={`plan-${plan.slug}`} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-1 min-h-10 text-sm text-slate-500">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">
          {free ? 'Free' : formatMoney(plan.price, plan.currency)}
        </span>
        {free ? null : (
          <span className="text-sm text-slate-500">/{plan.billingCycle === 'yearly' ? 'year' : 'month'}</span>
        )}
      </p>
      <dl className="mt-5 grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-3 text-center">
        <div>
          <dt className="text-[11px] uppercase tracking-wide text-slate-500">Properties</dt>
          <dd className="text-sm font-semibold text-slate-900">
            {formatLimit(plan.limitations.maxPropertiesPerCompany)}
          </dd>
        </div>
        <div>
          <dt className="text-[11px] uppercase tracking-wide text-slate-500">Users</dt>
          <dd className="text-sm font-semibold text-slate-900">
            {formatLimit(plan.limitations.maxUsersPerCompany)}
          </dd>
        </div>
        <div>
          <dt className="text-[11px] uppercase tracking-wide text-slate-500">Units / property</dt>
          <dd className="text-sm font-semibold text-slate-900">
            {formatLimit(plan.limitations.maxRentalUnitsPerProperty)}
          </dd>
        </div>
      </dl>
      <ul className="mt-5 flex-1 space-y-2 text-sm">
        {PLAN_CATEGORIES.map((category) => {
          const included = categories.has(category);
          return (
            <li
              key={category}
              className={cn('flex items-center gap-2', included ? 'text-slate-700' : 'text-slate-400')}
            >
              {included ? (
                <Check className="h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
              ) : (
                <Minus className="h-4 w-4 shrink-0" aria-hidden />
              )}
              <span>
                {category}
                <span className="sr-only">{included ? ' (included)' : ' (not included)'}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {unlimited ? (
        <ButtonLink
          to="/contact"
          state={{ source: `pricing:${plan.slug}` }}
          variant="outline"
          className="mt-6"
        >
          Contact Sales
        </ButtonLink>
      ) : (
        <ButtonLink
          to="/auth/register?type=company"
          variant={highlighted ? 'primary' : 'outline'}
          className="mt-6"
        >
          Get Started
        </ButtonLink>
      )}
    </article>
  );
}

export function PlanCards() {
  const plans = usePublicPlans();
  if (plans.isPending) {
    return (
      <div className="grid gap-6 lg:grid-cols-3" role="status" aria-busy="true" aria-label="Loading plans">
        {[0, 1, 2].map((key) => (
          <div key={key} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-10 w-32" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (plans.isError) {
    return (
      <ErrorState
        title="We couldn't load our plans"
        message={apiErrorMessage(plans.error, 'Please try again in a moment.')}
        onRetry={() => void plans.refetch()}
      />
    );
  }
  if (plans.data.length === 0) {
    return (
      <EmptyState
        icon={Layers}
        title="No plans published yet"
        description="Talk to our team and we will put together the right plan for you."
        action={<ButtonLink to="/contact">Contact Us</ButtonLink>}
      />
    );
  }
  const highlightIndex = plans.data.length >= 3 ? 1 : -1;
  return (
    <div className={cn('grid gap-6', plans.data.length >= 3 ? 'lg:grid-cols-3' : 'md:grid-cols-2')}>
      {plans.data.map((plan, index) => (
        <PlanCard key={plan._id} plan={plan} highlighted={index === highlightIndex} />
      ))}
    </div>
  );
}
