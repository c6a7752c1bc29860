import { type RentalUnitDto, UNIT_STATUSES, UNIT_TYPE_LABELS, type UnitStatus } from '@rentora/shared';
import { ArrowLeft, Camera, LayoutTemplate, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ActionMenu } from '../../components/action-menu';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState } from '../../components/empty-state';
import { Select } from '../../components/field';
import { ImageWithFallback, NoImage } from '../../components/image';
import { Skeleton } from '../../components/skeleton';
import { Switch } from '../../components/switch';
import { Tabs } from '../../components/tabs';
import { ApiError, apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney } from '../../lib/format';
import { UnitMeters } from '../meters/unit-meters';
import { AmenityList, UnitStatusBadge, VerificationBadge } from '../properties/property-display';
import { VerificationAction } from '../properties/verification-dialog';
import { SaveAsTemplateDialog } from '../templates/save-as-template-dialog';
import {
  useDeleteUnit,
  useRentalUnit,
  useSetAvailability,
  useSetUnitStatus,
  useSetUnitVerification,
} from './rental-units.api';
import { UnitAnalytics } from './unit-analytics';
import { GST_USE_LABELS, UNIT_STATUS_LABELS, UnitFormDialog } from './unit-form-dialog';
import { UnitImages } from './unit-images';
import { FURNISHING_LABELS } from './unit-settings-fields';
import { UnitTenants } from './unit-tenants';
import { useUnitPermissions } from './use-unit-permissions';

type Section = 'overview' | 'images' | 'tenants' | 'meters' | 'analytics';
const SECTIONS: readonly Section[] = ['overview', 'images', 'tenants', 'meters', 'analytics'];

