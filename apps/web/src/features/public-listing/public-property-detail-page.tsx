import type { PublicImageDto, PublicPropertyDetailDto, PublicUnitDto } from '@rentora/shared';
import {
  ArrowLeft,
  Bath,
  BedDouble,
  Building2,
  CalendarDays,
  ExternalLink,
  Layers,
  Mail,
  MapPin,
  MessageSquare,
  Phone,
  Ruler,
  SearchX,
  Sofa,
} from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '../../components/button';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { ImageWithFallback, NoImage } from '../../components/image';
import { Skeleton } from '../../components/skeleton';
import { ApiError, apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney } from '../../lib/format';
import { useAuth } from '../auth/auth-provider';
import { BookNowButton } from '../bookings/book-now-button';
import { ImageGallery } from './image-gallery';
import {
  amenityText,
  bedroomsText,
  PUBLIC_FURNISHING_LABELS,
  PUBLIC_PROPERTY_TYPE_LABELS,
  PUBLIC_UNIT_TYPE_LABELS,
  rentRangeText,
} from './listing-labels';
import { usePublicProperty } from './public-listing.api';

function enquiryHref(property: PublicPropertyDetailDto, unit?: PublicUnitDto): string | null {
  const subject = unit ? `Enquiry: Unit ${unit.unitNumber} at ${property.name}` : `Enquiry: ${property.name}`;
  if (property.contact.email) {
    const body = `Hello ${property.contact.name},\n\nI found ${unit ? `unit ${unit.unitNumber} at ` : ''}${property.name} on Rentora and would like to know more${unit ? ' and arrange a visit' : ''}.\n\n${window.location.href}`;
    return `mailto:${property.contact.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  }
  return property.contact.phone ? `tel:${property.contact.phone}` : null;
}

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

/** On small screens the contact card sits below the units: keep the call to action in reach. */
function MobileContactBar({ property }: { property: PublicPropertyDetailDto }) {
  const enquiry = enquiryHref(property);
  if (!enquiry) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur lg:hidden">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{property.company.name}</p>
          <p className="truncate text-xs text-slate-500">
            {property.availableUnits} {property.availableUnits === 1 ? 'unit' : 'units'} available
          </p>
        </div>
        <a
          href={enquiry}
          className="inline-flex h-10 shrink-0 items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          <MessageSquare className="h-4 w-4" aria-hidden /> Contact
        </a>
      </div>
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

function ContactCard({ property }: { property: PublicPropertyDetailDto }) {
  const { isAuthenticated } = useAuth();
  const enquiry = enquiryHref(property);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="contact-card">
      <p className="text-sm text-slate-500">Listed by</p>
      <p className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Building2 className="h-5 w-5 text-brand-600" aria-hidden /> {property.company.name}
      </p>
      <div className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm">
        <p className="font-medium text-slate-900">{property.contact.name}</p>
        {property.contact.phone ? (
          <a
            href={`tel:${property.contact.phone}`}
            className="flex items-center gap-2 text-slate-600 hover:text-brand-700"
          >
            <Phone className="h-4 w-4" aria-hidden /> {property.contact.phone}
          </a>
        ) : null}
        {property.contact.email ? (
          <a
            href={`mailto:${property.contact.email}`}
            className="flex items-center gap-2 break-all text-slate-600 hover:text-brand-700"
          >
            <Mail className="h-4 w-4 shrink-0" aria-hidden /> {property.contact.email}
          </a>
        ) : null}
      </div>
      {enquiry ? (
        <a
          href={enquiry}
          className="mt-5 inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          <MessageSquare className="h-4 w-4" aria-hidden /> Contact the property team
        </a>
      ) : null}
      {!isAuthenticated ? (
        <p className="mt-3 text-center text-xs text-slate-500">
          <Link to="/auth/register" className="font-medium text-brand-600 hover:underline">
            Create a free account
          </Link>{' '}
          to book units online.
        </p>
      ) : null}
    </div>
  );
}

function UnitCard({ property, unit }: { property: PublicPropertyDetailDto; unit: PublicUnitDto }) {
  const image = unit.derived.primaryImage;
  const { pricing } = unit;
  const enquiry = enquiryHref(property, unit);
  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:flex-row"
      data-testid="public-unit-card"
    >
      <div className="aspect-[4/3] shrink-0 bg-slate-100 sm:aspect-auto sm:w-56">
        {image ? (
          <ImageWithFallback
            src={image.thumbnailUrl || image.url}
            alt={`Unit ${unit.unitNumber}`}
            className="h-full w-full object-cover"
          />
        ) : (
          <NoImage className="h-full min-h-40 w-full" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <div>
            <h3 className="text-base font-semibold text-slate-900">
              {PUBLIC_UNIT_TYPE_LABELS[unit.unitType]} · Unit {unit.unitNumber}
            </h3>
            <p className="text-xs font-medium text-emerald-700">
              {unit.derived.displayStatus}
              {unit.availability.availableFrom
                ? ` from ${formatDate(unit.availability.availableFrom)}`
                : ' now'}
              {unit.availability.minLeaseMonths ? ` · min. ${unit.availability.minLeaseMonths} months` : ''}
            </p>
          </div>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            <li className="inline-flex items-center gap-1">
              <BedDouble className="h-4 w-4" aria-hidden /> {unit.bedrooms} bed
            </li>
            <li className="inline-flex items-center gap-1">
              <Bath className="h-4 w-4" aria-hidden /> {unit.bathrooms} bath
            </li>
            {unit.sizeSqft ? (
              <li className="inline-flex items-center gap-1">
                <Ruler className="h-4 w-4" aria-hidden /> {unit.sizeSqft.toLocaleString('en-IN')} sq ft
              </li>
            ) : null}
            <li className="inline-flex items-center gap-1">
              <Sofa className="h-4 w-4" aria-hidden /> {PUBLIC_FURNISHING_LABELS[unit.furnishing]}
            </li>
            {unit.floor !== null ? <li>Floor {unit.floor}</li> : null}
          </ul>
          {unit.amenities.length > 0 ? (
            <p className="text-xs text-slate-500">{unit.amenities.map(amenityText).join(' · ')}</p>
          ) : null}
        </div>
        <div className="shrink-0 space-y-2 sm:w-48 sm:text-right">
          <p>
            <span className="block text-xl font-bold text-slate-900" data-testid="unit-monthly-total">
              {formatMoney(unit.derived.monthlyTotal, pricing.currency)}
            </span>
            <span className="text-xs text-slate-500">per month</span>
          </p>
          <dl className="space-y-0.5 text-xs text-slate-500">
            <div className="flex justify-between gap-2 sm:justify-end">
              <dt>Rent</dt>
              <dd>{formatMoney(pricing.rent, pricing.currency)}</dd>
            </div>
            <div className="flex justify-between gap-2 sm:justify-end">
              <dt>Maintenance</dt>
              <dd>
                {pricing.maintenanceCharges.included
                  ? 'included'
                  : formatMoney(pricing.maintenanceCharges.amount, pricing.currency)}
              </dd>
            </div>
            <div className="flex justify-between gap-2 sm:justify-end">
              <dt>Deposit</dt>
              <dd>{formatMoney(pricing.securityDeposit, pricing.currency)}</dd>
            </div>
          </dl>
          <BookNowButton unit={unit} propertyName={property.name} />
          {enquiry ? (
            <a
              href={enquiry}
              aria-label={`Enquire about unit ${unit.unitNumber}`}
              className={cn(
                'inline-flex h-9 w-full items-center justify-center whitespace-nowrap rounded-lg border border-brand-600 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50',
              )}
            >
              Enquire
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
}

function DetailSkeleton() {
  return (
    <div
      className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8"
      role="status"
      aria-busy="true"
      aria-label="Loading property"
    >
      <Skeleton className="mb-4 h-4 w-28" />
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          <Skeleton className="aspect-[16/9] w-full rounded-2xl" />
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-32 w-full rounded-2xl" />
        </div>
        <Skeleton className="h-56 rounded-2xl" />
      </div>
    </div>
  );
}
