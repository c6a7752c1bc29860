import type { PropertyDto, VerificationStatus } from '@rentora/shared';
import {
  AlertTriangle,
  ArrowLeft,
  Building2,
  CalendarDays,
  Clock3,
  DoorOpen,
  ExternalLink,
  Layers,
  Mail,
  MapPin,
  Pencil,
  Percent,
  Phone,
  ShieldCheck,
  Trash2,
  Users,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge } from '../../components/badge';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState } from '../../components/empty-state';
import { ImageWithFallback } from '../../components/image';
import { Skeleton } from '../../components/skeleton';
import { Tabs } from '../../components/tabs';
import { ApiError, apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/format';
import { usePermissions } from '../auth/use-permissions';
import { PropertyUnits } from '../rental-units/property-units';
import { ImageManager } from '../rental-units/unit-images';
import { INVENTORY_MESSAGES } from './messages';
import {
  useDeleteProperty,
  useDeletePropertyPhoto,
  useProperty,
  useSetPrimaryPhoto,
  useSetPropertyVerification,
  useUploadPropertyPhotos,
} from './properties.api';
import {
  amenityLabel,
  coverPhoto,
  formatAddress,
  formatRentRange,
  OccupancyBar,
  propertyTypeLabel,
  VerificationBadge,
} from './property-display';
import { VerificationDialog } from './verification-dialog';

const LocationMap = lazy(() =>
  import('../property-map/location-map').then((module) => ({ default: module.LocationMap })),
);

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
  const [verifying, setVerifying] = useState<VerificationStatus | null>(null);
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
                  <Button
                    variant="outline"
                    onClick={() =>
                      setVerifying(data.verificationStatus === 'verified' ? 'rejected' : 'verified')
                    }
                    icon={<ShieldCheck className="h-4 w-4" aria-hidden />}
                  >
                    Verification
                  </Button>
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
      <VerificationDialog
        open={verifying !== null}
        subject={data.name}
        current={data.verificationStatus}
        initialStatus={verifying ?? undefined}
        submitting={verify.isPending}
        onClose={() => setVerifying(null)}
        onSubmit={(body) => verify.mutate({ id: data._id, body }, { onSuccess: () => setVerifying(null) })}
      />
    </div>
  );
}

/** The property's own photos: the first (or the one marked) is its cover on the list and the public listing. */
function PropertyPhotos({ property, canEdit }: { property: PropertyDto; canEdit: boolean }) {
  const upload = useUploadPropertyPhotos(property._id);
  const setPrimary = useSetPrimaryPhoto(property._id);
  const remove = useDeletePropertyPhoto(property._id);
  return (
    <ImageManager
      images={property.photos}
      canEdit={canEdit}
      subject={property.name}
      upload={upload}
      setPrimary={setPrimary}
      remove={remove}
      emptyHint="The cover photo shows on the property list and the public listing; without one, a unit's image is used."
    />
  );
}

function VerificationNotice({ property }: { property: PropertyDto }) {
  if (property.verificationStatus === 'verified') {
    return property.verifiedAt ? (
      <p className="mt-4 text-sm text-emerald-700">Verified on {formatDate(property.verifiedAt)}.</p>
    ) : null;
  }
  if (property.verificationStatus === 'pending') {
    return (
      <div className="mt-4 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
        <Clock3 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <p>
          Waiting for verification by the Rentora team.{' '}
          {property.isListed
            ? 'It appears on the public listing once verified.'
            : 'It is not listed publicly.'}
        </p>
      </div>
    );
  }
  return (
    <div
      className="mt-4 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
      role="status"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold">Verification rejected.</span>{' '}
        {property.verificationNotes ? `Reason: ${property.verificationNotes}. ` : ''}
        Fix the details and save: the property goes back to review.
      </p>
    </div>
  );
}

function Stat({
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

function PropertyDetails({ property }: { property: PropertyDto }) {
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
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Amenities</h2>
          {property.amenities.length ? (
            <ul className="mt-2 flex flex-wrap gap-2">
              {property.amenities.map((amenity) => (
                <li
                  key={amenity}
                  className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700"
                >
                  {amenityLabel(amenity)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-500">None listed.</p>
          )}
        </div>
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

function DetailSkeleton() {
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
