import type { TenantDto } from '@rentora/shared';
import { Star } from 'lucide-react';
import { Card } from '../../../components/card';
import { capitalize } from '../tenant-display';
import { tenantsApi, useTenantMutation } from '../tenants.api';
import { EntryForm, EntryList } from './tenant-entries';

const RATING_ASPECTS = ['payment', 'behavior', 'maintenance', 'communication'] as const;

export function Behavior({ tenant, canWrite }: { tenant: TenantDto; canWrite: boolean }) {
  const rate = useTenantMutation(
    tenant._id,
    (ratings: Record<string, number>) => tenantsApi.action(tenant._id, 'rating', { ratings }),
    { success: 'Rating saved' },
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="p-5 lg:col-span-2">
        <h2 className="mb-3 font-semibold text-slate-900">Ratings</h2>
        <div className="grid gap-3 sm:grid-cols-4">
          {RATING_ASPECTS.map((aspect) => (
            <div key={aspect}>
              <p className="text-xs font-medium uppercase text-slate-500">{capitalize(aspect)}</p>
              <fieldset className="mt-1 flex gap-0.5">
                <legend className="sr-only">{`${capitalize(aspect)} rating`}</legend>
                {[1, 2, 3, 4, 5].map((value) => (
                  <button
                    key={value}
                    type="button"
                    disabled={!canWrite || rate.isPending}
                    aria-label={`${value} of 5`}
                    aria-pressed={(tenant.ratings[aspect] ?? 0) >= value}
                    onClick={() => rate.mutate({ [aspect]: value })}
                    className="rounded p-0.5 disabled:cursor-default"
                  >
                    <Star
                      className={
                        (tenant.ratings[aspect] ?? 0) >= value
                          ? 'h-5 w-5 fill-amber-400 text-amber-400'
                          : 'h-5 w-5 text-slate-300'
                      }
                      aria-hidden
                    />
                  </button>
                ))}
              </fieldset>
            </div>
          ))}
        </div>
      </Card>
      <Card className="divide-y divide-slate-100">
        <h2 className="p-4 font-semibold text-slate-900">Complaints</h2>
        {canWrite ? (
          <EntryForm
            id={tenant._id}
            path="complaints"
            types={['low', 'medium', 'high']}
            label="Complaint"
            success="Complaint recorded"
          />
        ) : null}
        <EntryList entries={tenant.complaints} empty="No complaints." />
      </Card>
      <Card className="divide-y divide-slate-100">
        <h2 className="p-4 font-semibold text-slate-900">Warnings</h2>
        {canWrite ? (
          <EntryForm
            id={tenant._id}
            path="warnings"
            types={['low', 'medium', 'high']}
            label="Warning"
            success="Warning recorded"
          />
        ) : null}
        <EntryList entries={tenant.warnings} empty="No warnings." />
      </Card>
    </div>
  );
}
