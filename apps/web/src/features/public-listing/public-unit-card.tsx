import type { PublicPropertyDetailDto, PublicUnitDto } from '@rentora/shared';
import { Bath, BedDouble, Ruler, Sofa } from 'lucide-react';
import { ImageWithFallback, NoImage } from '../../components/image';
import { cn } from '../../lib/cn';
import { formatDate, formatMoney } from '../../lib/format';
import { BookNowButton } from '../bookings/book-now-button';
import { FavoriteButton } from '../favorites/favorite-button';
import { amenityText, PUBLIC_FURNISHING_LABELS, PUBLIC_UNIT_TYPE_LABELS } from './listing-labels';
import { enquiryHref } from './public-property-contact';

export function UnitCard({ property, unit }: { property: PublicPropertyDetailDto; unit: PublicUnitDto }) {
  const image = unit.derived.primaryImage;
  const { pricing } = unit;
  const enquiry = enquiryHref(property, unit);
  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:flex-row"
      data-testid="public-unit-card"
    >
      <div className="relative aspect-[4/3] shrink-0 bg-slate-100 sm:aspect-auto sm:w-56">
        {image ? (
          <ImageWithFallback
            src={image.thumbnailUrl || image.url}
            alt={`Unit ${unit.unitNumber}`}
            className="h-full w-full object-cover"
          />
        ) : (
          <NoImage className="h-full min-h-40 w-full" />
        )}
        <FavoriteButton
          rentalUnitId={unit._id}
          label={`unit ${unit.unitNumber} of ${property.name}`}
          className="absolute right-2 top-2"
        />
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
