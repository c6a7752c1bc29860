import type { PropertyDto } from '@rentora/shared';
import { Building2, Eye, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { ActionMenu } from '../../../components/action-menu';
import { Card } from '../../../components/card';
import { ImageWithFallback } from '../../../components/image';
import { Skeleton } from '../../../components/skeleton';
import { formatDate } from '../../../lib/format';
import {
  coverPhoto,
  formatAddress,
  formatRentRange,
  OccupancyBar,
  propertyTypeLabel,
  VerificationBadge,
} from '../property-display';

export function PropertyTable({
  properties,
  canEdit,
  canRemove,
  onDelete,
}: {
  properties: readonly PropertyDto[];
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

export function TableSkeleton() {
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
