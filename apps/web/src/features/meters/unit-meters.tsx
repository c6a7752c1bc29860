import {
  formatReading,
  METER_TYPE_LABELS,
  METER_UNITS,
  type MeterDto,
  type RentalUnitDto,
} from '@rentora/shared';
import { Gauge, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '../../components/badge';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { SkeletonList } from '../../components/skeleton';
import { formatMoneyExact } from '../../lib/format';
import { MeterDialog } from './meter-dialog';
import { useMeterReadings, useRemoveMeter, useUnitMeters } from './meters.api';
import { ReadingDialog } from './reading-dialog';

const rupees = (paise: number) => formatMoneyExact(paise);

export const meterTitle = (meter: Pick<MeterDto, 'type' | 'label'>) =>
  meter.label ? `${METER_TYPE_LABELS[meter.type]} (${meter.label})` : METER_TYPE_LABELS[meter.type];

function tariffText(meter: MeterDto): string {
  const unit = METER_UNITS[meter.type];
  const { perUnit, slabs, fixedCharge } = meter.tariff;
  const usage =
    perUnit !== null
      ? `${rupees(perUnit)}/${unit}`
      : (slabs ?? [])
          .map((s, i, all) =>
            s.upTo === null
              ? `above ${all[i - 1]?.upTo ?? 0} ${rupees(s.perUnit)}`
              : `to ${s.upTo} ${rupees(s.perUnit)}`,
          )
          .join(', ');
  return fixedCharge > 0 ? `${usage} + ${rupees(fixedCharge)} fixed` : usage;
}

function Readings({ meter }: { meter: MeterDto }) {
  const [page, setPage] = useState(1);
  const readings = useMeterReadings(meter._id, page);
  if (readings.isPending) return <SkeletonList rows={2} />;
  if (readings.isError)
    return <ErrorState title="Could not load the readings" onRetry={() => readings.refetch()} />;
  const rows = readings.data.data;
  if (rows.length === 0) return <p className="text-sm text-slate-500">No readings yet.</p>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-100" aria-label={`Readings of ${meterTitle(meter)}`}>
        {rows.map((r) => (
          <li key={r._id} className="flex items-center gap-3 py-2">
            {r.thumbnailUrl ? (
              <a href={r.photoUrl ?? r.thumbnailUrl} target="_blank" rel="noreferrer">
                <img
                  src={r.thumbnailUrl}
                  alt={`Meter read on ${r.readAt}`}
                  className="h-12 w-12 rounded-lg border border-slate-200 object-cover"
                />
              </a>
            ) : (
              <div className="flex h-12 w-12 items-center justify-center rounded-lg bg-slate-50 text-slate-400">
                <Gauge className="h-5 w-5" aria-hidden />
              </div>
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">
                {formatReading(r.reading)} {METER_UNITS[meter.type]}
              </p>
              <p className="text-xs text-slate-500">{r.readAt}</p>
            </div>
            {r.meterReplaced ? <Badge tone="warning">New meter</Badge> : null}
            {r.billed ? <Badge tone="success">Billed</Badge> : <Badge tone="neutral">Not billed</Badge>}
          </li>
        ))}
      </ul>
      <Pagination pagination={readings.data.pagination} onPageChange={setPage} itemLabel="readings" />
    </div>
  );
}

/** The unit page's meters: each with its tariff, shares and readings (photos), adding meters and readings. */
export function UnitMeters({ unit, canEdit }: { unit: RentalUnitDto; canEdit: boolean }) {
  const meters = useUnitMeters(unit._id);
  const remove = useRemoveMeter();
  const [adding, setAdding] = useState(false);
  const [reading, setReading] = useState<MeterDto | null>(null);
  const [removing, setRemoving] = useState<MeterDto | null>(null);

  const header = (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <h2 className="text-lg font-semibold text-slate-900">Meters</h2>
      <div className="flex gap-2">
        <ButtonLink to="/dashboard/properties/readings-due" variant="outline" size="sm">
          Readings due
        </ButtonLink>
        {canEdit ? (
          <Button size="sm" icon={<Plus className="h-4 w-4" aria-hidden />} onClick={() => setAdding(true)}>
            Add meter
          </Button>
        ) : null}
      </div>
    </div>
  );

  let body: ReactNode;
  if (meters.isPending) body = <SkeletonList rows={3} />;
  else if (meters.isError)
    body = <ErrorState title="Could not load the meters" onRetry={() => meters.refetch()} />;
  else if (meters.data.length === 0)
    body = (
      <EmptyState
        icon={Gauge}
        title="No meters"
        description="Add an electricity, water or gas meter to bill its readings with the rent."
      />
    );
  else
    body = (
      <div className="grid gap-4 lg:grid-cols-2">
        {meters.data.map((meter) => (
          <Card key={meter._id} className="p-4">
            <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
              <div>
                <h3 className="font-semibold text-slate-900">{meterTitle(meter)}</h3>
                <p className="text-sm text-slate-500">{tariffText(meter)}</p>
                {meter.shared ? (
                  <p className="text-xs text-slate-500">
                    Shared: {meter.shared.map((s) => `${s.unitNumber} ${s.sharePercent}%`).join(', ')}
                  </p>
                ) : null}
              </div>
              {canEdit ? (
                <div className="flex gap-2">
                  <Button size="sm" onClick={() => setReading(meter)}>
                    Add reading
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setRemoving(meter)}>
                    Remove
                  </Button>
                </div>
              ) : null}
            </div>
            <Readings meter={meter} />
          </Card>
        ))}
      </div>
    );

  return (
    <section aria-label="Meters">
      {header}
      {body}
      <MeterDialog unit={unit} open={adding} onClose={() => setAdding(false)} />
      <ReadingDialog
        key={reading?._id ?? 'none'}
        meter={
          reading
            ? {
                id: reading._id,
                type: reading.type,
                title: meterTitle(reading),
                lastReading: reading.lastReading?.reading ?? null,
              }
            : null
        }
        onClose={() => setReading(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove meter?"
        description="The meter is no longer listed or billed. Its readings and the invoices already made stay."
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing._id, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
