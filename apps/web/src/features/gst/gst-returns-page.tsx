import { businessMonth, type Gstr1Dto } from '@rentora/shared';
import { ChevronLeft, ChevronRight, Download, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonLink } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Input } from '../../components/field';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useUrlFilters } from '../../lib/url-filters';
import { usePermissions } from '../auth/use-permissions';
import { monthLabel, PaymentsNav, shiftMonth } from '../invoices/invoice-display';
import { GST_MESSAGES, gstApi, useGstr1, useTaxSettings } from './gst.api';

type B2bRow = Gstr1Dto['b2b'][number];
type B2csRow = Gstr1Dto['b2cs'][number];
type CdnrRow = Gstr1Dto['cdnr'][number];
type ExempRow = Gstr1Dto['exemp'][number];
type HsnRow = Gstr1Dto['hsn'][number];

const money = (paise: number) => formatMoney(paise, 'INR');
const right = 'text-right tabular-nums';

/** The tax columns every taxed section shares. */
function taxColumns<
  T extends { rate: number; taxableValue: number; igst: number; cgst: number; sgst: number },
>(): DataTableColumn<T>[] {
  return [
    { id: 'rate', header: 'Rate', className: right, cell: (r) => `${r.rate}%` },
    { id: 'taxable', header: 'Taxable value', className: right, cell: (r) => money(r.taxableValue) },
    { id: 'igst', header: 'IGST', className: right, cell: (r) => money(r.igst) },
    { id: 'cgst', header: 'CGST', className: right, cell: (r) => money(r.cgst) },
    { id: 'sgst', header: 'SGST', className: right, cell: (r) => money(r.sgst) },
  ];
}

/** A document column: its number over its date. */
function documentColumn<T>(
  header: string,
  number: (row: T) => string,
  date: (row: T) => string,
): DataTableColumn<T> {
  return {
    id: 'document',
    header,
    cell: (r) => (
      <span>
        <span className="block font-medium text-slate-900">{number(r)}</span>
        <span className="block text-xs text-slate-500">{formatDate(date(r))}</span>
      </span>
    ),
  };
}

/** The registered recipient: name over GSTIN. */
function recipientColumn<T extends { recipientName: string; recipientGstin: string }>(): DataTableColumn<T> {
  return {
    id: 'recipient',
    header: 'Recipient',
    cell: (r) => (
      <span>
        <span className="block text-slate-900">{r.recipientName}</span>
        <span className="block font-mono text-xs text-slate-500">{r.recipientGstin}</span>
      </span>
    ),
  };
}

const B2B: DataTableColumn<B2bRow>[] = [
  documentColumn<B2bRow>(
    'Invoice',
    (r) => r.invoiceNumber,
    (r) => r.invoiceDate,
  ),
  recipientColumn<B2bRow>(),
  { id: 'pos', header: 'Place of supply', cell: (r) => r.placeOfSupply },
  { id: 'rc', header: 'Reverse charge', cell: (r) => (r.reverseCharge ? 'Y' : 'N') },
  { id: 'value', header: 'Invoice value', className: right, cell: (r) => money(r.invoiceValue) },
  ...taxColumns<B2bRow>(),
];

const B2CS: DataTableColumn<B2csRow>[] = [
  { id: 'pos', header: 'Place of supply', cell: (r) => r.placeOfSupply },
  { id: 'type', header: 'Type', cell: (r) => r.type },
  ...taxColumns<B2csRow>(),
];

const CDNR: DataTableColumn<CdnrRow>[] = [
  documentColumn<CdnrRow>(
    'Credit note',
    (r) => r.noteNumber,
    (r) => r.noteDate,
  ),
  recipientColumn<CdnrRow>(),
  { id: 'pos', header: 'Place of supply', cell: (r) => r.placeOfSupply },
  { id: 'value', header: 'Note value', className: right, cell: (r) => money(r.noteValue) },
  ...taxColumns<CdnrRow>(),
];

const EXEMP: DataTableColumn<ExempRow>[] = [
  { id: 'description', header: 'Description', cell: (r) => r.description },
  { id: 'nil', header: 'Nil rated', className: right, cell: (r) => money(r.nilRated) },
  { id: 'exempted', header: 'Exempted', className: right, cell: (r) => money(r.exempted) },
  { id: 'nonGst', header: 'Non-GST', className: right, cell: (r) => money(r.nonGst) },
];

const HSN: DataTableColumn<HsnRow>[] = [
  {
    id: 'hsn',
    header: 'SAC',
    cell: (r) => (
      <span>
        <span className="block font-mono text-slate-900">{r.hsn}</span>
        <span className="block max-w-xs text-xs text-slate-500">{r.description}</span>
      </span>
    ),
  },
  { id: 'uqc', header: 'UQC', cell: (r) => r.uqc },
  { id: 'qty', header: 'Quantity', className: right, cell: (r) => r.totalQuantity },
  { id: 'value', header: 'Total value', className: right, cell: (r) => money(r.totalValue) },
  ...taxColumns<HsnRow>(),
];

function Section<T>({
  title,
  description,
  columns,
  rows,
  rowKey,
}: {
  title: string;
  description: string;
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
}) {
  return (
    <section aria-label={title} className="space-y-2">
      <div>
        <h2 className="text-base font-semibold text-slate-900">
          {title} <span className="text-sm font-normal text-slate-500">({rows.length})</span>
        </h2>
        <p className="text-xs text-slate-500">{description}</p>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-200 px-4 py-3 text-sm text-slate-500">
          Nothing to report in this section.
        </p>
      ) : (
        <DataTable
          caption={title}
          columns={columns}
          rows={rows}
          rowKey={(row) => rowKey(row, rows.indexOf(row))}
        />
      )}
    </section>
  );
}

