import type { PublicImageDto, PublicPropertyDetailDto } from '@rentora/shared';
import { ArrowLeft, CalendarDays, ExternalLink, Layers, MapPin, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '../../components/button';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { ApiError, apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { ImageGallery } from './image-gallery';
import { amenityText, bedroomsText, PUBLIC_PROPERTY_TYPE_LABELS, rentRangeText } from './listing-labels';
import { usePublicProperty } from './public-listing.api';
import { ContactCard, MobileContactBar } from './public-property-contact';
import { DetailSkeleton } from './public-property-skeleton';
import { UnitCard } from './public-unit-card';

/** /properties/:id: photos, facts, units available now with their monthly total, and how to enquire. */
export function PublicPropertyDetailPage() {
  const { id } = useParams();
  const property = usePublicProperty(id);
  useDocumentTitle(
    property.data?.name ?? 'Property',
    property.data
      ? `${PUBLIC_PROPERTY_TYPE_LABELS[property.data.propertyType]} in ${property.data.address.city} with ${property.data.availableUnits} units available.`
      : undefined,
  );
  const gallery = useMemo(() => galleryOf(property.data), [property.data]);

  if (property.isPending) return <DetailSkeleton />;
  if (property.isError) {
    const missing = property.error instanceof ApiError && property.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        {missing ? (
          <EmptyState
            icon={SearchX}
            title="This property is not available"
            description="It may have been let out, unlisted or removed."
            action={
              <ButtonLink
                to="/properties"
                variant="outline"
                icon={<ArrowLeft className="h-4 w-4" aria-hidden />}
              >
                Back to properties
              </ButtonLink>
            }
          />
        ) : (
          <ErrorState
            title="Failed to fetch property"
            message={apiErrorMessage(property.error, 'Please try again in a moment.')}
            onRetry={() => void property.refetch()}
          />
        )}
      </div>
    );
  }
  const data = property.data;
  const coordinates = data.address.coordinates;
  const rent = rentRangeText(data.rent);
  const beds = bedroomsText(data.bedrooms);
  const address = [
    data.address.line1,
    data.address.line2,
    data.address.landmark,
    data.address.city,
    data.address.state,
    data.address.postalCode,
  ]
    .filter((part) => part.trim() !== '')
    .join(', ');

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-24 sm:px-6 lg:px-8 lg:pb-8">
      <Link
        to="/properties"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> All properties
      </Link>
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-8">
          <ImageGallery images={gallery} title={data.name} />
          <header>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">
              {PUBLIC_PROPERTY_TYPE_LABELS[data.propertyType]}
            </p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{data.name}</h1>
            <p className="mt-2 flex items-start gap-1.5 text-slate-600">
              <MapPin className="mt-1 h-4 w-4 shrink-0" aria-hidden /> {address}
            </p>
            <div className="mt-4 flex flex-wrap gap-2 text-sm">
              <span className="rounded-full bg-emerald-50 px-3 py-1 font-semibold text-emerald-700">
                {data.availableUnits} {data.availableUnits === 1 ? 'unit' : 'units'} available
              </span>
              {rent ? (
                <span className="rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-700">
                  {rent} / month
                </span>
              ) : null}
              {beds ? (
                <span className="rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-700">{beds}</span>
              ) : null}
              {data.totalFloors !== null ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-700">
                  <Layers className="h-3.5 w-3.5" aria-hidden /> {data.totalFloors} floors
                </span>
              ) : null}
              {data.yearBuilt !== null ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-700">
                  <CalendarDays className="h-3.5 w-3.5" aria-hidden /> Built {data.yearBuilt}
                </span>
              ) : null}
            </div>
          </header>
          {data.description ? (
            <section aria-labelledby="about-heading">
              <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
                About
              </h2>
              <p className="mt-2 whitespace-pre-line text-slate-600">{data.description}</p>
            </section>
          ) : null}
          {data.amenities.length > 0 ? (
            <section aria-labelledby="amenities-heading">
              <h2 id="amenities-heading" className="text-lg font-semibold text-slate-900">
                Amenities
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {data.amenities.map((amenity) => (
                  <li
                    key={amenity}
                    className="rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-700"
                  >
                    {amenityText(amenity)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="units-heading">
            <h2 id="units-heading" className="text-lg font-semibold text-slate-900">
              Units available now
            </h2>
            {data.units.length === 0 ? (
              <p className="mt-2 text-slate-500">
                No unit is available right now. Contact the team to hear when one frees up.
              </p>
            ) : (
              <ul className="mt-4 space-y-4" aria-label="Available units">
                {data.units.map((unit) => (
                  <li key={unit._id}>
                    <UnitCard property={data} unit={unit} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <aside className="space-y-4 lg:sticky lg:top-24 lg:self-start">
          <ContactCard property={data} />
          {coordinates ? (
            <a
              href={`https://www.openstreetmap.org/?mlat=${coordinates.latitude}&mlon=${coordinates.longitude}#map=16/${coordinates.latitude}/${coordinates.longitude}`}
              target="_blank"
              rel="noreferrer"
              className="flex items-center justify-between rounded-2xl border border-slate-200 bg-white p-4 text-sm font-medium text-slate-700 shadow-sm hover:border-brand-300"
            >
              <span className="flex items-center gap-2">
                <MapPin className="h-4 w-4 text-brand-600" aria-hidden /> View on the map
              </span>
              <ExternalLink className="h-4 w-4 text-slate-400" aria-hidden />
            </a>
          ) : null}
        </aside>
      </div>
      <MobileContactBar property={data} />
    </div>
  );
}

/** Property photos first, then each unit's images; without any, the gallery shows "No Image Available". */
function galleryOf(property: PublicPropertyDetailDto | undefined): PublicImageDto[] {
  if (!property) return [];
  const seen = new Set<string>();
  const result: PublicImageDto[] = [];
  for (const image of [...property.photos, ...property.units.flatMap((unit) => unit.images)]) {
    if (seen.has(image._id)) continue;
    seen.add(image._id);
    result.push(image);
  }
  if (result.length === 0 && property.coverImage) result.push(property.coverImage);
  return result;
}
