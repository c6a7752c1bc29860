import {
  type PropertyQueueItemDto,
  UNIT_TYPE_LABELS,
  VERIFICATION_STATUSES,
  type VerificationStatus,
} from '@rentora/shared';
import { BadgeCheck, Building2, CheckCircle2, DoorOpen, ShieldQuestion, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { ImageWithFallback, NoImage } from '../../components/image';
import { ListView } from '../../components/list-view';
import { SkeletonList } from '../../components/skeleton';
import { Tabs } from '../../components/tabs';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { formatMoney, timeAgo } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-filters';
import { usePermissions } from '../auth/use-permissions';
import {
  type RentalUnitQueueItem,
  useSetUnitVerification,
  useUnitVerificationQueue,
} from '../rental-units/rental-units.api';
import { AccessDenied } from '../shell/access-denied';
import { INVENTORY_MESSAGES } from './messages';
import { usePropertyVerificationQueue, useSetPropertyVerification } from './properties.api';
import {
  coverPhoto,
  formatAddress,
  propertyTypeLabel,
  VERIFICATION_LABELS,
  VerificationBadge,
} from './property-display';
import { PropertiesSectionNav } from './section-nav';
import { VerificationDialog } from './verification-dialog';

type Kind = 'properties' | 'units';
const PAGE_SIZE = 10;
const FILTER_KEYS = ['kind', 'status'] as const;
const isVerificationStatus = (value: string): value is VerificationStatus =>
  (VERIFICATION_STATUSES as readonly string[]).includes(value);

interface Target {
  kind: Kind;
  id: string;
  subject: string;
  current: VerificationStatus;
  initial: VerificationStatus;
}

/** /dashboard/properties/verification (super admin): verify or reject properties and units, with a reason. */
export function VerificationPage() {
  useDocumentTitle('Verification', 'Verify properties and rental units');
  const { isSuperAdmin } = usePermissions();
  const { values, page, set } = useUrlFilters(FILTER_KEYS);
  const kind: Kind = values.kind === 'units' ? 'units' : 'properties';
  const status: VerificationStatus = isVerificationStatus(values.status) ? values.status : 'pending';
  const [target, setTarget] = useState<Target | null>(null);
  const query = { status, page, limit: PAGE_SIZE };
  const properties = usePropertyVerificationQueue(query, isSuperAdmin && kind === 'properties');
  const units = useUnitVerificationQueue(query, isSuperAdmin && kind === 'units');
  const setPropertyStatus = useSetPropertyVerification();
  const setUnitStatus = useSetUnitVerification();
  if (!isSuperAdmin) return <AccessDenied message="You do not have access to Properties." />;

  const active = kind === 'properties' ? properties : units;
  const submitting = setPropertyStatus.isPending || setUnitStatus.isPending;

  function quickVerify(next: Target) {
    const mutation = next.kind === 'properties' ? setPropertyStatus : setUnitStatus;
    mutation.mutate({ id: next.id, body: { status: 'verified' } });
  }

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Verification"
        description="Verified, listed properties of verified companies appear on the public listing with their available units."
      />
      <PropertiesSectionNav />
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Tabs
          variant="pills"
          label="What to verify"
          value={kind}
          onChange={(next) => set({ kind: next === 'properties' ? null : next })}
          tabs={[
            { id: 'properties', label: 'Properties', icon: <Building2 className="h-4 w-4" aria-hidden /> },
            { id: 'units', label: 'Rental units', icon: <DoorOpen className="h-4 w-4" aria-hidden /> },
          ]}
        />
        <Tabs
          variant="pills"
          label="Verification status"
          value={status}
          onChange={(next) => set({ status: next === 'pending' ? null : next })}
          tabs={VERIFICATION_STATUSES.map((value) => ({
            id: value,
            label: value === 'pending' ? 'Pending' : VERIFICATION_LABELS[value],
          }))}
        />
      </div>

      <ListView<unknown>
        list={active}
        errorTitle={
          kind === 'properties' ? INVENTORY_MESSAGES.fetchProperties : INVENTORY_MESSAGES.fetchUnits
        }
        errorFallback="Please try again in a moment."
        empty={
          <EmptyState
            icon={status === 'pending' ? BadgeCheck : ShieldQuestion}
            title={
              status === 'pending'
                ? 'Nothing waiting for verification'
                : `No ${VERIFICATION_LABELS[status].toLowerCase()} ${kind === 'units' ? 'units' : 'properties'}`
            }
            description={status === 'pending' ? 'New properties and units show up here.' : undefined}
          />
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel={kind === 'units' ? 'units' : 'properties'}
        paginationClassName="mt-3"
      >
        {(_rows, state) =>
          state.loading ? (
            <SkeletonList rows={4} />
          ) : (
            <div className={cn('space-y-3 transition-opacity', active.isPlaceholderData && 'opacity-60')}>
              <ul
                className="space-y-3"
                aria-label={kind === 'properties' ? 'Properties to verify' : 'Units to verify'}
              >
                {kind === 'properties' && properties.data
                  ? properties.data.data.map((property) => (
                      <PropertyItem
                        key={property._id}
                        property={property}
                        busy={submitting}
                        onVerify={() =>
                          quickVerify({
                            kind,
                            id: property._id,
                            subject: property.name,
                            current: property.verificationStatus,
                            initial: 'verified',
                          })
                        }
                        onOpen={(initial) =>
                          setTarget({
                            kind,
                            id: property._id,
                            subject: property.name,
                            current: property.verificationStatus,
                            initial,
                          })
                        }
                      />
                    ))
                  : null}
                {kind === 'units' && units.data
                  ? units.data.data.map((unit) => (
                      <UnitItem
                        key={unit._id}
                        unit={unit}
                        busy={submitting}
                        onVerify={() =>
                          quickVerify({
                            kind,
                            id: unit._id,
                            subject: `Unit ${unit.unitNumber} · ${unit.property.name}`,
                            current: unit.verificationStatus,
                            initial: 'verified',
                          })
                        }
                        onOpen={(initial) =>
                          setTarget({
                            kind,
                            id: unit._id,
                            subject: `Unit ${unit.unitNumber} · ${unit.property.name}`,
                            current: unit.verificationStatus,
                            initial,
                          })
                        }
                      />
                    ))
                  : null}
              </ul>
            </div>
          )
        }
      </ListView>

      <VerificationDialog
        open={target !== null}
        subject={target?.subject ?? ''}
        current={target?.current ?? 'pending'}
        initialStatus={target?.initial}
        submitting={submitting}
        onClose={() => setTarget(null)}
        onSubmit={(body) => {
          if (!target) return;
          const mutation = target.kind === 'properties' ? setPropertyStatus : setUnitStatus;
          mutation.mutate({ id: target.id, body }, { onSuccess: () => setTarget(null) });
        }}
      />
    </div>
  );
}

function Actions({
  status,
  busy,
  onVerify,
  onOpen,
  name,
}: {
  status: VerificationStatus;
  busy: boolean;
  onVerify: () => void;
  onOpen: (initial: VerificationStatus) => void;
  name: string;
}) {
  return (
    <div className="flex flex-wrap gap-2 sm:justify-end">
      {status !== 'verified' ? (
        <Button
          size="sm"
          onClick={onVerify}
          disabled={busy}
          icon={<CheckCircle2 className="h-4 w-4" aria-hidden />}
          aria-label={`Verify ${name}`}
        >
          Verify
        </Button>
      ) : null}
      {status !== 'rejected' ? (
        <Button
          size="sm"
          variant="outline"
          className="text-red-600 hover:bg-red-50"
          onClick={() => onOpen('rejected')}
          disabled={busy}
          icon={<XCircle className="h-4 w-4" aria-hidden />}
          aria-label={`Reject ${name}`}
        >
          Reject
        </Button>
      ) : null}
      {status !== 'pending' ? (
        <Button size="sm" variant="ghost" onClick={() => onOpen('pending')} disabled={busy}>
          Back to pending
        </Button>
      ) : null}
    </div>
  );
}

function CompanyLine({ company }: { company: { name: string; isVerified: boolean } }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      {company.name}
      {company.isVerified ? (
        <Badge tone="success">Verified company</Badge>
      ) : (
        <Badge tone="warning" className="whitespace-nowrap">
          Company not verified
        </Badge>
      )}
    </span>
  );
}

