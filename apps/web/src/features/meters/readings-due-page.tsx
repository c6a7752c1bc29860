import { formatReading, METER_UNITS, type MeterDueDto } from '@rentora/shared';
import { CheckCircle2, Gauge } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { SkeletonList } from '../../components/skeleton';
import { useReadingsDue } from './meters.api';
import { ReadingDialog } from './reading-dialog';
import { meterTitle } from './unit-meters';

/**
 * /dashboard/properties/readings-due: the field staff's round on the phone — every meter without a reading this
 * month, by property and unit, each one tap from entering its reading with a photo.
 */
export function ReadingsDuePage() {
  const [page, setPage] = useState(1);
  const due = useReadingsDue(page);
  const [reading, setReading] = useState<MeterDueDto | null>(null);

  let body: ReactNode;
  if (due.isPending) body = <SkeletonList rows={5} />;
  else if (due.isError) body = <ErrorState title="Could not load the meters" onRetry={() => due.refetch()} />;
  else if (due.data.data.length === 0)
    body = (
      <EmptyState icon={CheckCircle2} title="All read" description="Every meter has a reading this month." />
    );
  else
    body = (
      <>
        <ul className="space-y-3" aria-label="Meters due for a reading">
          {due.data.data.map((m) => (
            <li key={m.meterId}>
              <Card className="flex items-center gap-3 p-4">
                <div className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Gauge className="h-5 w-5" aria-hidden />
                </div>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words text-slate-900">
                    <Link
                      to={`/dashboard/properties/${m.propertyId}/units/${m.rentalUnitId}?tab=meters`}
                      className="hover:underline"
                    >
                      {m.propertyName} · {m.unitNumber}
                    </Link>
                  </p>
                  <p className="text-sm break-words text-slate-500">
                    {meterTitle(m)}
                    {m.lastReading !== null
                      ? ` · last ${formatReading(m.lastReading)} ${METER_UNITS[m.type]} on ${m.lastReadAt}`
                      : ' · never read'}
                  </p>
                </div>
                <Button size="lg" className="shrink-0" onClick={() => setReading(m)}>
                  Read
                </Button>
              </Card>
            </li>
          ))}
        </ul>
        <Pagination
          className="mt-4"
          pagination={due.data.pagination}
          onPageChange={setPage}
          itemLabel="meters"
        />
      </>
    );

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Readings due" description="Meters without a reading this month." />
      {body}
      <ReadingDialog
        key={reading?.meterId ?? 'none'}
        meter={
          reading
            ? {
                id: reading.meterId,
                type: reading.type,
                title: meterTitle(reading),
                lastReading: reading.lastReading,
              }
            : null
        }
        onClose={() => setReading(null)}
      />
    </div>
  );
}
