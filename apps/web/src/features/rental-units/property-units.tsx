import { type PropertyDto, type RentalUnitDto, UNIT_STATUSES, type UnitStatus } from '@rentora/shared';
import { ChevronDown, DoorOpen, LayoutTemplate, Plus, Search, SearchX } from 'lucide-react';
import { useState } from 'react';
import { ActionMenu } from '../../components/action-menu';
import { buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Input, Select } from '../../components/field';
import { Pagination } from '../../components/pagination';
import { Skeleton } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { INVENTORY_MESSAGES } from '../properties/messages';
import { usePlanLimit } from '../properties/use-plan-limit';
import { SaveAsTemplateDialog } from '../templates/save-as-template-dialog';
import { useDeleteUnit, usePropertyUnits } from './rental-units.api';
import { UNIT_STATUS_LABELS, UnitFormDialog } from './unit-form-dialog';
import { UnitFromTemplateDialog } from './unit-from-template-dialog';
import { UnitRow } from './unit-row';
import { useUnitPermissions } from './use-unit-permissions';

const UNIT_PAGE_SIZE = 12;

/** The units of a property, with add (scratch / template), availability, status, edit and delete. */
export function PropertyUnits({ property }: { property: PropertyDto }) {
  const can = useUnitPermissions();
  const limit = usePlanLimit('rentalUnits', property.occupancy.totalUnits);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<UnitStatus | ''>('');
  const [page, setPage] = useState(1);
  const settled = useDebouncedValue(search.trim(), 300);
  const units = usePropertyUnits(property._id, {
    page,
    limit: UNIT_PAGE_SIZE,
    search: settled || undefined,
    status: status ? [status] : undefined,
  });
  const [adding, setAdding] = useState<'scratch' | 'template' | null>(null);
  const [editing, setEditing] = useState<RentalUnitDto | null>(null);
  const [deleting, setDeleting] = useState<RentalUnitDto | null>(null);
  const [templating, setTemplating] = useState<RentalUnitDto | null>(null);
  const remove = useDeleteUnit();
  const filtered = Boolean(settled || status);

  function startAdd(kind: 'scratch' | 'template') {
    if (limit.reached) limit.openUpgrade();
    else setAdding(kind);
  }

  const addButton = can.canCreate ? (
    <ActionMenu
      label="Add unit"
      trigger={
        <span className="inline-flex items-center gap-2" data-testid="add-unit">
          <Plus className="h-4 w-4" aria-hidden /> Add unit <ChevronDown className="h-4 w-4" aria-hidden />
        </span>
      }
      triggerClassName={buttonClasses('primary')}
      menuClassName="w-64"
      items={[
        {
          label: 'From scratch',
          description: 'Fill in every detail',
          icon: <DoorOpen className="h-4 w-4 text-brand-600" aria-hidden />,
          onSelect: () => startAdd('scratch'),
        },
        {
          label: 'From a template',
          description: 'Reuse saved settings',
          icon: <LayoutTemplate className="h-4 w-4 text-brand-600" aria-hidden />,
          onSelect: () => startAdd('template'),
        },
      ]}
    />
  ) : null;

  return (
    <section aria-labelledby="units-heading">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="units-heading" className="text-lg font-semibold text-slate-900">
            Rental units
          </h2>
          <p className="text-sm text-slate-500">
            {property.occupancy.totalUnits} {property.occupancy.totalUnits === 1 ? 'unit' : 'units'} ·{' '}
            {property.occupancy.availableUnits} available now
            {limit.limit !== undefined && limit.limit >= 0
              ? ` · plan allows ${limit.limit} per property`
              : ''}
          </p>
        </div>
        {addButton}
      </div>

      {property.occupancy.totalUnits > 0 || filtered ? (
        <div className="mb-4 flex flex-col gap-2 sm:flex-row">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <Input
              aria-label="Search units"
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
              placeholder="Search unit number or description"
              className="pl-9"
            />
          </div>
          <div className="sm:w-52">
            <Select
              aria-label="Status"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as UnitStatus | '');
                setPage(1);
              }}
            >
              <option value="">All statuses</option>
              {UNIT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {UNIT_STATUS_LABELS[value]}
                </option>
              ))}
            </Select>
          </div>
        </div>
      ) : null}

      {units.isPending ? (
        <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading units">
          {Array.from({ length: 3 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Card key={index} className="flex gap-4 p-4">
              <Skeleton className="h-20 w-28 rounded-lg" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-64" />
                <Skeleton className="h-3 w-24" />
              </div>
            </Card>
          ))}
        </div>
      ) : units.isError ? (
        <ErrorState
          title={INVENTORY_MESSAGES.fetchUnits}
          message={apiErrorMessage(units.error, 'Please try again in a moment.')}
          onRetry={() => void units.refetch()}
        />
      ) : units.data.data.length === 0 ? (
        filtered ? (
          <EmptyState icon={SearchX} title="No units match" description="Try another search or status." />
        ) : (
          <EmptyState
            icon={DoorOpen}
            title="No units yet"
            description={
              can.canCreate
                ? 'Add the flats, rooms or shops of this property. Start from a template to save typing.'
                : 'Units your team adds will show up here.'
            }
            action={addButton}
          />
        )
      ) : (
        <div className={cn('space-y-3 transition-opacity', units.isPlaceholderData && 'opacity-60')}>
          <ul className="space-y-3" aria-label="Units">
            {units.data.data.map((unit) => (
              <UnitRow
                key={unit._id}
                unit={unit}
                onEdit={() => setEditing(unit)}
                onDelete={() => setDeleting(unit)}
                onTemplate={() => setTemplating(unit)}
              />
            ))}
          </ul>
          <Pagination
            pagination={units.data.pagination}
            exactCount={units.data.pagination.totalCountExact}
            onPageChange={setPage}
            itemLabel="units"
          />
        </div>
      )}

      <UnitFormDialog open={adding === 'scratch'} onClose={() => setAdding(null)} propertyId={property._id} />
      <UnitFromTemplateDialog
        open={adding === 'template'}
        onClose={() => setAdding(null)}
        propertyId={property._id}
      />
      {editing ? (
        <UnitFormDialog open onClose={() => setEditing(null)} propertyId={property._id} unit={editing} />
      ) : null}
      <SaveAsTemplateDialog unit={templating} onClose={() => setTemplating(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete unit?"
        description={
          deleting ? (
            <>
              Unit <strong className="text-slate-700">{deleting.unitNumber}</strong>, its images and tenant
              history will be deleted. This cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Delete unit"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSuccess: () => setDeleting(null) });
        }}
      />
    </section>
  );
}
