import type { PublicPropertySummaryDto } from '@rentora/shared';
import { BedDouble, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { ImageWithFallback, NoImage } from '../../components/image';
import { Skeleton } from '../../components/skeleton';
import { bedroomsText, PUBLIC_PROPERTY_TYPE_LABELS, rentRangeText } from './listing-labels';

export function PublicPropertyCard({ property }: { property: PublicPropertySummaryDto }) {
  const rent = rentRangeText(property.rent);
  const beds = bedroomsText(property.bedrooms);
  return (
    <Link
      to={`/properties/${property._id}`}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:ring-2 focus-visible:ring-brand-500"
      data-testid="public-property-card"
    >
      <div className="relative aspect-[4/3] bg-slate-100">
        {property.coverImage ? (
          <ImageWithFallback
            src={property.coverImage.thumbnailUrl || property.coverImage.url}
            alt={property.coverImage.caption ?? property.name}
            className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.02]"
          />
        ) : (
          <NoImage className="h-full w-full" />
        )}
        <span className="absolute left-3 top-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-slate-700 shadow-sm">
          {PUBLIC_PROPERTY_TYPE_LABELS[property.propertyType]}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h2 className="text-lg font-semibold text-slate-900 group-hover:text-brand-700">{property.name}</h2>
        <p className="mt-0.5 flex items-center gap-1 text-sm text-slate-500">
          <MapPin className="h-3.5 w-3.5 shrink-0" aria-hidden />
          {[
            property.address.landmark || property.address.line2,
            property.address.city,
            property.address.state,
          ]
            .filter(Boolean)
            .join(', ')}
        </p>
        <div className="mt-3 flex flex-wrap gap-2 text-xs">
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-700">
            {property.availableUnits} {property.availableUnits === 1 ? 'unit' : 'units'} available
          </span>
          {beds ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">
              <BedDouble className="h-3 w-3" aria-hidden /> {beds}
            </span>
          ) : null}
        </div>
        <div className="mt-auto flex items-end justify-between pt-4">
          <p className="text-xs text-slate-500">by {property.company.name}</p>
          {rent ? (
            <p className="text-right">
              <span className="block text-base font-bold text-slate-900">{rent}</span>
              <span className="text-xs text-slate-500">rent / month</span>
            </p>
          ) : null}
        </div>
      </div>
    </Link>
  );
}

export function ListingSkeleton() {
  return (
    <div
      className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
      role="status"
      aria-busy="true"
      aria-label="Loading properties"
    >
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
          <Skeleton className="aspect-[4/3] rounded-none" />
          <div className="space-y-2 p-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-4 w-24" />
            <div className="flex justify-between pt-3">
              <Skeleton className="h-3 w-20" />
              <Skeleton className="h-6 w-24" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
