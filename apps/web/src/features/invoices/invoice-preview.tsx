import {
  GST_STATES,
  type GstParties,
  type InvoiceTotals,
  isInterState,
  type TaxSettingsDto,
  type TenantDto,
} from '@rentora/shared';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FormError } from '../../components/field';
import { formatMoney } from '../../lib/format';
import { DOCUMENT_TYPE_LABELS } from './gst-document';

/** The live preview beside the invoice editor: recipient, document type, place of supply, GST and total. */
export function InvoicePreview({
  tenant,
  totals,
  parties,
  settings,
  currency,
  formError,
  submitting,
  onSaveDraft,
}: {
  tenant: TenantDto | undefined;
  totals: InvoiceTotals;
  /** null while the tax cannot be known yet (the server computes it when saved). */
  parties: GstParties | null;
  settings: TaxSettingsDto | undefined;
  currency: string;
  formError: string | null;
  submitting: boolean;
  onSaveDraft: () => void;
}) {
  const money = (paise: number) => formatMoney(paise, currency);
  const taxKnown = parties !== null;
  const rate = settings ? `${settings.rate}%` : '';
  return (
    <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
      <Card className="p-5" aria-label="Preview">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Preview</p>
        <p className="mt-1 text-sm text-slate-900">
          {tenant
            ? tenant.legalName || `${tenant.user.firstName} ${tenant.user.lastName}`
            : 'No tenant chosen'}
        </p>
        {tenant ? (
          <p className="text-xs text-slate-500">
            {tenant.property.name} · unit {tenant.unit.unitNumber}
            {tenant.gstin ? <span className="block font-mono">GSTIN {tenant.gstin}</span> : null}
          </p>
        ) : null}
        {taxKnown ? (
          <p className="mt-3 text-xs text-slate-600" data-testid="preview-document-type">
            {DOCUMENT_TYPE_LABELS[totals.documentType]}
            {parties.placeOfSupply
              ? ` · place of supply ${parties.placeOfSupply}-${GST_STATES[parties.placeOfSupply] ?? ''}`
              : ''}
            {totals.reverseCharge ? ' · reverse charge' : ''}
          </p>
        ) : null}
        <dl className="mt-4 space-y-1 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-500">Subtotal</dt>
            <dd className="tabular-nums">{money(totals.subtotal)}</dd>
          </div>
          {!taxKnown ? (
            <div className="text-xs text-slate-500">
              <dt className="sr-only">Tax</dt>
              <dd>Tax is computed when saved.</dd>
            </div>
          ) : totals.tax > 0 && parties && isInterState(parties) ? (
            <div className="flex justify-between">
              <dt className="text-slate-500">IGST ({rate})</dt>
              <dd className="tabular-nums">{money(totals.igst)}</dd>
            </div>
          ) : totals.tax > 0 ? (
            <>
              <div className="flex justify-between">
                <dt className="text-slate-500">CGST</dt>
                <dd className="tabular-nums" data-testid="preview-cgst">
                  {money(totals.cgst)}
                </dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-500">SGST</dt>
                <dd className="tabular-nums">{money(totals.sgst)}</dd>
              </div>
            </>
          ) : (
            <div className="flex justify-between">
              <dt className="text-slate-500">Tax</dt>
              <dd className="tabular-nums">{money(0)}</dd>
            </div>
          )}
          {totals.reverseChargeTax > 0 ? (
            <div className="flex justify-between text-xs">
              <dt className="text-slate-500">Payable by tenant (reverse charge)</dt>
              <dd className="tabular-nums">{money(totals.reverseChargeTax)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="live-total">
              {money(totals.total)}
            </dd>
          </div>
        </dl>
        <FormError message={formError} />
        <div className="mt-4 grid gap-2">
          <Button type="submit" loading={submitting} disabled={submitting} data-testid="save-send">
            Save and send
          </Button>
          <Button variant="outline" onClick={onSaveDraft} disabled={submitting}>
            Save as draft
          </Button>
        </div>
        <p className="mt-3 text-xs text-slate-500">
          The number is given when the invoice is sent; totals are computed again by the server.
        </p>
      </Card>
    </aside>
  );
}
