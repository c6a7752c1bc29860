import { UNIT_TYPE_LABELS } from '@rentora/shared';
import { Building2, Camera, ImageOff } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Select } from '../../components/field';
import { Skeleton, SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { formatMoney } from '../../lib/format';
import { INVENTORY_MESSAGES } from '../properties/messages';
import { useProperties } from '../properties/properties.api';
import { UnitStatusBadge } from '../properties/property-display';
import { usePropertyUnits } from '../rental-units/rental-units.api';
import { isPanorama, TourViewer } from './tour-viewer';

const PROPERTY_ID = 'property';
const UNIT_ID = 'unit';
const PHOTOS = 'photos';

/** /dashboard/virtual-tours: pick a property and a unit, walk through its images (360° for panoramas). */
export function VirtualToursPage() {
  useDocumentTitle('Virtual Tours', 'Image tours of rental units');
  const [params, setParams] = useSearchParams();
  const properties = useProperties({ limit: 100, sortBy: 'name', sortOrder: 'asc' });
  const propertyId = params.get(PROPERTY_ID) ?? properties.data?.data[0]?._id ?? '';
  const property = properties.data?.data.find((item) => item._id === propertyId);
  const units = usePropertyUnits(propertyId || undefined, {
    limit: 100,
    sortBy: 'unitNumber',
    sortOrder: 'asc',
  });
  const unitList = useMemo(() => units.data?.data ?? [], [units.data]);
  const requestedUnit = params.get(UNIT_ID);
  const firstWithImages = unitList.find((unit) => unit.images.length > 0);
  const selection =
    requestedUnit ??
    (property && property.photos.length > 0 ? PHOTOS : (firstWithImages?._id ?? unitList[0]?._id ?? null));
  const unit = unitList.find((item) => item._id === selection);
  const images = selection === PHOTOS ? (property?.photos ?? []) : (unit?.images ?? []);
  const tourTitle =
    selection === PHOTOS ? `${property?.name ?? 'Property'} photos` : unit ? `Unit ${unit.unitNumber}` : '';

  useEffect(() => {
    if (
      params.get(UNIT_ID) &&
      units.data &&
      !unitList.some((item) => item._id === params.get(UNIT_ID)) &&
      params.get(UNIT_ID) !== PHOTOS
    ) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(UNIT_ID);
          return next;
        },
        { replace: true },
      );
    }
  }, [params, units.data, unitList, setParams]);

  function choose(next: { property?: string; unit?: string | null }) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.property !== undefined) {
          updated.set(PROPERTY_ID, next.property);
          updated.delete(UNIT_ID);
        }
        if (next.unit) updated.set(UNIT_ID, next.unit);
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Virtual tours"
        description="Walk through each unit from its photos. Wide panoramas open as a 360° view."
      />
      {properties.isPending ? (
        <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
          <SkeletonList rows={4} />
          <Skeleton className="aspect-video w-full rounded-2xl" />
        </div>
      ) : properties.isError ? (
        <ErrorState
          title={INVENTORY_MESSAGES.fetchProperties}
          message={apiErrorMessage(properties.error, 'Please try again in a moment.')}
          onRetry={() => void properties.refetch()}
        />
      ) : properties.data.data.length === 0 ? (
        <EmptyState
          icon={Building2}
          title="No properties yet"
          description="Add a property and upload photos of its units to create tours."
          action={<ButtonLink to="/dashboard/properties">Go to properties</ButtonLink>}
        />
      ) : (
        <div className="grid gap-5 lg:grid-cols-[20rem_1fr]">
          <Card className="h-fit p-3">
            <label className="block" htmlFor="tour-property">
              <span className="mb-1.5 block text-sm font-medium text-slate-700">Property</span>
              <Select
                id="tour-property"
                value={propertyId}
                onChange={(event) => choose({ property: event.target.value })}
              >
                {properties.data.data.map((item) => (
                  <option key={item._id} value={item._id}>
                    {item.name}
                  </option>
                ))}
              </Select>
            </label>
            <p className="mb-2 mt-4 text-xs font-semibold uppercase tracking-wide text-slate-500">Tours</p>
            {units.isPending ? (
              <SkeletonList rows={3} />
            ) : units.isError ? (
              <p className="text-sm text-red-600">
                {apiErrorMessage(units.error, INVENTORY_MESSAGES.fetchUnits)}
              </p>
            ) : (
              <ul className="max-h-[60vh] space-y-1 overflow-y-auto" aria-label="Tours">
                {property && property.photos.length > 0 ? (
                  <TourOption
                    selected={selection === PHOTOS}
                    onSelect={() => choose({ unit: PHOTOS })}
                    title="Property photos"
                    subtitle={property.name}
                    count={property.photos.length}
                    thumbnail={property.photos[0]?.thumbnailUrl}
                  />
                ) : null}
                {unitList.length === 0 ? (
                  <li className="px-2 py-3 text-sm text-slate-500">No units in this property.</li>
                ) : null}
                {unitList.map((item) => (
                  <TourOption
                    key={item._id}
                    selected={selection === item._id}
                    onSelect={() => choose({ unit: item._id })}
                    title={`Unit ${item.unitNumber}`}
                    subtitle={`${UNIT_TYPE_LABELS[item.unitType]} · ${formatMoney(item.derived.monthlyTotal)}`}
                    count={item.images.length}
                    panoramas={item.images.filter(isPanorama).length}
                    thumbnail={item.derived.primaryImage?.thumbnailUrl}
                  />
                ))}
              </ul>
            )}
          </Card>
          <div>
            {units.isPending ? (
              <Skeleton className="aspect-video w-full rounded-2xl" />
            ) : images.length === 0 ? (
              <EmptyState
                icon={ImageOff}
                title={unit ? `Unit ${unit.unitNumber} has no images yet` : 'Choose a unit'}
                description="Upload photos on the unit's Images tab to build its tour."
                action={
                  unit ? (
                    <ButtonLink
                      to={`/dashboard/properties/${unit.propertyId}/units/${unit._id}?tab=images`}
                      variant="outline"
                    >
                      Add images
                    </ButtonLink>
                  ) : null
                }
              />
            ) : (
              <div className="space-y-3">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-lg font-semibold text-slate-900">{tourTitle}</h2>
                  {unit ? <UnitStatusBadge status={unit.derived.displayStatus} /> : null}
                </div>
                <TourViewer key={`${propertyId}-${selection}`} images={images} title={tourTitle} />
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function TourOption({
  selected,
  onSelect,
  title,
  subtitle,
  count,
  panoramas = 0,
  thumbnail,
}: {
  selected: boolean;
  onSelect: () => void;
  title: string;
  subtitle: string;
  count: number;
  panoramas?: number;
  thumbnail?: string;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        className={cn(
          'flex w-full items-center gap-3 rounded-xl p-2 text-left transition',
          selected ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-50',
        )}
      >
        <span className="flex h-10 w-14 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100 text-slate-400">
          {thumbnail ? (
            <img src={thumbnail} alt="" loading="lazy" className="h-full w-full object-cover" />
          ) : (
            <Camera className="h-4 w-4" aria-hidden />
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-slate-900">{title}</span>
          <span className="block truncate text-xs text-slate-500">{subtitle}</span>
        </span>
        <span className={cn('shrink-0 text-xs', count ? 'text-slate-600' : 'text-slate-400')}>
          {count} {count === 1 ? 'photo' : 'photos'}
          {panoramas ? ` · ${panoramas} 360°` : ''}
        </span>
      </button>
    </li>
  );
}
