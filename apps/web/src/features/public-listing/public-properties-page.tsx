import type { PropertyType } from '@rentora/shared';
import { Building2, MapPin, Search, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ListView } from '../../components/list-view';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { PUBLIC_PROPERTY_TYPE_LABELS, PUBLIC_PROPERTY_TYPES } from './listing-labels';
import { type PublicListFilters, usePublicProperties } from './public-listing.api';
import { ListingSkeleton, PublicPropertyCard } from './public-property-card';

const SORTS = {
  newest: { label: 'Newest', sortBy: 'createdAt', sortOrder: 'desc' },
  'rent-asc': { label: 'Rent: low to high', sortBy: 'rent', sortOrder: 'asc' },
  'rent-desc': { label: 'Rent: high to low', sortBy: 'rent', sortOrder: 'desc' },
} as const;

type SortKey = keyof typeof SORTS;

const BEDROOM_OPTIONS = [
  { value: '', label: 'Any bedrooms' },
  { value: '1', label: '1+ bedrooms' },
  { value: '2', label: '2+ bedrooms' },
  { value: '3', label: '3+ bedrooms' },
  { value: '4', label: '4+ bedrooms' },
];

const FIELD =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20';

function rupeesToMinor(value: string): number | undefined {
  const amount = Number(value);
  return value.trim() !== '' && Number.isFinite(amount) && amount >= 0 ? Math.round(amount * 100) : undefined;
}

function isPropertyType(value: string | null): value is PropertyType {
  return value !== null && (PUBLIC_PROPERTY_TYPES as readonly string[]).includes(value);
}

