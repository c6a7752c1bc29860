import {
  type CompanyRole,
  type Feature,
  isFeature,
  PERMISSION_CATALOGUE,
  PERMISSION_CATEGORIES,
  type PermissionCategory,
  ROLE_DEFAULT_FEATURES,
} from '@rentora/shared';
import { Lock, RotateCcw, Save } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { useUpgradeDialog } from '../../components/upgrade-dialog-host';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/auth-provider';
import { COMPANY_USER_ACTION_MESSAGES, useSetPermissions } from './company-users.api';

export interface PermissionEditorProps {
  memberId: string;
  memberRole: CompanyRole;
  featurePermissions: readonly string[];
  /** May the viewer change this member's permissions at all? */
  editable: boolean;
}

const CATEGORY_TEXT: Record<PermissionCategory, string> = {
  'Property Management': 'Properties and their rental units.',
  'Tenant Management': 'Tenant records, leases and bookings.',
  'Financial Management': 'Payments, dues and invoices.',
  Maintenance: 'Maintenance requests and who works on them.',
  'Company Management': 'Company settings and the team.',
  'Analytics & Reports': 'Dashboards, reports and exports.',
  'System Administration': 'Platform-level administration.',
  'Notifications & Communications': 'In-app notifications and messages.',
};

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((value) => b.has(value));
}

/**
 * The member's feature permissions by the spec's eight categories. Only features in the company's plan can be
 * granted (others are locked with "Upgrade required", which opens the upgrade dialog), and nobody but platform
 * staff may grant a permission they do not hold themselves (the API enforces both).
 */
export function PermissionEditor({
  memberId,
  memberRole,
  featurePermissions,
  editable,
}: PermissionEditorProps) {
  const upgrade = useUpgradeDialog();
  const { user, accessContext } = useAuth();
  const save = useSetPermissions(memberId);
  const initial = useMemo(() => new Set(featurePermissions.filter(isFeature)), [featurePermissions]);
  const [selected, setSelected] = useState<Set<Feature>>(initial);
  const [baseline, setBaseline] = useState(initial);
  if (!sameSet(baseline, initial)) {
    // The record changed underneath (saved, role changed): start again from it.
    setBaseline(initial);
    setSelected(new Set(initial));
  }

  const platformStaff = user?.role === 'super_admin' || user?.role === 'admin';
  const planFeatures = accessContext.planFeatures ?? [];
  const inPlan = (feature: Feature) => planFeatures.length === 0 || planFeatures.includes(feature);
  const mayGrant = (feature: Feature) => platformStaff || (accessContext.features ?? []).includes(feature);
  const dirty = !sameSet(selected, initial);
  const outsidePlan = [...selected].filter((feature) => !inPlan(feature));

  function toggle(feature: Feature, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(feature);
      else next.delete(feature);
      return next;
    });
  }

  function submit() {
    const permissions = [...selected].filter(inPlan);
    save.mutate(permissions, {
      onSuccess: (answer) => toast.success(answer.message ?? 'Permissions updated'),
      onError: (error) => toast.error(apiErrorMessage(error, COMPANY_USER_ACTION_MESSAGES.permissions)),
    });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0 flex-1 text-sm text-slate-500">
          {selected.size} of {PERMISSION_CATALOGUE.length} permissions.{' '}
          {editable ? 'Changes apply at the member’s next request, without signing in again.' : 'Read only.'}
        </p>
        {editable ? (
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              icon={<RotateCcw className="h-4 w-4" aria-hidden />}
              onClick={() =>
                setSelected(
                  new Set(
                    ROLE_DEFAULT_FEATURES[memberRole].filter(
                      (feature) => mayGrant(feature) || initial.has(feature),
                    ),
                  ),
                )
              }
            >
              Role defaults
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!dirty}
              onClick={() => setSelected(new Set(initial))}
            >
              Discard
            </Button>
            <Button
              size="sm"
              disabled={!dirty}
              loading={save.isPending}
              icon={<Save className="h-4 w-4" aria-hidden />}
              onClick={submit}
            >
              Save permissions
            </Button>
          </div>
        ) : null}
      </div>
      {editable && outsidePlan.length > 0 ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" role="status">
          {outsidePlan.length} of these permissions are not in the company’s plan. They have no effect now and
          are dropped when you save.
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {PERMISSION_CATEGORIES.map((category) => {
          const entries = PERMISSION_CATALOGUE.filter((entry) => entry.category === category);
          const count = entries.filter((entry) => selected.has(entry.feature)).length;
          return (
            <Card key={category} className="p-4">
              <fieldset>
                <legend className="flex w-full items-start justify-between gap-2">
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{category}</span>
                    <span className="block text-xs text-slate-500">{CATEGORY_TEXT[category]}</span>
                  </span>
                  <Badge tone={count ? 'brand' : 'neutral'}>
                    {count}/{entries.length}
                  </Badge>
                </legend>
                <ul className="mt-3 space-y-1">
                  {entries.map((entry) => {
                    const checked = selected.has(entry.feature);
                    const locked = !inPlan(entry.feature);
                    const notHeld = !checked && !mayGrant(entry.feature);
                    const disabled = !editable || locked || notHeld || save.isPending;
                    const id = `permission-${memberId}-${entry.feature}`;
                    return (
                      <li
                        key={entry.feature}
                        className={cn(
                          'flex items-start gap-3 rounded-lg px-2 py-1.5',
                          !disabled && 'hover:bg-slate-50',
                        )}
                      >
                        <input
                          id={id}
                          type="checkbox"
                          checked={checked}
                          disabled={disabled}
                          onChange={(event) => toggle(entry.feature, event.target.checked)}
                          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                          aria-describedby={`${id}-description`}
                        />
                        <div className="min-w-0 flex-1">
                          <label
                            htmlFor={id}
                            className={cn(
                              'block text-sm font-medium',
                              locked ? 'text-slate-400' : 'text-slate-800',
                            )}
                          >
                            {entry.name}
                          </label>
                          <p id={`${id}-description`} className="text-xs text-slate-500">
                            {entry.description}
                            {notHeld && !locked ? ' · You do not hold this permission' : ''}
                          </p>
                        </div>
                        {locked ? (
                          <button
                            type="button"
                            onClick={() => upgrade.open({ limitType: 'feature', feature: entry.feature })}
                            className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-[11px] font-semibold text-amber-700 hover:bg-amber-100"
                          >
                            <Lock className="h-3 w-3" aria-hidden />
                            Upgrade required
                          </button>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            </Card>
          );
        })}
      </div>
    </div>
  );
}
