import { formatMoney } from '../../../lib/format';
import { useLogoObjectUrl } from '../invoices.api';
import type { Draft } from './invoice-template-draft';

/** A sample invoice drawn with the draft's colours and texts. */
export function TemplatePreview({ draft }: { draft: Draft }) {
  const logo = useLogoObjectUrl(draft.logoUrl || null);
  const subtotal = 1_500_000 + 150_000;
  const tax = Math.floor((subtotal * draft.taxRate + 5000) / 10_000);
  return (
    <div
      className="overflow-hidden rounded-xl border border-slate-200 bg-white text-xs shadow-sm"
      data-testid="template-preview"
    >
      <div className="h-2" style={{ background: draft.primaryColor }} />
      <div className="space-y-3 p-4">
        <div className="flex items-start justify-between">
          <div>
            {logo ? <img src={logo} alt="" className="mb-1 max-h-10 max-w-32 object-contain" /> : null}
            <p className="text-sm font-bold" style={{ color: draft.accentColor }}>
              Your Company
            </p>
            {draft.gstNumber ? <p className="text-slate-500">GSTIN: {draft.gstNumber}</p> : null}
          </div>
          <p className="text-sm font-bold" style={{ color: draft.primaryColor }}>
            INVOICE
          </p>
        </div>
        {draft.headerText ? <p className="whitespace-pre-line text-slate-500">{draft.headerText}</p> : null}
        <div className="rounded-md px-2 py-1 font-semibold" style={{ background: `${draft.primaryColor}1a` }}>
          Description · Amount
        </div>
        <div className="flex justify-between">
          <span>Rent</span>
          <span>{formatMoney(1_500_000)}</span>
        </div>
        <div className="flex justify-between">
          <span>Maintenance</span>
          <span>{formatMoney(150_000)}</span>
        </div>
        <div className="flex justify-between text-slate-500">
          <span>Tax {draft.taxRate ? `(GST ${draft.taxRate / 100}%)` : ''}</span>
          <span>{formatMoney(tax)}</span>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-1 font-semibold">
          <span>Total</span>
          <span>{formatMoney(subtotal + tax)}</span>
        </div>
        {draft.paymentInstructions ? (
          <div>
            <p className="font-semibold">Payment instructions</p>
            <p className="whitespace-pre-line text-slate-600">{draft.paymentInstructions}</p>
          </div>
        ) : null}
        {draft.footerText ? (
          <p className="border-t border-slate-100 pt-2 text-slate-400">{draft.footerText}</p>
        ) : null}
      </div>
    </div>
  );
}
