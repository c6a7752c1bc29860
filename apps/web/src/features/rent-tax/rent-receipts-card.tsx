import { FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorState } from '../../components/empty-state';
import { Select } from '../../components/field';
import { Skeleton } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { formatMoney, formatMonth } from '../../lib/format';
import { toast } from '../../lib/toast';
import {
  downloadRentReceipt,
  RENT_TAX_MESSAGES,
  type ReceiptsScope,
  recentFinancialYears,
  useRentReceipts,
} from './rent-tax.api';

const monthLabel = (month: string) => formatMonth(month);

/**
 * "Rent receipts (HRA)": pick a financial year, see the rent paid month by month, download the annual statement or
 * one month's receipt as PDF. Staff see any tenancy of their company; the tenant sees their own.
 */
export function RentReceiptsCard({ tenantId, scope }: { tenantId: string; scope: ReceiptsScope }) {
  const years = recentFinancialYears();
  const [fy, setFy] = useState(years[0]!);
  const [busy, setBusy] = useState<string | null>(null);
  const receipts = useRentReceipts(scope, tenantId, fy);
  const selectId = useId();
  const headingId = useId();

  async function download(query: { fy?: string; month?: string }) {
    const key = query.month ?? 'year';
    setBusy(key);
    try {
      await downloadRentReceipt(scope, tenantId, query);
    } catch (error) {
      toast.error(RENT_TAX_MESSAGES.receiptPdf, error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(null);
    }
  }

  const paidMonths = receipts.data?.months.filter((m) => m.rentPaid > 0) ?? [];
  return (
    <Card className="space-y-4 p-5" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
            <FileText className="h-4 w-4 text-brand-600" aria-hidden /> Rent receipts (HRA)
          </h2>
          <p className="text-sm text-slate-500">
            Rent paid in the financial year, for a house rent allowance claim.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="whitespace-nowrap text-sm text-slate-600">
            Financial year
          </label>
          <Select id={selectId} value={fy} onChange={(event) => setFy(event.target.value)} className="w-32">
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </Select>
          <Button
            size="sm"
            className="whitespace-nowrap"
            onClick={() => void download({ fy })}
            loading={busy === 'year'}
            disabled={!receipts.data || receipts.data.total === 0}
          >
            Download PDF
          </Button>
        </div>
      </div>
      {receipts.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : receipts.isError ? (
        <ErrorState
          title="Rent receipts are not available"
          message={apiErrorMessage(receipts.error, RENT_TAX_MESSAGES.fetchReceipts)}
          onRetry={() => void receipts.refetch()}
        />
      ) : paidMonths.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-500">No rent was paid in {fy}.</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            <span className="font-semibold text-slate-900">{formatMoney(receipts.data.total)}</span> paid to{' '}
            {receipts.data.landlordName}
            {receipts.data.landlordPan ? ` (PAN ${receipts.data.landlordPan})` : ''}
          </p>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {paidMonths.map((m) => (
              <li key={m.month} className="flex items-center justify-between px-3 py-2 text-sm">
                <span className="text-slate-700">{monthLabel(m.month)}</span>
                <span className="flex items-center gap-3">
                  <span className="font-medium">{formatMoney(m.rentPaid)}</span>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => void download({ month: m.month })}
                    loading={busy === m.month}
                    aria-label={`Download the receipt of ${monthLabel(m.month)}`}
                  >
                    Receipt
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
