import { TDS_STATUS_LABELS, type TdsDto } from '@rentora/shared';
import { Receipt } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Select } from '../../components/field';
import { Pagination } from '../../components/pagination';
import { Skeleton } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePermissions } from '../auth/use-permissions';
import {
  downloadTdsCertificate,
  RENT_TAX_MESSAGES,
  recentFinancialYears,
  useTdsList,
  useUploadTdsCertificate,
} from './rent-tax.api';

/** One deduction: tenant, invoice, section and rate, amount, and its certificate (upload or download). */
function TdsRow({ row, canUpload }: { row: TdsDto; canUpload: boolean }) {
  const upload = useUploadTdsCertificate();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const pending = row.status === 'certificate_pending';
  return (
    <li className="flex flex-col gap-2 p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium text-slate-900">
          {row.tenantName || 'Tenant'}{' '}
          <span className="font-normal text-slate-500">
            · {[row.propertyName, row.unitNumber && `Unit ${row.unitNumber}`].filter(Boolean).join(', ')}
          </span>
        </p>
        <p className="text-xs text-slate-500">
          {row.invoiceNumber ?? 'Invoice'} · {formatDate(row.deductedAt)} · u/s {row.section} at {row.rate}%
          on {formatMoney(row.paymentAmount + row.amount)}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className="font-semibold tabular-nums">{formatMoney(row.amount)}</span>
        <Badge tone={pending ? 'warning' : 'success'}>{TDS_STATUS_LABELS[row.status]}</Badge>
        {pending && canUpload ? (
          <>
            <label htmlFor={inputId} className="sr-only">
              Certificate PDF for {row.tenantName} ({row.invoiceNumber})
            </label>
            <input
              id={inputId}
              ref={input}
              type="file"
              accept="application/pdf"
              className="hidden"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) {
                  upload.mutate(
                    { id: row._id, file },
                    { onError: (error) => toast.apiError(error, RENT_TAX_MESSAGES.uploadCertificate) },
                  );
                }
              }}
            />
            <Button
              size="sm"
              variant="outline"
              loading={upload.isPending}
              onClick={() => input.current?.click()}
            >
              Upload certificate
            </Button>
          </>
        ) : null}
        {!pending ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() =>
              void downloadTdsCertificate(row).catch((error: unknown) =>
                toast.error(
                  RENT_TAX_MESSAGES.certificate,
                  error instanceof Error ? error.message : undefined,
                ),
              )
            }
          >
            Certificate
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Payments → TDS: what tenants deducted in a financial year, pending certificates first, with their upload. */
export function TdsCard() {
  const years = recentFinancialYears();
  const [fy, setFy] = useState(years[0]!);
  const [page, setPage] = useState(1);
  const list = useTdsList(fy, page);
  const canUpload = usePermissions().canUseFeature('payments_write');
  const headingId = useId();
  const selectId = useId();
  const pendingCount = list.data?.data.filter((r) => r.status === 'certificate_pending').length ?? 0;
  return (
    <Card className="mt-6 overflow-hidden" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-100 p-4">
        <div>
          <h2 id={headingId} className="font-semibold text-slate-900">
            TDS on rent
          </h2>
          <p className="text-sm text-slate-500">
            Tax tenants deducted from rent: it settles their invoices, but is not money received until you
            hold the certificate (Form 16A / 16C).
            {pendingCount > 0 ? ` ${pendingCount} pending on this page.` : ''}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="whitespace-nowrap text-sm text-slate-600">
            Financial year
          </label>
          <Select
            id={selectId}
            value={fy}
            className="w-32"
            onChange={(event) => {
              setFy(event.target.value);
              setPage(1);
            }}
          >
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {list.isPending ? (
        <Skeleton className="m-4 h-24" />
      ) : list.isError ? (
        <ErrorState
          title={RENT_TAX_MESSAGES.fetchTds}
          message={apiErrorMessage(list.error, RENT_TAX_MESSAGES.fetchTds)}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title={`No TDS in ${fy}`}
          description="TDS recorded with a payment (Record payment → The tenant deducted TDS) shows here."
        />
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {list.data.data.map((row) => (
              <TdsRow key={row._id} row={row} canUpload={canUpload} />
            ))}
          </ul>
          <Pagination
            pagination={list.data.pagination}
            onPageChange={setPage}
            itemLabel="deductions"
            className="p-4"
          />
        </>
      )}
    </Card>
  );
}
