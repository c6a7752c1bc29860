import { Building2, MapPin, MapPinOff, Search } from 'lucide-react';
import { Component, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Card, PageHeader } from '../../components/card';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Input } from '../../components/field';
import { Pagination } from '../../components/pagination';
import { Skeleton, SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { INVENTORY_MESSAGES } from '../properties/messages';
import { useProperties } from '../properties/properties.api';
import { formatAddress, VerificationBadge } from '../properties/property-display';

const PropertiesMap = lazy(() =>
  import('./properties-map').then((module) => ({ default: module.PropertiesMap })),
);

const MAP_PAGE_SIZE = 100;

/** Keeps the list usable when the map chunk cannot load. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <div className="flex h-full min-h-[22rem] items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6 text-center text-sm text-slate-500">
          The map could not be loaded. The list still shows every property.
        </div>
      );
    }
    return this.props.children;
  }
}

/** /dashboard/map-demo: the company's properties as pins on a map, with a list beside it. */
export function MapDemoPage() {
  useDocumentTitle('Property Map', 'Properties on a map');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const settled = useDebouncedValue(search.trim(), 300);
  const list = useProperties({
    page,
    limit: MAP_PAGE_SIZE,
    search: settled || undefined,
    sortBy: 'name',
    sortOrder: 'asc',
  });
  const properties = useMemo(() => list.data?.data ?? [], [list.data]);
  const pinned = properties.filter((property) => property.address.coordinates !== null).length;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Property map"
        description={
          list.data
            ? `${pinned} of ${properties.length} ${properties.length === 1 ? 'property has' : 'properties have'} a map pin.`
            : 'Where your properties are.'
        }
      />
      <div className="grid gap-4 lg:h-[calc(100vh-14rem)] lg:min-h-[32rem] lg:grid-cols-[22rem_1fr]">
        <Card className="order-2 flex min-h-0 flex-col lg:order-1">
          <div className="border-b border-slate-100 p-3">
            <div className="relative block">
              <Search
                className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
                aria-hidden
              />
              <Input
                aria-label="Search properties"
                type="search"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(1);
                }}
                placeholder="Search properties"
                className="pl-9"
              />
            </div>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-2">
            {list.isPending ? (
              <SkeletonList rows={5} />
            ) : list.isError ? (
              <ErrorState
                title={INVENTORY_MESSAGES.fetchProperties}
                message={apiErrorMessage(list.error, 'Please try again in a moment.')}
                onRetry={() => void list.refetch()}
              />
            ) : properties.length === 0 ? (
              <EmptyState
                className="border-0"
                icon={Building2}
                title={settled ? 'No properties match' : 'No properties yet'}
                description={
                  settled ? 'Try another search.' : 'Add a property with a map pin to see it here.'
                }
              />
            ) : (
              <ul className="space-y-1" aria-label="Properties">
                {properties.map((property) => {
                  const hasPin = property.address.coordinates !== null;
                  const selected = property._id === selectedId;
                  return (
                    <li key={property._id}>
                      <div
                        className={cn(
                          'flex items-start gap-3 rounded-xl p-3 transition',
                          selected ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-50',
                        )}
                      >
                        <button
                          type="button"
                          onClick={() => hasPin && setSelectedId(property._id)}
                          disabled={!hasPin}
                          aria-pressed={selected}
                          aria-label={
                            hasPin ? `Show ${property.name} on the map` : `${property.name} has no map pin`
                          }
                          className={cn(
                            'mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-lg',
                            hasPin
                              ? 'bg-brand-100 text-brand-700 hover:bg-brand-200'
                              : 'bg-slate-100 text-slate-400',
                          )}
                        >
                          {hasPin ? (
                            <MapPin className="h-4 w-4" aria-hidden />
                          ) : (
                            <MapPinOff className="h-4 w-4" aria-hidden />
                          )}
                        </button>
                        <div className="min-w-0 flex-1">
                          <Link
                            to={`/dashboard/properties/${property._id}`}
                            className="block truncate text-sm font-semibold text-slate-900 hover:text-brand-700"
                          >
                            {property.name}
                          </Link>
                          <p className="truncate text-xs text-slate-500">
                            {formatAddress(property.address, { short: true })}
                          </p>
                          <div className="mt-1 flex flex-wrap items-center gap-2">
                            <VerificationBadge status={property.verificationStatus} />
                            {!hasPin ? <span className="text-[11px] text-slate-400">No pin</span> : null}
                          </div>
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          {list.data && list.data.pagination.totalPages > 1 ? (
            <div className="border-t border-slate-100 p-3">
              <Pagination pagination={list.data.pagination} onPageChange={setPage} itemLabel="properties" />
            </div>
          ) : null}
        </Card>
        <div className="order-1 h-[22rem] lg:order-2 lg:h-auto">
          <MapBoundary>
            <Suspense fallback={<Skeleton className="h-full min-h-[22rem] w-full rounded-2xl" />}>
              <PropertiesMap properties={properties} selectedId={selectedId} onSelect={setSelectedId} />
            </Suspense>
          </MapBoundary>
        </div>
      </div>
    </div>
  );
}
