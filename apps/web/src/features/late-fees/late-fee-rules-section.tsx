import type { LateFeeEffectiveDto, LateFeeRuleDto } from '@rentora/shared';
import { Building2, Pencil, Plus, Scale, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { SkeletonList } from '../../components/skeleton';
import { formatMoney } from '../../lib/format';
import { usePermissions } from '../auth/use-permissions';
import { useProperties } from '../properties/properties.api';
import { LateFeeRuleDialog, type RuleTarget } from './late-fee-rule-dialog';
import { useEffectiveLateFees, useLateFeeRules, useRemoveLateFeeRule } from './late-fees.api';

/** "₹500.00 once, 5 days after the due date · at most ₹1,000.00" */
export function ruleSummary(rule: LateFeeRuleDto): string {
  const what =
    rule.type === 'fixed'
      ? `${formatMoney(rule.amount ?? 0)} once`
      : rule.type === 'percent'
        ? `${rule.percent}% of the balance, once`
        : `${rule.annualRatePercent}% a year, daily`;
  const grace = rule.graceDays === 0 ? 'from the due date' : `${rule.graceDays} days after the due date`;
  return `${what}, ${grace}${rule.cap === null ? '' : ` · at most ${formatMoney(rule.cap)}`}`;
}

const SCOPE_TONE: Record<LateFeeRuleDto['scope'], BadgeTone> = {
  company: 'neutral',
  property: 'info',
  tenancy: 'brand',
};
const SCOPE_LABEL: Record<LateFeeRuleDto['scope'], string> = {
  company: 'Company default',
  property: 'Property',
  tenancy: 'Tenancy',
};

/**
 * The late-fee rules of the company: its default, the property and tenancy overrides, and the rule each current
 * tenancy's next invoices follow (tenancy > property > company). Editing needs payments_write.
 */
export function LateFeeRulesSection() {
  const permissions = usePermissions();
  const canEdit = permissions.canUseFeature('payments_write');
  // A property override is chosen from the property list, which only readers of properties may ask for.
  const canAddPropertyOverride = canEdit && permissions.canUseFeature('properties_read');
  const [editing, setEditing] = useState<RuleTarget | null>(null);
  const [removing, setRemoving] = useState<LateFeeRuleDto | null>(null);
  const [overridesPage, setOverridesPage] = useState(1);
  const [effectivePage, setEffectivePage] = useState(1);
  const companyRule = useLateFeeRules('company', 1, 1);
  const overrides = useLateFeeRules(undefined, overridesPage);
  const effective = useEffectiveLateFees(effectivePage);
  const properties = useProperties(
    { page: 1, limit: 100, sortBy: 'name', sortOrder: 'asc' },
    { enabled: canAddPropertyOverride },
  );
  const remove = useRemoveLateFeeRule();
  const current = companyRule.data?.data[0] ?? null;
  const overrideRows = (overrides.data?.data ?? []).filter((r) => r.scope !== 'company');

  return (
    <section className="space-y-6" aria-labelledby="late-fee-rules-title">
      <div>
        <h2 id="late-fee-rules-title" className="text-lg font-semibold text-slate-900">
          Late-fee rules
        </h2>
        <p className="mt-1 text-sm text-slate-500">
          The most specific rule wins: a tenancy override, then a property override, then the company default.
          A rule applies to invoices issued after it is set.
        </p>
      </div>

      <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Scale className="h-5 w-5" aria-hidden />
          </div>
          <div>
            <h3 className="font-medium text-slate-900">Company default</h3>
            {companyRule.isPending ? (
              <p className="text-sm text-slate-500">Loading…</p>
            ) : companyRule.isError ? (
              <p className="text-sm text-red-600">Could not load the company rule</p>
            ) : (
              <p className="text-sm text-slate-600" data-testid="company-late-fee">
                {current ? ruleSummary(current) : 'No late fee'}
              </p>
            )}
          </div>
        </div>
        {canEdit ? (
          <div className="flex gap-2">
            {current ? (
              <Button
                variant="ghost"
                onClick={() => setRemoving(current)}
                icon={<Trash2 className="h-4 w-4" aria-hidden />}
              >
                Remove
              </Button>
            ) : null}
            <Button
              variant="outline"
              onClick={() => setEditing({ scope: 'company', name: 'Company default', current })}
              icon={<Pencil className="h-4 w-4" aria-hidden />}
              data-testid="edit-company-late-fee"
            >
              {current ? 'Change' : 'Set a late fee'}
            </Button>
          </div>
        ) : null}
      </Card>

      <div className="space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-medium text-slate-900">Overrides</h3>
          {canAddPropertyOverride ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setEditing({ scope: 'property', name: 'Property override' })}
              icon={<Plus className="h-4 w-4" aria-hidden />}
            >
              Property override
            </Button>
          ) : null}
        </div>
        {overrides.isError ? (
          <ErrorState title="Could not load the overrides" onRetry={() => void overrides.refetch()} />
        ) : overrides.isPending ? (
          <SkeletonList rows={2} />
        ) : overrideRows.length === 0 ? (
          <EmptyState
            icon={Building2}
            title="No overrides"
            description="Every tenancy follows the company default. Override it for a property here, or for a tenancy below."
          />
        ) : (
          <>
            <DataTable
              caption="Late-fee overrides"
              rows={overrideRows}
              rowKey={(r) => r._id}
              fetching={overrides.isFetching}
              columns={[
                { id: 'for', header: 'For', cell: (r) => r.scopeName },
                {
                  id: 'level',
                  header: 'Level',
                  cell: (r) => <Badge tone={SCOPE_TONE[r.scope]}>{SCOPE_LABEL[r.scope]}</Badge>,
                },
                { id: 'rule', header: 'Rule', cell: ruleSummary },
              ]}
              actions={
                canEdit
                  ? (r) => (
                      <div className="flex gap-1">
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Change the late fee of ${r.scopeName}`}
                          onClick={() =>
                            setEditing({ scope: r.scope, scopeId: r.scopeId, name: r.scopeName, current: r })
                          }
                          icon={<Pencil className="h-4 w-4" aria-hidden />}
                        />
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Remove the late fee of ${r.scopeName}`}
                          onClick={() => setRemoving(r)}
                          icon={<Trash2 className="h-4 w-4" aria-hidden />}
                        />
                      </div>
                    )
                  : undefined
              }
            />
            {overrides.data ? (
              <Pagination
                pagination={overrides.data.pagination}
                onPageChange={setOverridesPage}
                itemLabel="rules"
              />
            ) : null}
          </>
        )}
      </div>

      <EffectiveRules
        query={effective}
        onPage={setEffectivePage}
        onOverride={
          canEdit
            ? (row) =>
                setEditing({
                  scope: 'tenancy',
                  scopeId: row.tenancyId,
                  name: `${row.tenantName} (unit ${row.unitNumber})`,
                  current: row.rule?.scope === 'tenancy' ? row.rule : null,
                })
            : undefined
        }
      />

      <LateFeeRuleDialog
        target={editing}
        onClose={() => setEditing(null)}
        properties={properties.data?.data.map((p) => ({ _id: p._id, name: p.name }))}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this late-fee rule?"
        description={
          removing?.scope === 'company'
            ? 'Invoices issued from now on get no late fee unless an override applies. Invoices issued earlier keep their rule.'
            : 'Invoices issued from now on follow the next level up. Invoices issued earlier keep their rule.'
        }
        confirmLabel="Remove rule"
        tone="danger"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing._id, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}

