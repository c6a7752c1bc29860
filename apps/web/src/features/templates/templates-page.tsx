import {
  monthlyTotal,
  PAGE_SIZES,
  type TemplateDto,
  UNIT_TYPE_LABELS,
  UNIT_TYPES,
  type UnitType,
} from '@rentora/shared';
import {
  Copy,
  Globe2,
  LayoutTemplate,
  Pencil,
  Plus,
  Search,
  SearchX,
  Trash2,
  TrendingUp,
} from 'lucide-react';
import { useState } from 'react';
import { ActionMenu } from '../../components/action-menu';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { Input } from '../../components/field';
import { OptionFilter, SortSelect } from '../../components/filter-selects';
import { ListView } from '../../components/list-view';
import { Skeleton, SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { formatMoney, timeAgo } from '../../lib/format';
import { useSearchBox, useUrlFilters } from '../../lib/url-filters';
import { usePermissions } from '../auth/use-permissions';
import { INVENTORY_MESSAGES } from '../properties/messages';
import { PropertiesSectionNav } from '../properties/section-nav';
import { templateSummary } from '../rental-units/unit-from-template-dialog';
import { TemplateFormDialog } from './template-form-dialog';
import {
  type TemplateListFilters,
  useDeleteTemplate,
  usePopularTemplates,
  useTemplates,
} from './templates.api';
import { UseTemplateFlow } from './use-template-flow';

const FILTER_KEYS = ['search', 'type', 'sort', 'scope'] as const;

const SORTS = {
  popular: { label: 'Most used', sortBy: 'usageCount', sortOrder: 'desc' },
  newest: { label: 'Newest', sortBy: 'createdAt', sortOrder: 'desc' },
  name: { label: 'Name A–Z', sortBy: 'name', sortOrder: 'asc' },
} as const;

type SortKey = keyof typeof SORTS;

const TEMPLATE_SCOPES = ['company', 'global'] as const;

/** /dashboard/properties/templates: list, popular, create, edit, delete and use templates. */
export function TemplatesPage() {
  useDocumentTitle('Unit Templates', 'Reusable rental unit settings');
  const permissions = usePermissions();
  const canManage = permissions.canUseFeature('rentalunit_write');
  const { values, page, set, clear } = useUrlFilters(FILTER_KEYS);
  const [searchText, setSearchText] = useSearchBox(values.search, (search) => set({ search }));
  const sortKey: SortKey = values.sort in SORTS ? (values.sort as SortKey) : 'popular';
  const unitType = (UNIT_TYPES as readonly string[]).includes(values.type)
    ? (values.type as UnitType)
    : undefined;
  const filters: TemplateListFilters = {
    page,
    limit: PAGE_SIZES.templates,
    search: values.search || undefined,
    unitType: unitType ? [unitType] : undefined,
    sortBy: SORTS[sortKey].sortBy,
    sortOrder: SORTS[sortKey].sortOrder,
    includeGlobal: values.scope !== 'company',
    globalOnly: values.scope === 'global' ? true : undefined,
  };
  const list = useTemplates(filters);
  const popular = usePopularTemplates(5);
  // "Popular" means used at least once.
  const popularUsed = popular.data?.filter((template) => template.usageCount > 0) ?? [];
  const hasFilters = Boolean(values.search || values.type || values.scope);

  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TemplateDto | null>(null);
  const [deleting, setDeleting] = useState<TemplateDto | null>(null);
  const [using, setUsing] = useState<TemplateDto | null>(null);
  const remove = useDeleteTemplate();

  const canEditTemplates = permissions.canUseAny(['rentalunit_write', 'rentalunit_update']);
  const canDeleteTemplates = permissions.canDelete('rentalunit');
  const canEdit = (template: TemplateDto) =>
    template.isGlobal ? permissions.isSuperAdmin : canEditTemplates;
  const canRemove = (template: TemplateDto) =>
    template.isGlobal ? permissions.isSuperAdmin : canDeleteTemplates;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Unit templates"
        description="Saved unit settings: type, rooms, furnishing, amenities and pricing. Add units from them in a few keystrokes."
        actions={
          canManage ? (
            <Button onClick={() => setCreating(true)} icon={<Plus className="h-4 w-4" aria-hidden />}>
              New template
            </Button>
          ) : null
        }
      />
      <PropertiesSectionNav />

      <section aria-labelledby="popular-heading" className="mb-6">
        <h2
          id="popular-heading"
          className="mb-3 flex items-center gap-1.5 text-sm font-semibold text-slate-700"
        >
          <TrendingUp className="h-4 w-4 text-brand-600" aria-hidden /> Popular
        </h2>
        {popular.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {Array.from({ length: 5 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <Skeleton key={index} className="h-20 rounded-xl" />
            ))}
          </div>
        ) : popular.isError ? (
          <p className="text-sm text-red-600">
            {apiErrorMessage(popular.error, INVENTORY_MESSAGES.fetchTemplates)}
          </p>
        ) : popularUsed.length === 0 ? (
          <p className="text-sm text-slate-500">No template has been used yet.</p>
        ) : (
          <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
            {popularUsed.map((template, index) => (
              <li key={template._id}>
                <button
                  type="button"
                  onClick={() => (canManage ? setUsing(template) : undefined)}
                  disabled={!canManage}
                  className="flex h-full w-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 text-left shadow-sm transition enabled:hover:border-brand-400 enabled:hover:shadow"
                >
                  <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
                    {index + 1}
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-semibold text-slate-900">
                      {template.name}
                    </span>
                    <span className="block text-xs text-slate-500">
                      used {template.usageCount}× · {formatMoney(template.pricing.rent)}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
      </section>

      <Card className="mb-5 p-3 sm:p-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
          <div className="relative sm:col-span-2 lg:col-span-1">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <Input
              aria-label="Search templates"
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Search templates"
              className="pl-9"
            />
          </div>
          <div>
            <OptionFilter
              label="Unit type"
              anyLabel="All unit types"
              value={values.type}
              options={UNIT_TYPES}
              optionLabel={(type) => UNIT_TYPE_LABELS[type]}
              onChange={(type) => set({ type })}
            />
          </div>
          <div>
            <OptionFilter
              label="Scope"
              anyLabel="All templates"
              value={values.scope}
              options={TEMPLATE_SCOPES}
              optionLabel={(scope) => (scope === 'company' ? 'Company only' : 'Global only')}
              onChange={(scope) => set({ scope })}
            />
          </div>
          <div>
            <SortSelect
              value={sortKey}
              sorts={SORTS}
              onChange={(sort) => set({ sort: sort === 'popular' ? null : sort })}
            />
          </div>
        </div>
      </Card>

      <ListView
        list={list}
        errorTitle={INVENTORY_MESSAGES.fetchTemplates}
        errorFallback="Please try again in a moment."
        hasFilters={hasFilters}
        noMatch={
          <EmptyState
            icon={SearchX}
            title="No templates match"
            action={
              <Button
                variant="outline"
                onClick={() => {
                  setSearchText('');
                  clear();
                }}
              >
                Clear filters
              </Button>
            }
          />
        }
        empty={
          <EmptyState
            icon={LayoutTemplate}
            title="No templates yet"
            description="Create one here, or save an existing unit as a template from its menu."
            action={
              canManage ? (
                <Button onClick={() => setCreating(true)} icon={<Plus className="h-4 w-4" aria-hidden />}>
                  New template
                </Button>
              ) : null
            }
          />
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel="templates"
        paginationClassName="mt-6"
      >
        {(rows, state) =>
          state.loading ? (
            <SkeletonList rows={5} />
          ) : (
            <div className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
              <ul className="grid gap-3 md:grid-cols-2" aria-label="Templates">
                {rows.map((template) => (
                  <li key={template._id}>
                    <Card className="flex h-full flex-col gap-3 p-4" data-testid="template-card">
                      <div className="flex items-start justify-between gap-3">
                        <div className="min-w-0">
                          <div className="flex flex-wrap items-center gap-2">
                            <h3 className="truncate font-semibold text-slate-900">{template.name}</h3>
                            {template.isGlobal ? (
                              <Badge tone="info" className="gap-1">
                                <Globe2 className="h-3 w-3" aria-hidden /> Global
                              </Badge>
                            ) : null}
                          </div>
                          <p className="mt-0.5 text-sm text-slate-500">{templateSummary(template)}</p>
                        </div>
                        <ActionMenu
                          label={`Actions for ${template.name}`}
                          items={[
                            {
                              label: 'Use for a new unit',
                              icon: <Copy className="h-4 w-4" aria-hidden />,
                              onSelect: () => setUsing(template),
                              hidden: !canManage,
                            },
                            {
                              label: 'Edit',
                              icon: <Pencil className="h-4 w-4" aria-hidden />,
                              onSelect: () => setEditing(template),
                              hidden: !canEdit(template),
                            },
                            {
                              label: 'Delete',
                              icon: <Trash2 className="h-4 w-4" aria-hidden />,
                              onSelect: () => setDeleting(template),
                              tone: 'danger',
                              hidden: !canRemove(template),
                            },
                          ]}
                        />
                      </div>
                      {template.description ? (
                        <p className="line-clamp-2 text-sm text-slate-600">{template.description}</p>
                      ) : null}
                      <div className="mt-auto flex flex-wrap items-end justify-between gap-3 border-t border-slate-100 pt-3 text-sm">
                        <div>
                          <p className="font-semibold text-slate-900">
                            {formatMoney(monthlyTotal(template))}
                            <span className="font-normal text-slate-500"> /month</span>
                          </p>
                          <p className="text-xs text-slate-500">
                            rent {formatMoney(template.pricing.rent)} · deposit{' '}
                            {formatMoney(template.pricing.securityDeposit)}
                          </p>
                        </div>
                        <div className="flex items-center gap-3">
                          <p className="text-right text-xs text-slate-500">
                            used {template.usageCount}×
                            {template.lastUsedAt ? (
                              <>
                                <br />
                                last {timeAgo(template.lastUsedAt)}
                              </>
                            ) : null}
                          </p>
                          {canManage ? (
                            <Button size="sm" variant="secondary" onClick={() => setUsing(template)}>
                              Use
                            </Button>
                          ) : null}
                        </div>
                      </div>
                    </Card>
                  </li>
                ))}
              </ul>
            </div>
          )
        }
      </ListView>

      <TemplateFormDialog open={creating} onClose={() => setCreating(false)} />
      {editing ? <TemplateFormDialog open template={editing} onClose={() => setEditing(null)} /> : null}
      <UseTemplateFlow template={using} onClose={() => setUsing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete template?"
        description={
          deleting ? (
            <>
              <strong className="text-slate-700">{deleting.name}</strong> will be deleted. Units made from it
              keep their settings.
            </>
          ) : null
        }
        confirmLabel="Delete template"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSuccess: () => setDeleting(null) });
        }}
      />
    </div>
  );
}
