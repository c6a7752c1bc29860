import { type CompanyDto, type Feature, PERMISSION_CATALOGUE, PERMISSION_CATEGORIES } from '@rentora/shared';
import { Badge } from '../../../components/badge';
import { Switch } from '../../../components/switch';
import { apiErrorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { COMPANY_FALLBACK_MESSAGES, type FeaturesAndLimitations, useCompanyFeature } from '../companies.api';

export function FeaturesSection({
  company,
  details,
}: {
  company: CompanyDto;
  details: FeaturesAndLimitations;
}) {
  const mutation = useCompanyFeature(company._id);
  const everything = details.featuresList.length === 0;
  const enabled = (feature: Feature) => everything || details.featuresList.includes(feature);
  const planList = details.plan?.featuresList ?? [];
  const inPlan = (feature: Feature) => planList.length === 0 || planList.includes(feature);

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-500">
        {everything
          ? 'This company has every feature (its list is empty, which restricts nothing). Turning one off keeps all the others.'
          : `${details.featuresList.length} features enabled. Changes apply to every member at once.`}
      </p>
      {PERMISSION_CATEGORIES.map((category) => (
        <section key={category} aria-labelledby={`features-${category}`}>
          <h3
            id={`features-${category}`}
            className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500"
          >
            {category}
          </h3>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {PERMISSION_CATALOGUE.filter((entry) => entry.category === category).map((entry) => {
              const on = enabled(entry.feature);
              const busy = mutation.isPending && mutation.variables?.featureId === entry.feature;
              return (
                <li key={entry.feature} className="flex items-center gap-3 px-3 py-2.5">
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium text-slate-800">
                      {entry.name}
                      {!inPlan(entry.feature) ? (
                        <Badge tone="info" className="ml-2">
                          Not in plan
                        </Badge>
                      ) : null}
                    </p>
                    <p className="text-xs text-slate-500">{entry.description}</p>
                  </div>
                  <Switch
                    checked={on}
                    busy={busy}
                    label={`${entry.name} for ${company.name}`}
                    onChange={(next) =>
                      mutation.mutate(
                        { featureId: entry.feature, enabled: next },
                        {
                          onSuccess: (answer) =>
                            toast.success(
                              answer.message ?? (next ? 'Feature added' : 'Feature removed'),
                              entry.name,
                            ),
                          onError: (error) =>
                            toast.error(apiErrorMessage(error, COMPANY_FALLBACK_MESSAGES.features)),
                        },
                      )
                    }
                  />
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