/** /dashboard/properties/:id/units/:unitId: one unit with its images, tenants and analytics. */
export function UnitDetailPage() {
  const { id: propertyId, unitId } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as Section | null;
  const section: Section = requested && SECTIONS.includes(requested) ? requested : 'overview';
  const unit = useRentalUnit(unitId);
  const can = useUnitPermissions();
  const availability = useSetAvailability();
  const setStatus = useSetUnitStatus();
  const remove = useDeleteUnit();
  const verify = useSetUnitVerification();
  const [editing, setEditing] = useState(false);
  const [templating, setTemplating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  useDocumentTitle(unit.data ? `Unit ${unit.data.unitNumber} · ${unit.data.property.name}` : 'Rental Unit');
  const propertyUrl = `/dashboard/properties/${propertyId ?? ''}`;

  if (unit.isPending) {
    return (
      <div className="mx-auto max-w-6xl space-y-4" role="status" aria-busy="true" aria-label="Loading unit">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-10 w-80" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }
  if (unit.isError || (unit.data && propertyId && unit.data.propertyId !== propertyId)) {
    const missing = !unit.isError || (unit.error instanceof ApiError && unit.error.status === 404);
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <ErrorState
          title={missing ? 'Unit not found' : 'Failed to fetch units'}
          message={missing ? 'It may have been deleted.' : apiErrorMessage(unit.error, 'Please try again.')}
          onRetry={missing ? undefined : () => void unit.refetch()}
        />
        <div className="text-center">
          <ButtonLink to={propertyUrl} variant="outline" icon={<ArrowLeft className="h-4 w-4" aria-hidden />}>
            Back to property
          </ButtonLink>
        </div>
      </div>
    );
  }
  const data = unit.data;
  const image = data.derived.primaryImage;

  return (
    <div className="mx-auto max-w-6xl">
      <Link
        to={propertyUrl}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> {data.property.name}
      </Link>
      <Card className="overflow-hidden">
        <div className="flex flex-col sm:flex-row">
          <div className="h-44 shrink-0 bg-slate-100 sm:h-auto sm:w-56">
            {image ? (
              <ImageWithFallback
                src={image.url}
                alt={`Unit ${data.unitNumber}`}
                className="h-full w-full object-cover"
              />
            ) : (
              <NoImage className="h-full min-h-44 w-full" />
            )}
          </div>
          <div className="flex-1 space-y-4 p-5">
            <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
              <div>
                <div className="flex flex-wrap items-center gap-2">
                  <UnitStatusBadge status={data.derived.displayStatus} />
                  <VerificationBadge status={data.verificationStatus} />
                </div>
                <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">
                  Unit {data.unitNumber}
                </h1>
                <p className="text-sm text-slate-500">
                  {UNIT_TYPE_LABELS[data.unitType]} · {data.property.name}, {data.property.city}
                  {data.floor !== null ? ` · floor ${data.floor}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {can.isSuperAdmin ? (
                  <VerificationAction
                    subject={`Unit ${data.unitNumber} · ${data.property.name}`}
                    current={data.verificationStatus}
                    submitting={verify.isPending}
                    onSubmit={(body, close) => verify.mutate({ id: data._id, body }, { onSuccess: close })}
                  />
                ) : null}
                {can.canEdit ? (
                  <Button
                    variant="outline"
                    onClick={() => setEditing(true)}
                    icon={<Pencil className="h-4 w-4" aria-hidden />}
                  >
                    Edit
                  </Button>
                ) : null}
                <ActionMenu
                  label={`More actions for unit ${data.unitNumber}`}
                  items={[
                    {
                      label: 'Virtual tour',
                      icon: <Camera className="h-4 w-4" aria-hidden />,
                      to: `/dashboard/virtual-tours?property=${data.propertyId}&unit=${data._id}`,
                    },
                    {
                      label: 'Save as template',
                      icon: <LayoutTemplate className="h-4 w-4" aria-hidden />,
                      onSelect: () => setTemplating(true),
                      hidden: !can.canSaveTemplate,
                    },
                    {
                      label: 'Delete unit',
                      icon: <Trash2 className="h-4 w-4" aria-hidden />,
                      onSelect: () => setDeleting(true),
                      tone: 'danger',
                      hidden: !can.canRemove,
                    },
                  ]}
                />
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-x-6 gap-y-3 border-t border-slate-100 pt-4">
              <div>
                <p className="text-xs text-slate-500">Monthly total</p>
                <p className="text-lg font-bold text-slate-900">
                  {formatMoney(data.derived.monthlyTotal, data.pricing.currency)}
                </p>
              </div>
              <Switch
                checked={data.availability.isAvailable}
                onChange={(isAvailable) => availability.mutate({ id: data._id, isAvailable })}
                label="Open for booking"
                text={data.availability.isAvailable ? 'Open for booking' : 'Closed for booking'}
                disabled={!can.canEdit}
                busy={availability.isPending}
              />
              {can.canEdit ? (
                <label className="flex items-center gap-2 text-sm text-slate-600" htmlFor="unit-status">
                  Status
                  <Select
                    id="unit-status"
                    value={data.status}
                    disabled={setStatus.isPending}
                    onChange={(event) =>
                      setStatus.mutate({ id: data._id, status: event.target.value as UnitStatus })
                    }
                    className="h-9 w-44"
                  >
                    {UNIT_STATUSES.map((value) => (
                      <option key={value} value={value}>
                        {UNIT_STATUS_LABELS[value]}
                      </option>
                    ))}
                  </Select>
                </label>
              ) : null}
            </div>
            {data.verificationStatus === 'rejected' && data.verificationNotes ? (
              <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                Verification rejected: {data.verificationNotes}
              </p>
            ) : null}
          </div>
        </div>
      </Card>

      <Tabs
        className="mt-6 mb-5"
        label="Unit sections"
        value={section}
        idPrefix="unit"
        onChange={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              if (next === 'overview') updated.delete('tab');
              else updated.set('tab', next);
              return updated;
            },
            { replace: true },
          )
        }
        tabs={[
          { id: 'overview', label: 'Overview' },
          { id: 'images', label: 'Images', count: data.images.length },
          { id: 'tenants', label: 'Tenants', count: data.currentTenants },
          { id: 'meters', label: 'Meters' },
          { id: 'analytics', label: 'Analytics' },
        ]}
      />
      <div role="tabpanel" id={`unit-panel-${section}`} aria-labelledby={`unit-tab-${section}`}>
        {section === 'overview' ? <UnitOverview unit={data} /> : null}
        {section === 'images' ? <UnitImages unit={data} canEdit={can.canEdit} /> : null}
        {section === 'tenants' ? (
          <UnitTenants unit={data} canAssign={can.canAssign} canMoveOut={can.canMoveOut} />
        ) : null}
        {section === 'meters' ? <UnitMeters unit={data} canEdit={can.canEdit} /> : null}
        {section === 'analytics' ? <UnitAnalytics unitId={data._id} /> : null}
      </div>

      {editing ? (
        <UnitFormDialog open onClose={() => setEditing(false)} propertyId={data.propertyId} unit={data} />
      ) : null}
      <SaveAsTemplateDialog unit={templating ? data : null} onClose={() => setTemplating(false)} />
      <ConfirmDialog
        open={deleting}
        title="Delete unit?"
        description={`Unit ${data.unitNumber}, its images and tenant history will be deleted. This cannot be undone.`}
        confirmLabel="Delete unit"
        loading={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(data, {
            onSuccess: () => navigate(propertyUrl, { replace: true }),
            onSettled: () => setDeleting(false),
          })
        }
      />
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function UnitOverview({ unit }: { unit: RentalUnitDto }) {
  const { pricing, availability } = unit;
  return (
    <div className="grid gap-5 lg:grid-cols-3">
      <Card className="space-y-4 p-5 lg:col-span-2">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Description</h2>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-600">
            {unit.description || 'No description yet.'}
          </p>
        </div>
        <dl className="grid gap-x-8 divide-y divide-slate-100 sm:grid-cols-2 sm:divide-y-0">
          <Row label="Type">{UNIT_TYPE_LABELS[unit.unitType]}</Row>
          <Row label="Furnishing">{FURNISHING_LABELS[unit.furnishing]}</Row>
          <Row label="Bedrooms">{unit.bedrooms}</Row>
          <Row label="Bathrooms">{unit.bathrooms}</Row>
          <Row label="Size">{unit.sizeSqft ? `${unit.sizeSqft.toLocaleString('en-IN')} sq ft` : '—'}</Row>
          <Row label="Floor">{unit.floor ?? '—'}</Row>
          <Row label="GST use">
            <span data-testid="unit-gst-use">
              {GST_USE_LABELS[unit.gstUse]}
              {unit.gstUseOverride ? '' : ' (from the unit type)'}
            </span>
          </Row>
        </dl>
        <AmenityList amenities={unit.amenities} />
      </Card>
      <div className="space-y-5">
        <Card className="p-5">
          <h2 className="text-sm font-semibold text-slate-900">Pricing</h2>
          <dl className="mt-2 divide-y divide-slate-100">
            <Row label="Rent">{formatMoney(pricing.rent, pricing.currency)}</Row>
            <Row label="Maintenance">
              {pricing.maintenanceCharges.included
                ? 'Included'
                : formatMoney(pricing.maintenanceCharges.amount, pricing.currency)}
            </Row>
            <Row label="Monthly total">{formatMoney(unit.derived.monthlyTotal, pricing.currency)}</Row>
            <Row label="Security deposit">{formatMoney(pricing.securityDeposit, pricing.currency)}</Row>
          </dl>
        </Card>
        <Card className="p-5">
          <h2 className="text-sm font-semibold text-slate-900">Availability</h2>
          <dl className="mt-2 divide-y divide-slate-100">
            <Row label="Status">{unit.derived.displayStatus}</Row>
            <Row label="Available from">
              {availability.availableFrom
                ? formatDate(availability.availableFrom)
                : unit.derived.available
                  ? 'Now'
                  : '—'}
            </Row>
            <Row label="Minimum lease">
              {availability.minLeaseMonths ? `${availability.minLeaseMonths} months` : '—'}
            </Row>
            <Row label="Current tenants">{unit.currentTenants}</Row>
          </dl>
        </Card>
      </div>
    </div>
  );
}