/** /properties: the public listing of verified properties with units available now. */
export function PublicPropertiesPage() {
  useDocumentTitle('Properties', 'Browse verified rental properties with units available now.');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sortKey: SortKey = (params.get('sort') ?? '') in SORTS ? (params.get('sort') as SortKey) : 'newest';
  const type = params.get('type');
  const filters: PublicListFilters = {
    page,
    search: params.get('q') || undefined,
    city: params.get('city') || undefined,
    propertyType: isPropertyType(type) ? type : undefined,
    minBedrooms: params.get('beds') ? Number(params.get('beds')) : undefined,
    minRent: rupeesToMinor(params.get('min') ?? ''),
    maxRent: rupeesToMinor(params.get('max') ?? ''),
    sortBy: SORTS[sortKey].sortBy,
    sortOrder: SORTS[sortKey].sortOrder,
  };
  const list = usePublicProperties(filters);
  const totalCount = list.data?.pagination.totalCount ?? 0;
  const [showFilters, setShowFilters] = useState(false);
  const [draft, setDraft] = useState({
    q: params.get('q') ?? '',
    city: params.get('city') ?? '',
    min: params.get('min') ?? '',
    max: params.get('max') ?? '',
  });
  useEffect(() => {
    setDraft({
      q: params.get('q') ?? '',
      city: params.get('city') ?? '',
      min: params.get('min') ?? '',
      max: params.get('max') ?? '',
    });
  }, [params]);

  const hasFilters = ['q', 'city', 'type', 'beds', 'min', 'max'].some((key) => params.get(key));

  function update(changes: Record<string, string | null>, keepPage = false) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value.trim() === '') next.delete(key);
          else next.set(key, value.trim());
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: !('page' in changes) },
    );
  }

  function onSearch(event: FormEvent) {
    event.preventDefault();
    update({ q: draft.q, city: draft.city, min: draft.min, max: draft.max });
  }

  return (
    <div className="bg-slate-50">
      <section className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">Properties</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Find your next home
          </h1>
          <p className="mt-2 text-slate-600">
            Verified properties with units available now, listed by property teams on Rentora.
          </p>
          <form onSubmit={onSearch} className="mt-6 space-y-3" aria-label="Search properties">
            <div className="flex flex-col gap-2 sm:flex-row">
              <div className="relative flex-1">
                <Search
                  className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
                  aria-hidden
                />
                <input
                  aria-label="Search"
                  type="search"
                  value={draft.q}
                  onChange={(event) => setDraft({ ...draft, q: event.target.value })}
                  placeholder="Property name, area or postal code"
                  className={cn(FIELD, 'h-11 pl-9')}
                />
              </div>
              <div className="relative sm:w-56">
                <MapPin
                  className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
                  aria-hidden
                />
                <input
                  aria-label="City"
                  value={draft.city}
                  onChange={(event) => setDraft({ ...draft, city: event.target.value })}
                  placeholder="City"
                  className={cn(FIELD, 'h-11 pl-9')}
                />
              </div>
              <div className="flex gap-2">
                <Button type="submit" size="lg" className="flex-1 sm:flex-none">
                  Search
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="lg"
                  className="sm:hidden"
                  aria-expanded={showFilters}
                  aria-controls="listing-filters"
                  onClick={() => setShowFilters((value) => !value)}
                  icon={<SlidersHorizontal className="h-4 w-4" aria-hidden />}
                >
                  Filters
                </Button>
              </div>
            </div>
            <div
              id="listing-filters"
              className={cn('grid gap-2 sm:grid-cols-3 lg:grid-cols-6', !showFilters && 'hidden sm:grid')}
            >
              <div>
                <select
                  aria-label="Property type"
                  className={FIELD}
                  value={type ?? ''}
                  onChange={(event) => update({ type: event.target.value })}
                >
                  <option value="">All property types</option>
                  {PUBLIC_PROPERTY_TYPES.map((value) => (
                    <option key={value} value={value}>
                      {PUBLIC_PROPERTY_TYPE_LABELS[value]}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <select
                  aria-label="Bedrooms"
                  className={FIELD}
                  value={params.get('beds') ?? ''}
                  onChange={(event) => update({ beds: event.target.value })}
                >
                  {BEDROOM_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <input
                  aria-label="Minimum rent (₹)"
                  inputMode="numeric"
                  value={draft.min}
                  onChange={(event) => setDraft({ ...draft, min: event.target.value.replace(/[^\d]/g, '') })}
                  onBlur={() => update({ min: draft.min })}
                  placeholder="Min rent ₹"
                  className={FIELD}
                />
              </div>
              <div>
                <input
                  aria-label="Maximum rent (₹)"
                  inputMode="numeric"
                  value={draft.max}
                  onChange={(event) => setDraft({ ...draft, max: event.target.value.replace(/[^\d]/g, '') })}
                  onBlur={() => update({ max: draft.max })}
                  placeholder="Max rent ₹"
                  className={FIELD}
                />
              </div>
              <div>
                <select
                  aria-label="Sort by"
                  className={FIELD}
                  value={sortKey}
                  onChange={(event) =>
                    update({ sort: event.target.value === 'newest' ? null : event.target.value })
                  }
                >
                  {Object.entries(SORTS).map(([key, option]) => (
                    <option key={key} value={key}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
              {hasFilters ? (
                <Button
                  variant="ghost"
                  onClick={() =>
                    update({ q: null, city: null, type: null, beds: null, min: null, max: null })
                  }
                  icon={<X className="h-4 w-4" aria-hidden />}
                >
                  Clear filters
                </Button>
              ) : null}
            </div>
          </form>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8" aria-live="polite">
        <ListView
          list={list}
          errorTitle="Failed to fetch properties"
          errorFallback="Please try again in a moment."
          hasFilters={hasFilters}
          noMatch={
            <EmptyState
              icon={SearchX}
              title="No properties match your search"
              description="Try another city, widen the rent range or clear the filters."
              action={
                <Button
                  variant="outline"
                  onClick={() =>
                    update({ q: null, city: null, type: null, beds: null, min: null, max: null })
                  }
                >
                  Clear filters
                </Button>
              }
            />
          }
          empty={
            <EmptyState
              icon={Building2}
              title="No properties listed yet"
              description="Verified properties with available units appear here. List your own by registering your company."
              action={<ButtonLink to="/auth/register?type=company">Register your company</ButtonLink>}
            />
          }
          onPageChange={(next) => {
            update({ page: next === 1 ? null : String(next) }, true);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
          itemLabel="properties"
          paginationClassName="mt-8"
        >
          {(rows, state) =>
            state.loading ? (
              <ListingSkeleton />
            ) : (
              <>
                <p className="mb-4 text-sm text-slate-600">
                  {totalCount.toLocaleString('en-IN')} {totalCount === 1 ? 'property' : 'properties'} with
                  units available
                </p>
                <ul
                  className={cn(
                    'grid gap-5 sm:grid-cols-2 lg:grid-cols-3',
                    list.isPlaceholderData && 'opacity-60',
                  )}
                  aria-label="Properties"
                >
                  {rows.map((property) => (
                    <li key={property._id}>
                      <PublicPropertyCard property={property} />
                    </li>
                  ))}
                </ul>
              </>
            )
          }
        </ListView>
      </section>
    </div>
  );
}