function Totals({ report }: { report: Gstr1Dto }) {
  const t = report.totals;
  const items: [string, string][] = [
    ['Invoices', String(t.invoices)],
    ['Credit notes', String(t.creditNotes)],
    ['Taxable value', money(t.taxableValue)],
    ['IGST', money(t.igst)],
    ['CGST', money(t.cgst)],
    ['SGST', money(t.sgst)],
    ['Total value', money(t.value)],
  ];
  return (
    <Card className="p-5" data-testid="gstr1-totals">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-7">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="mt-1 text-sm font-semibold tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

const FILTER_KEYS = ['period'] as const;

/** /dashboard/payments/gst-returns: the month's GSTR-1 by section, with CSV and JSON downloads. */
export function GstReturnsPage() {
  useDocumentTitle('GST returns', 'GSTR-1 of a month');
  const { values, set } = useUrlFilters(FILTER_KEYS);
  const period = /^\d{4}-\d{2}$/.test(values.period) ? values.period : businessMonth();
  const settings = useTaxSettings();
  const registered = Boolean(settings.data?.gstin);
  const report = useGstr1(period, registered);
  const canEditTaxSettings = usePermissions().canUseFeature('company_update');
  const [downloading, setDownloading] = useState<'csv' | 'json' | null>(null);

  async function download(format: 'csv' | 'json') {
    setDownloading(format);
    try {
      await gstApi.downloadGstr1(period, format);
    } catch (error) {
      toast.error(GST_MESSAGES.downloadGstr1, error instanceof Error ? error.message : undefined);
    } finally {
      setDownloading(null);
    }
  }

  const data = report.data;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="GST returns"
        description={
          data
            ? `GSTR-1 for ${monthLabel(period)} · FY ${data.financialYear}${data.gstin ? ` · GSTIN ${data.gstin}` : ''}`
            : `GSTR-1 for ${monthLabel(period)}`
        }
        actions={
          registered ? (
            <>
              <Button
                variant="outline"
                onClick={() => void download('csv')}
                loading={downloading === 'csv'}
                icon={<Download className="h-4 w-4" aria-hidden />}
                data-testid="gstr1-csv"
              >
                Download CSV
              </Button>
              <Button
                variant="outline"
                onClick={() => void download('json')}
                loading={downloading === 'json'}
                icon={<Download className="h-4 w-4" aria-hidden />}
              >
                Download JSON
              </Button>
            </>
          ) : null
        }
      />
      <PaymentsNav />
      <div className="mb-5 flex items-center gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous month"
          onClick={() => set({ period: shiftMonth(period, -1) })}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Button>
        <label htmlFor="gst-period" className="sr-only">
          Month
        </label>
        <div className="w-44">
          <Input
            id="gst-period"
            type="month"
            value={period}
            onChange={(e) => set({ period: e.target.value })}
          />
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Next month"
          onClick={() => set({ period: shiftMonth(period, 1) })}
        >
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      {settings.isError ? (
        <ErrorState
          title={GST_MESSAGES.fetchSettings}
          message={apiErrorMessage(settings.error, GST_MESSAGES.fetchSettings)}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.isPending ? (
        <SkeletonList rows={6} />
      ) : !registered ? (
        <EmptyState
          icon={FileSpreadsheet}
          title="Not registered for GST"
          description="A company without a GSTIN issues bills of supply and files no GSTR-1. Add the GSTIN in Tax settings to file returns."
          action={
            canEditTaxSettings ? (
              <ButtonLink to="/dashboard/companies/tax-settings" variant="outline">
                Tax settings
              </ButtonLink>
            ) : undefined
          }
        />
      ) : report.isError ? (
        <ErrorState
          title={GST_MESSAGES.fetchGstr1}
          message={apiErrorMessage(report.error, GST_MESSAGES.fetchGstr1)}
          onRetry={() => void report.refetch()}
        />
      ) : !data ? (
        <SkeletonList rows={6} />
      ) : data.totals.invoices === 0 && data.totals.creditNotes === 0 ? (
        <EmptyState
          icon={FileSpreadsheet}
          title="Nothing issued this month"
          description="No invoice or credit note was issued in this month, so its GSTR-1 is empty."
        />
      ) : (
        <div className="space-y-8" data-testid="gstr1">
          <Totals report={data} />
          <Section
            title="B2B"
            description="Invoices to registered recipients (4A, 4B, 4C, 6B, 6C)"
            columns={B2B}
            rows={data.b2b}
            rowKey={(r) => `${r.invoiceId}-${r.rate}`}
          />
          <Section
            title="B2CS"
            description="Supplies to unregistered recipients, by place of supply and rate (7)"
            columns={B2CS}
            rows={data.b2cs}
            rowKey={(r) => `${r.placeOfSupply}-${r.rate}`}
          />
          <Section
            title="CDNR"
            description="Credit notes to registered recipients (9B)"
            columns={CDNR}
            rows={data.cdnr}
            rowKey={(r) => `${r.creditNoteId}-${r.rate}`}
          />
          <Section
            title="Exempt"
            description="Nil rated, exempted and non-GST supplies (8)"
            columns={EXEMP}
            rows={data.exemp}
            rowKey={(r) => r.description}
          />
          <Section
            title="HSN/SAC summary"
            description="Outward supplies by SAC (12)"
            columns={HSN}
            rows={data.hsn}
            rowKey={(r) => `${r.hsn}-${r.rate}`}
          />
        </div>
      )}
    </div>
  );
}