function EffectiveRules({
  query,
  onPage,
  onOverride,
}: {
  query: ReturnType<typeof useEffectiveLateFees>;
  onPage: (page: number) => void;
  onOverride?: (row: LateFeeEffectiveDto) => void;
}) {
  return (
    <div className="space-y-3">
      <h3 className="font-medium text-slate-900">Rule of each tenancy</h3>
      {query.isError ? (
        <ErrorState title="Could not load the tenancies" onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <SkeletonList rows={3} />
      ) : query.data.data.length === 0 ? (
        <EmptyState title="No current tenancies" description="Tenancies appear here once tenants move in." />
      ) : (
        <>
          <DataTable
            caption="The late-fee rule each tenancy follows"
            rows={query.data.data}
            rowKey={(r) => r.tenancyId}
            fetching={query.isFetching}
            columns={[
              { id: 'tenant', header: 'Tenant', cell: (r) => r.tenantName },
              { id: 'unit', header: 'Property, unit', cell: (r) => `${r.propertyName}, ${r.unitNumber}` },
              {
                id: 'rule',
                header: 'Late fee',
                cell: (r) => (r.rule ? ruleSummary(r.rule) : <span className="text-slate-400">None</span>),
              },
              {
                id: 'from',
                header: 'From',
                cell: (r) =>
                  r.rule ? <Badge tone={SCOPE_TONE[r.rule.scope]}>{SCOPE_LABEL[r.rule.scope]}</Badge> : null,
              },
            ]}
            actions={
              onOverride
                ? (r) => (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onOverride(r)}
                      aria-label={`Override the late fee of ${r.tenantName}`}
                    >
                      Override
                    </Button>
                  )
                : undefined
            }
          />
          <Pagination pagination={query.data.pagination} onPageChange={onPage} itemLabel="tenancies" />
        </>
      )}
    </div>
  );
}