function PropertyItem({
  property,
  busy,
  onVerify,
  onOpen,
}: {
  property: PropertyQueueItemDto;
  busy: boolean;
  onVerify: () => void;
  onOpen: (initial: VerificationStatus) => void;
}) {
  const photo = coverPhoto(property.photos);
  return (
    <li>
      <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center" data-testid="verification-item">
        <div className="h-20 w-full shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:w-28">
          {photo ? (
            <ImageWithFallback src={photo.thumbnailUrl} alt="" className="h-full w-full object-cover" />
          ) : (
            <NoImage className="h-full w-full" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold text-slate-900">{property.name}</p>
            <VerificationBadge status={property.verificationStatus} />
            {!property.isListed ? <Badge>Not listed</Badge> : null}
          </div>
          <p className="text-sm text-slate-500">
            {propertyTypeLabel(property.propertyType)} · {formatAddress(property.address)}
          </p>
          <p className="flex flex-wrap items-center gap-x-3 text-xs text-slate-500">
            <CompanyLine company={property.company} />
            <span>
              {property.occupancy.totalUnits} units · added {timeAgo(property.createdAt)}
            </span>
          </p>
          {property.verificationNotes ? (
            <p className="text-xs text-slate-600">Note: {property.verificationNotes}</p>
          ) : null}
        </div>
        <Actions
          status={property.verificationStatus}
          busy={busy}
          onVerify={onVerify}
          onOpen={onOpen}
          name={property.name}
        />
      </Card>
    </li>
  );
}

function UnitItem({
  unit,
  busy,
  onVerify,
  onOpen,
}: {
  unit: RentalUnitQueueItem;
  busy: boolean;
  onVerify: () => void;
  onOpen: (initial: VerificationStatus) => void;
}) {
  const image = unit.derived.primaryImage;
  return (
    <li>
      <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center" data-testid="verification-item">
        <div className="h-20 w-full shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:w-28">
          {image ? (
            <ImageWithFallback src={image.thumbnailUrl} alt="" className="h-full w-full object-cover" />
          ) : (
            <NoImage className="h-full w-full" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold text-slate-900">
              Unit {unit.unitNumber} · {unit.property.name}
            </p>
            <VerificationBadge status={unit.verificationStatus} />
          </div>
          <p className="text-sm text-slate-500">
            {UNIT_TYPE_LABELS[unit.unitType]} · {unit.bedrooms} bed · {formatMoney(unit.derived.monthlyTotal)}
            /month · {unit.images.length} {unit.images.length === 1 ? 'image' : 'images'} ·{' '}
            {unit.property.city}
          </p>
          <p className="flex flex-wrap items-center gap-x-3 text-xs text-slate-500">
            <CompanyLine company={unit.company} />
            <span>added {timeAgo(unit.createdAt)}</span>
          </p>
          {unit.verificationNotes ? (
            <p className="text-xs text-slate-600">Note: {unit.verificationNotes}</p>
          ) : null}
        </div>
        <Actions
          status={unit.verificationStatus}
          busy={busy}
          onVerify={onVerify}
          onOpen={onOpen}
          name={`unit ${unit.unitNumber}`}
        />
      </Card>
    </li>
  );
}
