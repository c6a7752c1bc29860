import type { CreditNoteLine, GstTreatment, gstDocumentFields, InvoiceDto } from '@rentora/shared';
import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/format';

/** What a tax invoice and a credit note share: parties, place of supply, tax totals. */
export type GstDocument = Pick<InvoiceDto, keyof typeof gstDocumentFields>;

/** A line of either document (an invoice line also has quantity and price). */
export type GstLine = Omit<CreditNoteLine, 'description'> & { description: string; kind?: string };

export const DOCUMENT_TYPE_LABELS: Record<GstDocument['documentType'], string> = {
  tax_invoice: 'Tax invoice',
  bill_of_supply: 'Bill of supply',
};

const TREATMENT_NOTES: Record<GstTreatment, string | null> = {
  taxable: null,
  unregistered: null,
  reverse_charge: 'Reverse charge',
  exempt: 'Exempt',
  non_supply: 'Not a supply',
};

/** Basis points as a percent: 900 → "9%". */
export const percentOf = (bp: number) => `${bp / 100}%`;

function Party({
  title,
  name,
  gstin,
  address,
}: {
  title: string;
  name: string;
  gstin: string | null;
  address: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 p-3">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{title}</p>
      <p className="mt-1 text-sm font-medium text-slate-900">{name || '—'}</p>
      <p className="font-mono text-xs text-slate-600">{gstin ? `GSTIN ${gstin}` : 'Unregistered'}</p>
      {address ? <p className="mt-1 whitespace-pre-line text-xs text-slate-500">{address}</p> : null}
    </div>
  );
}

/** Supplier and recipient, place of supply and the reverse-charge flag, as GST law asks a document to show them. */
export function GstParties({ doc, children }: { doc: GstDocument; children?: ReactNode }) {
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Party
          title="Supplier"
          name={doc.supplierLegalName}
          gstin={doc.supplierGstin}
          address={doc.supplierAddress}
        />
        <Party
          title="Recipient"
          name={doc.recipientLegalName}
          gstin={doc.recipientGstin}
          address={doc.recipientAddress}
        />
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {children}
        <div className="flex gap-1">
          <dt className="text-slate-500">Financial year</dt>
          <dd className="text-slate-900">{doc.financialYear}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-slate-500">Place of supply</dt>
          <dd className="text-slate-900" data-testid="place-of-supply">
            {doc.placeOfSupply ? `${doc.placeOfSupply.code}-${doc.placeOfSupply.name}` : '—'}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-slate-500">Tax payable on reverse charge</dt>
          <dd className="text-slate-900">{doc.reverseCharge ? 'Yes' : 'No'}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The lines with SAC, taxable value and CGST/SGST or IGST (only the components the document uses). */
export function GstLinesTable({ lines, doc }: { lines: readonly GstLine[]; doc: GstDocument }) {
  const taxed = doc.documentType === 'tax_invoice';
  const intra = doc.cgst > 0 || doc.sgst > 0;
  const inter = doc.igst > 0;
  const money = (paise: number) => formatMoney(paise);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
            <th className="py-2 font-medium">Item</th>
            {taxed ? <th className="py-2 font-medium">SAC</th> : null}
            <th className="py-2 text-right font-medium">Taxable value</th>
            {taxed && intra ? <th className="py-2 text-right font-medium">CGST</th> : null}
            {taxed && intra ? <th className="py-2 text-right font-medium">SGST</th> : null}
            {taxed && inter ? <th className="py-2 text-right font-medium">IGST</th> : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const note = TREATMENT_NOTES[line.treatment];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and may repeat; their order is fixed
              <tr key={index} className="border-b border-slate-100 align-top" data-testid="gst-line">
                <td className="py-2">
                  <span className="block text-slate-900">{line.description}</span>
                  <span className="text-xs text-slate-500">
                    {line.kind ? <span className="capitalize">{line.kind}</span> : null}
                    {line.kind && note ? ' · ' : null}
                    {note}
                  </span>
                </td>
                {taxed ? <td className="py-2 font-mono text-xs text-slate-600">{line.sac ?? '—'}</td> : null}
                <td className="py-2 text-right tabular-nums">{money(line.taxableValue || line.amount)}</td>
                {taxed && intra ? (
                  <td className="py-2 text-right tabular-nums">
                    {money(line.cgst)}
                    {line.cgstRate ? (
                      <span className="block text-xs text-slate-500">{percentOf(line.cgstRate)}</span>
                    ) : null}
                  </td>
                ) : null}
                {taxed && intra ? (
                  <td className="py-2 text-right tabular-nums">
                    {money(line.sgst)}
                    {line.sgstRate ? (
                      <span className="block text-xs text-slate-500">{percentOf(line.sgstRate)}</span>
                    ) : null}
                  </td>
                ) : null}
                {taxed && inter ? (
                  <td className="py-2 text-right tabular-nums">
                    {money(line.igst)}
                    {line.igstRate ? (
                      <span className="block text-xs text-slate-500">{percentOf(line.igstRate)}</span>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** One row of a totals list. */
export function TotalRow({
  label,
  value,
  strong,
  testId,
}: {
  label: ReactNode;
  value: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={
        strong ? 'flex justify-between border-t border-slate-200 pt-1 font-semibold' : 'flex justify-between'
      }
    >
      <dt className={strong ? undefined : 'text-slate-500'}>{label}</dt>
      <dd className="tabular-nums text-slate-900" data-testid={testId}>
        {formatMoney(value)}
      </dd>
    </div>
  );
}

/** Taxable value and tax by component; reverse-charge tax is shown as owed by the recipient, not collected. */
export function GstTaxRows({ doc, subtotal }: { doc: GstDocument; subtotal?: number }) {
  return (
    <>
      {subtotal === doc.taxableValue ? null : <TotalRow label="Taxable value" value={doc.taxableValue} />}
      {doc.reverseCharge ? null : (
        <>
          {doc.cgst > 0 ? <TotalRow label="CGST" value={doc.cgst} /> : null}
          {doc.sgst > 0 ? <TotalRow label="SGST" value={doc.sgst} /> : null}
          {doc.igst > 0 ? <TotalRow label="IGST" value={doc.igst} /> : null}
        </>
      )}
      {doc.reverseChargeTax > 0 ? (
        <TotalRow label="Tax payable by the recipient (reverse charge)" value={doc.reverseChargeTax} />
      ) : null}
    </>
  );
}
