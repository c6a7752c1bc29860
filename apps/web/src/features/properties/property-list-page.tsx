import {
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  type PropertyDto,
  type PropertyType,
  VERIFICATION_STATUSES,
  type VerificationStatus,
} from '@rentora/shared';
import {
  Building2,
  Eye,
  LayoutGrid,
  List,
  MapPin,
  Pencil,
  Plus,
  Search,
  SearchX,
  SlidersHorizontal,
  Trash2,
  X,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionMenu } from '../../components/action-menu';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Input, Select } from '../../components/field';
import { ImageWithFallback, NoImage } from '../../components/image';
import { Pagination } from '../../components/pagination';
import { Skeleton } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/format';
import { useSearchBox, useUrlFilters } from '../../lib/url-filters';
import { usePermissions } from '../auth/use-permissions';
import { INVENTORY_MESSAGES } from './messages';
import { type PropertyListFilters, useDeleteProperty, useProperties } from './properties.api';
import {
  coverPhoto,
  formatAddress,
  formatRentRange,
  OccupancyBar,
  propertyTypeLabel,
  VERIFICATION_LABELS,
  VerificationBadge,
} from './property-display';
import { PropertiesSectionNav } from './section-nav';
import { usePlanLimit } from './use-plan-limit';

const FILTER_KEYS = ['search', 'type', 'status', 'city', 'sort', 'view'] as const;
const VIEW_STORAGE_KEY = 'rentora.propertiesView';

const SORTS = {
  newest: { label: 'Newest first', sortBy: 'createdAt', sortOrder: 'desc' },
  oldest: { label: 'Oldest first', sortBy: 'createdAt', sortOrder: 'asc' },
  updated: { label: 'Recently updated', sortBy: 'updatedAt', sortOrder: 'desc' },
  'name-asc': { label: 'Name A–Z', sortBy: 'name', sortOrder: 'asc' },
  'name-desc': { label: 'Name Z–A', sortBy: 'name', sortOrder: 'desc' },
} as const satisfies Record<
  string,
  { label: string; sortBy: 'createdAt' | 'updatedAt' | 'name'; sortOrder: 'asc' | 'desc' }
>;
type SortKey = keyof typeof SORTS;

type ViewMode = 'cards' | 'table';

function isPropertyType(value: string): value is PropertyType {
  return (PROPERTY_TYPES as readonly string[]).includes(value);
}
function isVerificationStatus(value: string): value is VerificationStatus {
  return (VERIFICATION_STATUSES as readonly string[]).includes(value);
}
function isSortKey(value: string): value is SortKey {
  return value in SORTS;
}

function storedView(): ViewMode {
  try {
    return localStorage.getItem(VIEW_STORAGE_KEY) === 'table' ? 'table' : 'cards';
  } catch {
    return 'cards';
  }
}

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
              <Select
                aria-label="Property type"
                value={values.type}
                onChange={(event) => set({ type: event.target.value })}
              >
                <option value="">All types</option>
                {PROPERTY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {PROPERTY_TYPE_LABELS[type]}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <Select
                aria-label="Verification status"
                value={values.status}
                onChange={(event) => set({ status: event.target.value })}
              >
                <option value="">Any status</option>
                {VERIFICATION_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {VERIFICATION_LABELS[status]}
                  </option>
                ))}
              </Select>
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
              <Select
                aria-label="Sort by"
                value={sortKey}
                onChange={(event) =>
                  set({ sort: event.target.value === 'newest' ? null : event.target.value })
                }
              >
                {Object.entries(SORTS).map(([key, option]) => (
                  <option key={key} value={key}>
                    {option.label}
                  </option>
                ))}
              </Select>
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

      {list.isPending ? (
        view === 'cards' ? (
          <CardsSkeleton />
        ) : (
          <TableSkeleton />
        )
      ) : list.isError ? (
        <ErrorState
          title={values.search ? INVENTORY_MESSAGES.searchProperties : INVENTORY_MESSAGES.fetchProperties}
          message={apiErrorMessage(list.error, 'Please try again in a moment.')}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        hasFilters ? (
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
        ) : (
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
        )
      ) : (
        <div
          className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}
          aria-busy={list.isFetching}
        >
          {view === 'cards' ? (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="property-cards">
              {list.data.data.map((property) => (
                <PropertyCard key={property._id} property={property} />
              ))}
            </div>
          ) : (
            <PropertyTable
              properties={list.data.data}
              canEdit={canEdit}
              canRemove={canRemove}
              onDelete={(property) => setDeleting(property)}
            />
          )}
          <Pagination
            className="mt-6"
            pagination={list.data.pagination}
            exactCount={list.data.pagination.totalCountExact}
            itemLabel="properties"
            onPageChange={(next) => set({ page: next })}
          />
        </div>
      )}

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

