import { type RentalUnitDto, UNIT_STATUSES, UNIT_TYPE_LABELS, type UnitStatus } from '@rentora/shared';
import { Bath, BedDouble, Camera, Eye, LayoutTemplate, Pencil, Ruler, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { ActionMenu } from '../../components/action-menu';
import { Card } from '../../components/card';
import { Select } from '../../components/field';
import { ImageWithFallback, NoImage } from '../../components/image';
import { Switch } from '../../components/switch';
import { formatMoney } from '../../lib/format';
import { UnitStatusBadge, VerificationBadge } from '../properties/property-display';
import { useSetAvailability, useSetUnitStatus } from './rental-units.api';
import { UNIT_STATUS_LABELS } from './unit-form-dialog';
import { useUnitPermissions } from './use-unit-permissions';

export function UnitRow({
  unit,
  onEdit,
  onDelete,
  onTemplate,
}: {
  unit: RentalUnitDto;
  onEdit: () => void;
  onDelete: () => void;
  onTemplate: () => void;
}) {
  const can = useUnitPermissions();
  const availability = useSetAvailability();
  const setStatus = useSetUnitStatus();
  const image = unit.derived.primaryImage;
  const detailUrl = `/dashboard/properties/${unit.propertyId}/units/${unit._id}`;
  const maintenance = unit.pricing.maintenanceCharges;
  return (
    <li>
      <Card
        className="flex flex-col gap-4 p-4 md:flex-row md:items-center"
        data-testid="unit-row"
        data-unit={unit.unitNumber}
      >
        <div className="flex min-w-0 flex-1 gap-4">
          <Link
            to={detailUrl}
            className="relative block h-20 w-24 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:h-24 sm:w-32"
          >
            {image ? (
              <ImageWithFallback
                src={image.thumbnailUrl}
                alt={`Unit ${unit.unitNumber}`}
                className="h-full w-full object-cover"
              />
            ) : (
              <NoImage className="h-full w-full" />
            )}
            {unit.images.length > 0 ? (
              <span className="absolute bottom-1 right-1 inline-flex items-center gap-1 rounded bg-slate-900/70 px-1.5 py-0.5 text-[10px] font-semibold text-white">
                <Camera className="h-3 w-3" aria-hidden /> {unit.images.length}
              </span>
            ) : null}
          </Link>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <Link to={detailUrl} className="text-base font-semibold text-slate-900 hover:text-brand-700">
                Unit {unit.unitNumber}
              </Link>
              <UnitStatusBadge status={unit.derived.displayStatus} />
              {unit.verificationStatus !== 'verified' ? (
                <VerificationBadge status={unit.verificationStatus} />
              ) : null}
            </div>
            <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-500">
              <span>{UNIT_TYPE_LABELS[unit.unitType]}</span>
              {unit.floor !== null ? <span>Floor {unit.floor}</span> : null}
              <span className="inline-flex items-center gap-1">
                <BedDouble className="h-3.5 w-3.5" aria-hidden /> {unit.bedrooms}
              </span>
              <span className="inline-flex items-center gap-1">
                <Bath className="h-3.5 w-3.5" aria-hidden /> {unit.bathrooms}
              </span>
              {unit.sizeSqft ? (
                <span className="inline-flex items-center gap-1">
                  <Ruler className="h-3.5 w-3.5" aria-hidden /> {unit.sizeSqft.toLocaleString('en-IN')} sq ft
                </span>
              ) : null}
              {unit.currentTenants > 0 ? (
                <span>
                  {unit.currentTenants} {unit.currentTenants === 1 ? 'tenant' : 'tenants'}
                </span>
              ) : null}
            </p>
            <p className="mt-1 text-sm">
              <span className="font-semibold text-slate-900">
                {formatMoney(unit.derived.monthlyTotal, unit.pricing.currency)}
              </span>
              <span className="text-slate-500">
                /month · rent {formatMoney(unit.pricing.rent, unit.pricing.currency)}
                {maintenance.included
                  ? ', maintenance included'
                  : maintenance.amount > 0
                    ? ` + ${formatMoney(maintenance.amount, unit.pricing.currency)} maintenance`
                    : ''}
              </span>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3 md:justify-end">
          <Switch
            checked={unit.availability.isAvailable}
            onChange={(isAvailable) => availability.mutate({ id: unit._id, isAvailable })}
            label={`Unit ${unit.unitNumber} open for booking`}
            text={unit.availability.isAvailable ? 'Bookable' : 'Closed'}
            disabled={!can.canEdit}
            busy={availability.isPending}
          />
          {can.canEdit ? (
            <div>
              <Select
                aria-label="Status of unit {unit.unitNumber}"
                value={unit.status}
                disabled={setStatus.isPending}
                onChange={(event) =>
                  setStatus.mutate({ id: unit._id, status: event.target.value as UnitStatus })
                }
                className="h-9 w-44"
              >
                {UNIT_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {UNIT_STATUS_LABELS[value]}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
          <ActionMenu
            label={`Actions for unit ${unit.unitNumber}`}
            items={[
              { label: 'Manage unit', icon: <Eye className="h-4 w-4" aria-hidden />, to: detailUrl },
              {
                label: 'Edit',
                icon: <Pencil className="h-4 w-4" aria-hidden />,
                onSelect: onEdit,
                hidden: !can.canEdit,
              },
              {
                label: 'Save as template',
                icon: <LayoutTemplate className="h-4 w-4" aria-hidden />,
                onSelect: onTemplate,
                hidden: !can.canSaveTemplate,
              },
              {
                label: 'Delete',
                icon: <Trash2 className="h-4 w-4" aria-hidden />,
                onSelect: onDelete,
                tone: 'danger',
                hidden: !can.canRemove,
              },
            ]}
          />
        </div>
      </Card>
    </li>
  );
}
