import type { PropertyDto } from '@rentora/shared';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { ImageWithFallback, NoImage } from '../../../components/image';
import { Skeleton } from '../../../components/skeleton';
import {
  coverPhoto,
  formatAddress,
  formatRentRange,
  OccupancyBar,
  propertyTypeLabel,
  VerificationBadge,
} from '../property-display';

export function PropertyCard({ property }: { property: PropertyDto }) {
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

export function CardsSkeleton() {
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
