import {
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  type PropertyDto,
  VERIFICATION_STATUSES,
} from '@rentora/shared';
import { Building2, LayoutGrid, List, Plus, Search, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Card, PageHeader } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { Input } from '../../../components/field';
import { OptionFilter, SortSelect } from '../../../components/filter-selects';
import { ListView } from '../../../components/list-view';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSearchBox, useUrlFilters } from '../../../lib/url-filters';
import { usePermissions } from '../../auth/use-permissions';
import { INVENTORY_MESSAGES } from '../messages';
import { type PropertyListFilters, useDeleteProperty, useProperties } from '../properties.api';
import { VERIFICATION_LABELS } from '../property-display';
import { PropertiesSectionNav } from '../section-nav';
import { usePlanLimit } from '../use-plan-limit';
import { CardsSkeleton, PropertyCard } from './property-cards';
import {
  FILTER_KEYS,
  isPropertyType,
  isSortKey,
  isVerificationStatus,
  SORTS,
  type SortKey,
  storedView,
  VIEW_STORAGE_KEY,
  type ViewMode,
} from './property-list-filters';
import { PropertyTable, TableSkeleton } from './property-table';

/** /dashboard/properties: cards or table, search, filters, sort, pagination. */
export function PropertyListPage() {
  useDocumentTitle('Properties', 'Manage properties and rental units');
  const navigate = useNavigate();
  const permissions = usePermissions();
  const canCreate = permissions.canUseFeature('properties_write');
  const canEdit = permissions.canUseAny(['properties_write', 'properties_update']);
  const canRemove = permissions.canDelete('properties');
  const limit = usePlanLimit('properties');

  const { values, page, set, clear } = useUrlFilters(FILTER_KEYS);
  const [view, setView] = useState<ViewMode>(() =>
    values.view === 'table' || values.view === 'cards' ? values.view : storedView(),
  );
  const [searchText, setSearchText] = useSearchBox(values.search, (search) => set({ search }));
  const [cityText, setCityText] = useSearchBox(values.city, (city) => set({ city }));
  const [deleting, setDeleting] = useState<PropertyDto | null>(null);
  const remove = useDeleteProperty();

  const sortKey: SortKey = isSortKey(values.sort) ? values.sort : 'newest';
  const sort = SORTS[sortKey];
  const filters: PropertyListFilters = {
    page,
    search: values.search || undefined,
    city: values.city || undefined,
    propertyType: isPropertyType(values.type) ? [values.type] : undefined,
    verificationStatus: isVerificationStatus(values.status) ? [values.status] : undefined,
    sortBy: sort.sortBy,
    sortOrder: sort.sortOrder,
  };
  const list = useProperties(filters);
  const hasFilters = Boolean(values.search || values.city || values.type || values.status);
  const activeFilters = [values.city, values.type, values.status, values.sort].filter(Boolean).length;
  const [showFilters, setShowFilters] = useState(false);

  const topRef = useRef<HTMLDivElement>(null);
  const pageRef = useRef(page);
  useEffect(() => {
    if (pageRef.current !== page) topRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    pageRef.current = page;
  }, [page]);

  function changeView(next: ViewMode) {
    setView(next);
    set({ view: next, page });
    try {
      localStorage.setItem(VIEW_STORAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts for the visit.
    }
  }

  function onAdd() {
    if (limit.reached) limit.openUpgrade();
    else navigate('/dashboard/properties/create');
  }

  const total = list.data?.pagination.totalCount;
  return (
    <div ref={topRef} className="mx-auto max-w-7xl scroll-mt-20">
      <PageHeader
        title="Properties"
        description={
          total === undefined
            ? 'Your buildings, houses and commercial spaces, with their units.'
            : `${total.toLocaleString('en-IN')}${list.data?.pagination.totalCountExact === false ? '+' : ''} ${total === 1 ? 'property' : 'properties'}${hasFilters ? ' match your filters' : ''}`
        }
        actions={
          canCreate ? (
            <Button
              onClick={onAdd}
              icon={<Plus className="h-4 w-4" aria-hidden />}
              data-testid="add-property"
            >
              Add property
            </Button>
          ) : null
        }
      />
      <PropertiesSectionNav />

      <Card className="mb-5 p-3 sm:p-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.3fr)_repeat(4,minmax(0,1fr))_auto]">
          <div className="relative sm:col-span-2 lg:col-span-1">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <Input
              aria-label="Search properties"
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Search name, address, postal code…"
              className="pl-9"
            />
          </div>
          <div id="property-filters" className={cn('grid gap-3 sm:contents', !showFilters && 'hidden')}>
            <div>
              <OptionFilter
                label="Property type"
                anyLabel="All types"
                value={values.type}
                options={PROPERTY_TYPES}
                optionLabel={(type) => PROPERTY_TYPE_LABELS[type]}
                onChange={(type) => set({ type })}
              />
            </div>
            <div>
              <OptionFilter
                label="Verification status"
                anyLabel="Any status"
                value={values.status}
                options={VERIFICATION_STATUSES}
                optionLabel={(status) => VERIFICATION_LABELS[status]}
                onChange={(status) => set({ status })}
              />
            </div>
            <div>
              <Input
                aria-label="City"
                value={cityText}
                onChange={(event) => setCityText(event.target.value)}
                placeholder="City"
              />
            </div>
            <div>
              <SortSelect
                value={sortKey}
                sorts={SORTS}
                onChange={(sort) => set({ sort: sort === 'newest' ? null : sort })}
              />
            </div>
          </div>
          <div className="flex items-center justify-between gap-2 sm:col-span-2 lg:col-span-1 lg:justify-end">
            <Button
              variant="outline"
              size="sm"
              className="sm:hidden"
              aria-expanded={showFilters}
              aria-controls="property-filters"
              onClick={() => setShowFilters((value) => !value)}
              icon={<SlidersHorizontal className="h-4 w-4" aria-hidden />}
            >
              Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
            </Button>
            {hasFilters ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setSearchText('');
                  setCityText('');
                  clear();
                }}
                icon={<X className="h-4 w-4" aria-hidden />}
              >
                Clear
              </Button>
            ) : (
              <span />
            )}
            <fieldset className="inline-flex rounded-lg bg-slate-100 p-1">
              <legend className="sr-only">View</legend>
              {(
                [
                  ['cards', LayoutGrid, 'Card view'],
                  ['table', List, 'Table view'],
                ] as const
              ).map(([mode, Icon, label]) => (
                <button
                  key={mode}
                  type="button"
                  onClick={() => changeView(mode)}
                  aria-pressed={view === mode}
                  aria-label={label}
                  title={label}
                  className={cn(
                    'rounded-md p-1.5 transition',
                    view === mode
                      ? 'bg-white text-slate-900 shadow-sm'
                      : 'text-slate-500 hover:text-slate-700',
                  )}
                >
                  <Icon className="h-4 w-4" aria-hidden />
                </button>
              ))}
            </fieldset>
          </div>
        </div>
      </Card>

      <ListView
        list={list}
        errorTitle={values.search ? INVENTORY_MESSAGES.searchProperties : INVENTORY_MESSAGES.fetchProperties}
        errorFallback="Please try again in a moment."
        hasFilters={hasFilters}
        noMatch={
          <EmptyState
            icon={SearchX}
            title="No properties match your filters"
            description="Try a different search or clear the filters."
            action={
              <Button
                variant="outline"
                onClick={() => {
                  setSearchText('');
                  setCityText('');
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
            icon={Building2}
            title="No properties yet"
            description={
              canCreate
                ? 'Add your first property, then its rental units. Verified properties appear on the public listing.'
                : 'Properties your team adds will show up here.'
            }
            action={
              canCreate ? (
                <Button onClick={onAdd} icon={<Plus className="h-4 w-4" aria-hidden />}>
                  Add property
                </Button>
              ) : null
            }
          />
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel="properties"
        exactCount={list.data?.pagination.totalCountExact}
        paginationClassName="mt-6"
      >
        {(rows, state) =>
          state.loading ? (
            view === 'cards' ? (
              <CardsSkeleton />
            ) : (
              <TableSkeleton />
            )
          ) : (
            <div
              className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}
              aria-busy={list.isFetching}
            >
              {view === 'cards' ? (
                <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="property-cards">
                  {rows.map((property) => (
                    <PropertyCard key={property._id} property={property} />
                  ))}
                </div>
              ) : (
                <PropertyTable
                  properties={rows}
                  canEdit={canEdit}
                  canRemove={canRemove}
                  onDelete={(property) => setDeleting(property)}
                />
              )}
            </div>
          )
        }
      </ListView>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete property?"
        description={
          deleting ? (
            <>
              <strong className="text-slate-700">{deleting.name}</strong> and its{' '}
              {deleting.occupancy.totalUnits} {deleting.occupancy.totalUnits === 1 ? 'unit' : 'units'}, images
              and tenant history will be deleted. This cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Delete property"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSuccess: () => setDeleting(null) });
        }}
      />
    </div>
  );
}
