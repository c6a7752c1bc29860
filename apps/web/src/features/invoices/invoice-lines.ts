import type { InvoiceLineKind, InvoiceTemplateDto } from '@rentora/shared';

export interface LineDraft {
  key: number;
  description: string;
  quantity: string;
  unitPrice: number | null;
  kind: InvoiceLineKind;
}

export const isoToday = () => new Date().toISOString().slice(0, 10);

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Keys of the line drafts of this page's session, unique among its lines. */
let nextKey = 1;
export const newLine = (partial: Partial<LineDraft> = {}): LineDraft => ({
  key: nextKey++,
  description: '',
  quantity: '1',
  unitPrice: null,
  kind: 'rent',
  ...partial,
});

/** The lines a new invoice starts with: the template's default items, else rent (+ maintenance) of the agreement. */
export function prefilledLines(
  template: InvoiceTemplateDto | undefined,
  agreement: { rentAmount: number; maintenanceCharges: number } | undefined,
): LineDraft[] | null {
  const defaults = template?.defaultLineItems ?? [];
  if (defaults.length > 0) {
    return defaults.map((line) =>
      newLine({
        description: line.description,
        quantity: String(line.quantity),
        kind: line.kind,
        unitPrice:
          line.unitPrice === 0 && agreement && line.kind === 'rent'
            ? agreement.rentAmount
            : line.unitPrice === 0 && agreement && line.kind === 'maintenance'
              ? agreement.maintenanceCharges
              : line.unitPrice,
      }),
    );
  }
  if (!agreement) return null;
  return [
    newLine({ description: 'Rent', unitPrice: agreement.rentAmount, kind: 'rent' }),
    ...(agreement.maintenanceCharges > 0
      ? [
          newLine({
            description: 'Maintenance',
            unitPrice: agreement.maintenanceCharges,
            kind: 'maintenance',
          }),
        ]
      : []),
  ];
}
