import { type PropertyDto, type RentalUnitDto, UNIT_STATUSES, type UnitStatus } from '@rentora/shared';
import { ChevronDown, DoorOpen, LayoutTemplate, Plus, Search, SearchX } from 'lucide-react';
import { useState } from 'react';
import { ActionMenu } from '../../components/action-menu';
import { buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { Input, Select } from '../../components/field';
import { ListView } from '../../components/list-view';
import { Skeleton } from '../../components/skeleton';
import { cn } from '../../lib/cn';
import { useSearchBox, useUrlFilters } from '../../lib/url-filters';
import { INVENTORY_MESSAGES } from '../properties/messages';
import { usePlanLimit } from '../properties/use-plan-limit';
import { SaveAsTemplateDialog } from '../templates/save-as-template-dialog';
import { useDeleteUnit, usePropertyUnits } from './rental-units.api';
import { UNIT_STATUS_LABELS, UnitFormDialog } from './unit-form-dialog';
import { UnitFromTemplateDialog } from './unit-from-template-dialog';
import { UnitRow } from './unit-row';
import { useUnitPermissions } from './use-unit-permissions';

const UNIT_PAGE_SIZE = 12;
const FILTER_KEYS = ['unitSearch', 'unitStatus'] as const;
const isUnitStatus = (value: string): value is UnitStatus =>
  (UNIT_STATUSES as readonly string[]).includes(value);

/** The units of a property, with add (scratch / template), availability, status, edit and delete. */
export function PropertyUnits({ property }: { property: PropertyDto }) {
  const can = useUnitPermissions();
  const limit = usePlanLimit('rentalUnits', property.occupancy.totalUnits);
  const { values, page, set } = useUrlFilters(FILTER_KEYS);
  const [search, setSearch] = useSearchBox(values.unitSearch, (unitSearch) => set({ unitSearch }));
  const status = isUnitStatus(values.unitStatus) ? values.unitStatus : '';
  const units = usePropertyUnits(property._id, {
    page,
    limit: UNIT_PAGE_SIZE,
    search: values.unitSearch || undefined,
    status: status ? [status] : undefined,
  });
  const [adding, setAdding] = useState<'scratch' | 'template' | null>(null);
  const [editing, setEditing] = useState<RentalUnitDto | null>(null);
  const [deleting, setDeleting] = useState<RentalUnitDto | null>(null);
  const [templating, setTemplating] = useState<RentalUnitDto | null>(null);
  const remove = useDeleteUnit();
  const filtered = Boolean(values.unitSearch || status);

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
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search unit number or description"
              className="pl-9"
            />
          </div>
          <div className="sm:w-52">
            <Select
              aria-label="Status"
              value={status}
              onChange={(event) => set({ unitStatus: event.target.value })}
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

      <ListView
        list={units}
        errorTitle={INVENTORY_MESSAGES.fetchUnits}
        errorFallback="Please try again in a moment."
        hasFilters={filtered}
        noMatch={
          <EmptyState icon={SearchX} title="No units match" description="Try another search or status." />
        }
        empty={
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
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel="units"
        exactCount={units.data?.pagination.totalCountExact}
        paginationClassName="mt-3"
      >
        {(rows, state) =>
          state.loading ? (
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
          ) : (
            <div className={cn('space-y-3 transition-opacity', units.isPlaceholderData && 'opacity-60')}>
              <ul className="space-y-3" aria-label="Units">
                {rows.map((unit) => (
                  <UnitRow
                    key={unit._id}
                    unit={unit}
                    onEdit={() => setEditing(unit)}
                    onDelete={() => setDeleting(unit)}
                    onTemplate={() => setTemplating(unit)}
                  />
                ))}
              </ul>
            </div>
          )
        }
      </ListView>

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
