import { ACCOUNTING_EXPORT_MAX_DAYS, type AccountingExportFormat, businessDate } from '@rentora/shared';
import { Download, FileCode2, FileSpreadsheet } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { Field, FormError, Input } from '../../components/field';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { toast } from '../../lib/toast';
import { PaymentsNav } from '../invoices/invoice-display';
import { accountingExportsApi, EXPORT_MESSAGES } from './accounting-exports.api';
import { periodShortcuts } from './export-period';
import { LedgerNamesCard } from './ledger-names-card';

const FORMATS: { value: AccountingExportFormat; label: string; detail: string; icon: typeof FileCode2 }[] = [
  {
    value: 'tally',
    label: 'Tally Prime',
    detail:
      'One XML file: ledgers, then a Sales, Credit Note or Receipt voucher per document. Import it again safely.',
    icon: FileCode2,
  },
  {
    value: 'zoho',
    label: 'Zoho Books',
    detail: 'A zip of three CSV files: invoices, credit notes and customer payments.',
    icon: FileSpreadsheet,
  },
  {
    value: 'quickbooks',
    label: 'QuickBooks Online',
    detail: 'A zip of three CSV files: invoices, credit memos and payments.',
    icon: FileSpreadsheet,
  },
];

/** What is wrong with a period, or null (the server checks the same). */
function periodProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose the first and the last day';
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (days < 0) return 'The last day is before the first';
  if (days >= ACCOUNTING_EXPORT_MAX_DAYS) return 'Export at most one year at a time';
  return null;
}

/** /dashboard/payments/exports: the period's books for the accountant (Tally, Zoho Books, QuickBooks). */
export function AccountingExportsPage() {
  useDocumentTitle('Exports', 'Invoices, credit notes and payments for your accounting software');
  const shortcuts = periodShortcuts();
  const [from, setFrom] = useState(shortcuts[0]!.from);
  const [to, setTo] = useState(shortcuts[0]!.to);
  const [format, setFormat] = useState<AccountingExportFormat>('tally');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formatLegend = useId();
  const problem = periodProblem(from, to);

  async function download() {
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      await accountingExportsApi.download({ from, to, format });
      toast.success('Export downloaded', FORMATS.find((f) => f.value === format)!.label);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : EXPORT_MESSAGES.download);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <PageHeader
        title="Exports"
        description="Invoices, credit notes and payments of a period, ready to import into your accountant's books."
      />
      <PaymentsNav />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="space-y-6 p-6">
          <section aria-labelledby="export-period" className="space-y-3">
            <h2 id="export-period" className="text-base font-semibold text-slate-900">
              Period
            </h2>
            <div className="flex flex-wrap gap-2">
              {shortcuts.map((shortcut) => {
                const active = shortcut.from === from && shortcut.to === to;
                return (
                  <Button
                    key={shortcut.label}
                    type="button"
                    size="sm"
                    variant={active ? 'primary' : 'secondary'}
                    aria-pressed={active}
                    onClick={() => {
                      setFrom(shortcut.from);
                      setTo(shortcut.to);
                      setError(null);
                    }}
                  >
                    {shortcut.label}
                  </Button>
                );
              })}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="From">
                {(control) => (
                  <Input
                    {...control}
                    type="date"
                    value={from}
                    max={businessDate()}
                    onChange={(e) => setFrom(e.target.value)}
                  />
                )}
              </Field>
              <Field label="To">
                {(control) => (
                  <Input
                    {...control}
                    type="date"
                    value={to}
                    min={from}
                    onChange={(e) => setTo(e.target.value)}
                  />
                )}
              </Field>
            </div>
          </section>

          <fieldset className="space-y-3">
            <legend id={formatLegend} className="text-base font-semibold text-slate-900">
              Format
            </legend>
            <div className="grid gap-3" role="radiogroup" aria-labelledby={formatLegend}>
              {FORMATS.map((option) => {
                const Icon = option.icon;
                const checked = option.value === format;
                return (
                  <label
                    key={option.value}
                    className={cn(
                      'flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors focus-within:ring-2 focus-within:ring-brand-500',
                      checked ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:border-slate-300',
                    )}
                  >
                    <input
                      type="radio"
                      name="format"
                      value={option.value}
                      checked={checked}
                      onChange={() => setFormat(option.value)}
                      className="mt-1 h-4 w-4 accent-brand-600"
                    />
                    <Icon className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" aria-hidden />
                    <span>
                      <span className="block text-sm font-medium text-slate-900">{option.label}</span>
                      <span className="block text-sm text-slate-600">{option.detail}</span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>

          <FormError message={error} />
          <Button type="button" onClick={() => void download()} loading={busy} disabled={busy}>
            <Download className="h-4 w-4" aria-hidden /> Download
          </Button>
        </Card>
        <LedgerNamesCard />
      </div>
    </div>
  );
}
