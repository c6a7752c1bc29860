import {
  businessDate,
  type GstParties,
  type InvoiceLineInput,
  type InvoiceTemplateDto,
  NO_GST_PARTIES,
  type PropertyDto,
  type RentalUnitDto,
  stateCodeOfName,
  type TaxSettingsDto,
  type TenantDto,
} from '@rentora/shared';

/** A line of the invoice editor: the request's line with its kind given. */
export type LineInput = Required<InvoiceLineInput>;

export const isoToday = () => businessDate();

/** The business date `days` after today (IST). */
export const inDays = (days: number) =>
  new Date(Date.parse(`${businessDate()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const newLine = (partial: Partial<LineInput> = {}): LineInput => ({
  description: '',
  quantity: 1,
  unitPrice: 0,
  kind: 'rent',
  ...partial,
});

/** The lines a new invoice starts with: the template's default items, else rent (+ maintenance) of the agreement. */
export function prefilledLines(
  template: InvoiceTemplateDto | undefined,
  agreement: { rentAmount: number; maintenanceCharges: number } | undefined,
): LineInput[] | null {
  const defaults = template?.defaultLineItems ?? [];
  if (defaults.length > 0) {
    return defaults.map((line) =>
      newLine({
        description: line.description,
        quantity: line.quantity,
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

/**
 * The GST parties a new invoice for this tenancy would be taxed between, as the server decides them: the company's
 * GSTIN and rate, the property's state, the tenancy's GSTIN and the unit's GST use. A company without a GSTIN
 * charges no tax; null while any of them is unknown (loading, or a property whose state is not a GST state).
 */
export function previewParties(
  settings: TaxSettingsDto | undefined,
  tenant: TenantDto | undefined,
  unit: RentalUnitDto | undefined,
  property: PropertyDto | undefined,
): GstParties | null {
  if (!settings) return null;
  if (!settings.gstin) return NO_GST_PARTIES;
  if (!tenant || !unit || !property) return null;
  const placeOfSupply = stateCodeOfName(property.address.state);
  if (!placeOfSupply) return null;
  return {
    supplierGstin: settings.gstin,
    placeOfSupply,
    recipientGstin: tenant.gstin,
    gstUse: unit.gstUse,
    rateBp: Math.round(settings.rate * 100),
  };
}
