import { stateCodeOfGstin } from './gst-registration';

/**
 * How rent is taxed under GST. Renting of residential dwellings is SAC 997211, other renting 997212; the place of
 * supply is the state of the property. A supplier registered in that state charges CGST and SGST (half the rate
 * each), one registered elsewhere IGST. Commercial renting is taxed under forward charge; a dwelling let to an
 * unregistered person is exempt; a dwelling let to a registered person is taxed under reverse charge (the tenant pays
 * the tax to the government: the invoice shows it and does not collect it). A deposit is not a supply. A supplier
 * without a GSTIN charges no tax and issues a bill of supply. Amounts are paise; each line's tax is rounded half up.
 */

export const GST_USES = ['residential', 'commercial'] as const;
export type GstUse = (typeof GST_USES)[number];

export const GST_DOCUMENT_TYPES = ['tax_invoice', 'bill_of_supply'] as const;
export type GstDocumentType = (typeof GST_DOCUMENT_TYPES)[number];

export const GST_TREATMENTS = ['taxable', 'reverse_charge', 'exempt', 'non_supply', 'unregistered'] as const;
export type GstTreatment = (typeof GST_TREATMENTS)[number];

export const SAC_RESIDENTIAL_RENT = '997211';
export const SAC_COMMERCIAL_RENT = '997212';
export const SAC_OF_USE: Record<GstUse, string> = {
  residential: SAC_RESIDENTIAL_RENT,
  commercial: SAC_COMMERCIAL_RENT,
};
export const SAC_DESCRIPTIONS: Record<string, string> = {
  [SAC_RESIDENTIAL_RENT]: 'Rental or leasing services involving own or leased residential property',
  [SAC_COMMERCIAL_RENT]: 'Rental or leasing services involving own or leased non-residential property',
};

/** The default GST rate on commercial renting, in basis points (18 %). */
export const DEFAULT_GST_RATE_BP = 1800;

const COMMERCIAL_UNIT_TYPES: ReadonlySet<string> = new Set(['office', 'shop', 'warehouse']);

/** A unit's GST use: what its owner set, else what its type says (office, shop, warehouse are commercial). */
export function gstUseOf(unitType: string, override?: GstUse | null): GstUse {
  return override ?? (COMMERCIAL_UNIT_TYPES.has(unitType) ? 'commercial' : 'residential');
}

export interface GstParties {
  /** The company's GSTIN, or null when it is not registered. */
  supplierGstin: string | null;
  /** The state code of the property (the place of supply). */
  placeOfSupply: string;
  /** The tenancy's GSTIN, or null for an unregistered tenant. */
  recipientGstin: string | null;
  gstUse: GstUse;
  /** The company's rate on taxable supplies, basis points. */
  rateBp: number;
}

/** The treatment of a supply (rent, maintenance, utilities, …) between these parties. */
export function supplyTreatment(parties: GstParties): GstTreatment {
  if (!parties.supplierGstin) return 'unregistered';
  if (parties.gstUse === 'commercial') return 'taxable';
  return parties.recipientGstin ? 'reverse_charge' : 'exempt';
}

/** A line's treatment by its kind (`rent`, `maintenance`, `deposit`, …): a deposit is not a supply. */
export const treatmentOfLine = (kind: string, parties: GstParties): GstTreatment =>
  kind === 'deposit' ? 'non_supply' : supplyTreatment(parties);

export const isInterState = (parties: GstParties): boolean =>
  !!parties.supplierGstin && stateCodeOfGstin(parties.supplierGstin) !== parties.placeOfSupply;

export interface GstRates {
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
}

/** The rates (basis points) a treatment applies: none for exempt, non-supplies and unregistered suppliers. */
export function ratesOf(treatment: GstTreatment, parties: GstParties): GstRates {
  if (treatment !== 'taxable' && treatment !== 'reverse_charge')
    return { cgstRate: 0, sgstRate: 0, igstRate: 0 };
  if (isInterState(parties)) return { cgstRate: 0, sgstRate: 0, igstRate: parties.rateBp };
  return { cgstRate: parties.rateBp / 2, sgstRate: parties.rateBp / 2, igstRate: 0 };
}

/** `taxable` × `rateBp` basis points, rounded half up to the paisa (exact for any amount below 2^53 / 10,000). */
export const taxAt = (taxable: number, rateBp: number): number =>
  rateBp === 0 ? 0 : Math.floor((taxable * rateBp + 5000) / 10_000);

export interface GstAmounts extends GstRates {
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export function gstAmountsOf(taxableValue: number, rates: GstRates): GstAmounts {
  return {
    taxableValue,
    ...rates,
    cgst: taxAt(taxableValue, rates.cgstRate),
    sgst: taxAt(taxableValue, rates.sgstRate),
    igst: taxAt(taxableValue, rates.igstRate),
  };
}

export const taxOfAmounts = (a: Pick<GstAmounts, 'cgst' | 'sgst' | 'igst'>): number =>
  a.cgst + a.sgst + a.igst;

export interface GstLineFacts extends GstAmounts {
  sac: string | null;
  treatment: GstTreatment;
}

/** The GST facts of one invoice line whose amount (quantity × unit price) is `amount`. */
export function gstLineOf(kind: string, amount: number, parties: GstParties): GstLineFacts {
  const treatment = treatmentOfLine(kind, parties);
  return {
    sac: treatment === 'non_supply' ? null : SAC_OF_USE[parties.gstUse],
    treatment,
    ...gstAmountsOf(amount, ratesOf(treatment, parties)),
  };
}

/** Tax a line collects on the invoice: taxable supplies only (reverse charge is paid by the recipient). */
export const collectedTaxOf = (line: GstLineFacts): number =>
  line.treatment === 'taxable' ? taxOfAmounts(line) : 0;

/** Tax the recipient pays on reverse charge. */
export const reverseChargeTaxOf = (line: GstLineFacts): number =>
  line.treatment === 'reverse_charge' ? taxOfAmounts(line) : 0;

/** A tax invoice when the supplier is registered and something on it is taxed; otherwise a bill of supply. */
export function documentTypeOf(lines: readonly Pick<GstLineFacts, 'treatment'>[]): GstDocumentType {
  return lines.some((l) => l.treatment === 'taxable' || l.treatment === 'reverse_charge')
    ? 'tax_invoice'
    : 'bill_of_supply';
}