function PropertyCard({ property }: { property: PropertyDto }) {
  const photo = coverPhoto(property.photos);
  const rent = formatRentRange(property.rentRange);
  return (
    <Link
      to={`/dashboard/properties/${property._id}`}
      className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-500"
      data-testid="property-card"
    >
      <div className="relative aspect-[16/9] bg-slate-100">
        {photo ? (
          <ImageWithFallback
            src={photo.thumbnailUrl}
            alt={photo.caption ?? property.name}
            className="h-full w-full object-cover"
          />
        ) : (
          <NoImage className="h-full w-full" />
        )}
        <div className="absolute left-3 top-3">
          <VerificationBadge status={property.verificationStatus} className="shadow-sm" />
        </div>
        {!property.isListed ? (
          <span className="absolute right-3 top-3 rounded-full bg-slate-900/70 px-2 py-0.5 text-[11px] font-semibold text-white">
            Not listed
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-brand-600">
            {propertyTypeLabel(property.propertyType)}
          </p>
          <h3 className="mt-0.5 truncate text-base font-semibold text-slate-900 group-hover:text-brand-700">
            {property.name}
          </h3>
          <p className="mt-0.5 flex items-center gap-1 truncate text-sm text-slate-500">
            <MapPin className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {formatAddress(property.address)}
          </p>
        </div>
        <OccupancyBar occupancy={property.occupancy} />
        <div className="mt-auto flex items-end justify-between border-t border-slate-100 pt-3 text-sm">
          <div>
            <p className="text-xs text-slate-500">Available now</p>
            <p className="font-semibold text-slate-900">
              {property.occupancy.availableUnits} of {property.occupancy.totalUnits} units
            </p>
          </div>
          <div className="text-right">
            <p className="text-xs text-slate-500">Rent</p>
            <p className="font-semibold text-slate-900">{rent ?? '—'}</p>
          </div>
        </div>
      </div>
    </Link>
  );
}

function PropertyTable({
  properties,
  canEdit,
  canRemove,
  onDelete,
}: {
  properties: PropertyDto[];
  canEdit: boolean;
  canRemove: boolean;
  onDelete: (property: PropertyDto) => void;
}) {
  return (
    <Card className="overflow-x-auto" data-testid="property-table">
      <table className="w-full min-w-[760px] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-3">
              Property
            </th>
            <th scope="col" className="px-4 py-3">
              Type
            </th>
            <th scope="col" className="px-4 py-3">
              Units
            </th>
            <th scope="col" className="w-40 px-4 py-3">
              Occupancy
            </th>
            <th scope="col" className="px-4 py-3">
              Rent
            </th>
            <th scope="col" className="px-4 py-3">
              Verification
            </th>
            <th scope="col" className="px-4 py-3">
              Added
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {properties.map((property) => {
            const photo = coverPhoto(property.photos);
            return (
              <tr key={property._id} className="hover:bg-slate-50/70">
                <td className="px-4 py-3">
                  <div className="flex items-center gap-3">
                    <div className="h-10 w-14 shrink-0 overflow-hidden rounded-md bg-slate-100">
                      {photo ? (
                        <ImageWithFallback
                          src={photo.thumbnailUrl}
                          alt=""
                          className="h-full w-full object-cover"
                        />
                      ) : (
                        <Building2 className="m-auto mt-2.5 h-5 w-5 text-slate-400" aria-hidden />
                      )}
                    </div>
                    <div className="min-w-0">
                      <Link
                        to={`/dashboard/properties/${property._id}`}
                        className="block truncate font-semibold text-slate-900 hover:text-brand-700"
                      >
                        {property.name}
                      </Link>
                      <p className="truncate text-xs text-slate-500">
                        {formatAddress(property.address, { short: true })}
                      </p>
                    </div>
                  </div>
                </td>
                <td className="px-4 py-3 text-slate-600">{propertyTypeLabel(property.propertyType)}</td>
                <td className="px-4 py-3 text-slate-600">
                  <span className="font-medium text-slate-900">{property.occupancy.totalUnits}</span>
                  <span className="text-xs text-slate-500">
                    {' '}
                    · {property.occupancy.availableUnits} available
                  </span>
                </td>
                <td className="px-4 py-3">
                  <OccupancyBar occupancy={property.occupancy} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                  {formatRentRange(property.rentRange) ?? '—'}
                </td>
                <td className="px-4 py-3">
                  <VerificationBadge status={property.verificationStatus} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-500">
                  {formatDate(property.createdAt)}
                </td>
                <td className="px-4 py-3 text-right">
                  <ActionMenu
                    label={`Actions for ${property.name}`}
                    items={[
                      {
                        label: 'View',
                        icon: <Eye className="h-4 w-4" aria-hidden />,
                        to: `/dashboard/properties/${property._id}`,
                      },
                      {
                        label: 'Edit',
                        icon: <Pencil className="h-4 w-4" aria-hidden />,
                        to: `/dashboard/properties/${property._id}/edit`,
                        hidden: !canEdit,
                      },
                      {
                        label: 'Delete',
                        icon: <Trash2 className="h-4 w-4" aria-hidden />,
                        onSelect: () => onDelete(property),
                        tone: 'danger',
                        hidden: !canRemove,
                      },
                    ]}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

function CardsSkeleton() {
  return (
    <div
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
      role="status"
      aria-busy="true"
      aria-label="Loading properties"
    >
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
          <Skeleton className="aspect-[16/9] rounded-none" />
          <div className="space-y-3 p-4">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-1.5 w-full" />
            <div className="flex justify-between pt-2">
              <Skeleton className="h-8 w-24" />
              <Skeleton className="h-8 w-20" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

function TableSkeleton() {
  return (
    <Card
      className="divide-y divide-slate-100"
      role="status"
      aria-busy="true"
      aria-label="Loading properties"
    >
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="flex items-center gap-4 px-4 py-3">
          <Skeleton className="h-10 w-14" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/5" />
          </div>
          <Skeleton className="hidden h-4 w-24 sm:block" />
          <Skeleton className="hidden h-4 w-32 sm:block" />
          <Skeleton className="h-5 w-20 rounded-full" />
        </div>
      ))}
    </Card>
  );
}
