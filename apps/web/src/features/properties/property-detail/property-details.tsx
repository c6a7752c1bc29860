import type { PropertyDto } from '@rentora/shared';
import { CalendarDays, ExternalLink, Layers, Mail, Phone } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Card } from '../../../components/card';
import { Skeleton } from '../../../components/skeleton';
import { formatDate } from '../../../lib/format';
import { AmenityList, formatAddress } from '../property-display';

const LocationMap = lazy(() =>
  import('../../property-map/location-map').then((module) => ({ default: module.LocationMap })),
);

export function Stat({
  icon,
  label,
  value,
  hint,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  hint?: string;
}) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm text-slate-500">{label}</p>
        <p className="text-xl font-bold text-slate-900">{value}</p>
        {hint ? <p className="truncate text-xs text-slate-500">{hint}</p> : null}
      </div>
    </Card>
  );
}

function ContactCard({ title, contact }: { title: string; contact: PropertyDto['ownerContact'] }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</p>
      {contact ? (
        <div className="mt-2 space-y-1 text-sm">
          <p className="font-medium text-slate-900">{contact.name}</p>
          {contact.phone ? (
            <a
              href={`tel:${contact.phone}`}
              className="flex items-center gap-1.5 text-slate-600 hover:text-brand-700"
            >
              <Phone className="h-3.5 w-3.5" aria-hidden /> {contact.phone}
            </a>
          ) : null}
          {contact.email ? (
            <a
              href={`mailto:${contact.email}`}
              className="flex items-center gap-1.5 text-slate-600 hover:text-brand-700"
            >
              <Mail className="h-3.5 w-3.5" aria-hidden /> {contact.email}
            </a>
          ) : null}
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-500">Not set</p>
      )}
    </div>
  );
}

export function PropertyDetails({ property }: { property: PropertyDto }) {
  const coordinates = property.address.coordinates;
  return (
    <div className="grid gap-5 lg:grid-cols-3">
      <Card className="space-y-5 p-5 lg:col-span-2">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">About</h2>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-600">
            {property.description || 'No description yet.'}
          </p>
        </div>
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="flex items-center gap-1.5 text-xs text-slate-500">
              <Layers className="h-3.5 w-3.5" aria-hidden /> Floors
            </dt>
            <dd className="text-sm font-medium text-slate-900">{property.totalFloors ?? '—'}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1.5 text-xs text-slate-500">
              <CalendarDays className="h-3.5 w-3.5" aria-hidden /> Year built
            </dt>
            <dd className="text-sm font-medium text-slate-900">{property.yearBuilt ?? '—'}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1.5 text-xs text-slate-500">
              <CalendarDays className="h-3.5 w-3.5" aria-hidden /> Added
            </dt>
            <dd className="text-sm font-medium text-slate-900">{formatDate(property.createdAt)}</dd>
          </div>
        </dl>
        <AmenityList amenities={property.amenities} />
        <div className="grid gap-3 sm:grid-cols-2">
          <ContactCard title="Owner" contact={property.ownerContact} />
          <ContactCard title="Manager" contact={property.managerContact} />
        </div>
      </Card>
      <Card className="space-y-3 p-5">
        <h2 className="text-sm font-semibold text-slate-900">Location</h2>
        <p className="text-sm text-slate-600">{formatAddress(property.address)}</p>
        {coordinates ? (
          <>
            <Suspense fallback={<Skeleton className="h-56 w-full rounded-xl" />}>
              <LocationMap coordinates={coordinates} label={property.name} />
            </Suspense>
            <a
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline"
              href={`https://www.openstreetmap.org/?mlat=${coordinates.latitude}&mlon=${coordinates.longitude}#map=16/${coordinates.latitude}/${coordinates.longitude}`}
              target="_blank"
              rel="noreferrer"
            >
              Open in OpenStreetMap <ExternalLink className="h-3.5 w-3.5" aria-hidden />
            </a>
          </>
        ) : (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-500">
            No map pin yet. Edit the property to drop one, so it shows on the property map.
          </p>
        )}
      </Card>
    </div>
  );
}

export function DetailSkeleton() {
  return (
    <div className="mx-auto max-w-7xl space-y-5" role="status" aria-busy="true" aria-label="Loading property">
      <Skeleton className="h-4 w-24" />
      <Card className="flex flex-col overflow-hidden md:flex-row">
        <Skeleton className="h-48 rounded-none md:h-44 md:w-72" />
        <div className="flex-1 space-y-3 p-6">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-7 w-72" />
          <Skeleton className="h-4 w-96 max-w-full" />
        </div>
      </Card>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={index} className="h-20 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-40 rounded-2xl" />
    </div>
  );
}
