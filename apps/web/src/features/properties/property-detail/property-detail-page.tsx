import {
  ArrowLeft,
  Building2,
  DoorOpen,
  MapPin,
  Pencil,
  Percent,
  ShieldCheck,
  Trash2,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge } from '../../../components/badge';
import { Button, ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/empty-state';
import { ImageWithFallback } from '../../../components/image';
import { Tabs } from '../../../components/tabs';
import { ApiError, apiErrorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePermissions } from '../../auth/use-permissions';
import { PropertyUnits } from '../../rental-units/property-units';
import { INVENTORY_MESSAGES } from '../messages';
import { useDeleteProperty, useProperty, useSetPropertyVerification } from '../properties.api';
import {
  coverPhoto,
  formatAddress,
  formatRentRange,
  OccupancyBar,
  propertyTypeLabel,
  VerificationBadge,
} from '../property-display';
import { VerificationAction } from '../verification-dialog';
import { DetailSkeleton, PropertyDetails, Stat } from './property-details';
import { PropertyPhotos } from './property-photos';
import { VerificationNotice } from './verification-notice';

type Section = 'units' | 'photos' | 'details';

/** /dashboard/properties/:id: the property, its occupancy and verification, and its units. */
export function PropertyDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const property = useProperty(id);
  const permissions = usePermissions();
  const remove = useDeleteProperty();
  const verify = useSetPropertyVerification();
  const [section, setSection] = useState<Section>('units');
  const [confirmDelete, setConfirmDelete] = useState(false);
  useDocumentTitle(
    property.data?.name ?? 'Property',
    property.data ? formatAddress(property.data.address) : undefined,
  );

  if (property.isPending) return <DetailSkeleton />;
  if (property.isError) {
    const missing = property.error instanceof ApiError && property.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl">
        <ErrorState
          title={missing ? 'Property not found' : INVENTORY_MESSAGES.fetchProperty}
          message={
            missing
              ? 'It may have been deleted, or it belongs to another company.'
              : apiErrorMessage(property.error, 'Please try again in a moment.')
          }
          onRetry={missing ? undefined : () => void property.refetch()}
        />
        <div className="mt-4 text-center">
          <ButtonLink
            to="/dashboard/properties"
            variant="outline"
            icon={<ArrowLeft className="h-4 w-4" aria-hidden />}
          >
            Back to properties
          </ButtonLink>
        </div>
      </div>
    );
  }

  const data = property.data;
  const canEdit = permissions.canUseAny(['properties_write', 'properties_update']);
  const canRemove = permissions.canDelete('properties');
  const photo = coverPhoto(data.photos);

  return (
    <div className="mx-auto max-w-7xl">
      <Link
        to="/dashboard/properties"
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Properties
      </Link>

      <Card className="overflow-hidden">
        <div className="flex flex-col md:flex-row">
          <div className="relative h-48 shrink-0 bg-gradient-to-br from-brand-500 to-brand-700 md:h-auto md:w-72">
            {photo ? (
              <ImageWithFallback
                src={photo.url}
                alt={photo.caption ?? data.name}
                className="h-full w-full object-cover"
              />
            ) : (
              <div className="flex h-full w-full items-center justify-center text-white/80">
                <Building2 className="h-16 w-16" aria-hidden />
              </div>
            )}
          </div>
          <div className="flex-1 p-5 sm:p-6">
            <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone="brand">{propertyTypeLabel(data.propertyType)}</Badge>
                  <VerificationBadge status={data.verificationStatus} />
                  {data.isListed ? (
                    <Badge tone="neutral">Listed publicly</Badge>
                  ) : (
                    <Badge tone="neutral">Not listed</Badge>
                  )}
                </div>
                <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">{data.name}</h1>
                <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-500">
                  <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                  {formatAddress(data.address)}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                {permissions.isSuperAdmin ? (
                  <VerificationAction
                    subject={data.name}
                    current={data.verificationStatus}
                    submitting={verify.isPending}
                    onSubmit={(body, close) => verify.mutate({ id: data._id, body }, { onSuccess: close })}
                  />
                ) : null}
                {canEdit ? (
                  <ButtonLink
                    to={`/dashboard/properties/${data._id}/edit`}
                    variant="outline"
                    icon={<Pencil className="h-4 w-4" aria-hidden />}
                  >
                    Edit
                  </ButtonLink>
                ) : null}
                {canRemove ? (
                  <Button
                    variant="outline"
                    className="text-red-600 hover:bg-red-50"
                    onClick={() => setConfirmDelete(true)}
                    icon={<Trash2 className="h-4 w-4" aria-hidden />}
                  >
                    Delete
                  </Button>
                ) : null}
              </div>
            </div>
            <VerificationNotice property={data} />
          </div>
        </div>
      </Card>

      <div className="mt-5 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat
          icon={<DoorOpen className="h-5 w-5" aria-hidden />}
          label="Units"
          value={data.occupancy.totalUnits}
        />
        <Stat
          icon={<Users className="h-5 w-5" aria-hidden />}
          label="Occupied"
          value={data.occupancy.occupiedUnits}
          hint={`${data.occupancy.vacantUnits} vacant`}
        />
        <Stat
          icon={<ShieldCheck className="h-5 w-5" aria-hidden />}
          label="Available now"
          value={data.occupancy.availableUnits}
          hint={formatRentRange(data.rentRange) ?? 'No unit available'}
        />
        <Card className="p-4">
          <div className="flex items-center gap-3">
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
              <Percent className="h-5 w-5" aria-hidden />
            </span>
            <div>
              <p className="text-sm text-slate-500">Occupancy</p>
              <p className="text-xl font-bold text-slate-900">{data.occupancy.occupancyRate}%</p>
            </div>
          </div>
          <OccupancyBar occupancy={data.occupancy} className="mt-3" />
        </Card>
      </div>

      <Tabs
        className="mt-8 mb-5"
        label="Property sections"
        value={section}
        onChange={setSection}
        idPrefix="property"
        tabs={[
          { id: 'units', label: 'Units', count: data.occupancy.totalUnits },
          { id: 'photos', label: 'Photos', count: data.photos.length },
          { id: 'details', label: 'Details' },
        ]}
      />
      <div role="tabpanel" id={`property-panel-${section}`} aria-labelledby={`property-tab-${section}`}>
        {section === 'units' ? <PropertyUnits property={data} /> : null}
        {section === 'photos' ? <PropertyPhotos property={data} canEdit={canEdit} /> : null}
        {section === 'details' ? <PropertyDetails property={data} /> : null}
      </div>

      <ConfirmDialog
        open={confirmDelete}
        title="Delete property?"
        description={
          <>
            <strong className="text-slate-700">{data.name}</strong> and its {data.occupancy.totalUnits}{' '}
            {data.occupancy.totalUnits === 1 ? 'unit' : 'units'}, images and tenant history will be deleted.
            This cannot be undone.
          </>
        }
        confirmLabel="Delete property"
        loading={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(data, {
            onSuccess: () => navigate('/dashboard/properties', { replace: true }),
            onSettled: () => setConfirmDelete(false),
          })
        }
      />
    </div>
  );
}
