import type { Gstr1Dto, Gstr1Query } from '@rentora/shared';
import { type ReportTable, toCsv } from '../../core/spreadsheet';

/**
 * GSTR-1 as CSV with the sheets and column names of the GST offline tool's templates: dates as 05-Apr-2026, rupees
 * with two decimals, rates in percent, places of supply as "29-Karnataka".
 */

export type Gstr1Section = NonNullable<Gstr1Query['section']>;
export const GSTR1_SECTIONS: readonly Gstr1Section[] = ['b2b', 'b2cs', 'cdnr', 'exemp', 'hsn'];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 2026-04-05 → 05-Apr-2026 */
export function gstDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

/** Paise as rupees with two decimals: -123456 → "-1234.56". */
export function rupees(paise: number): string {
  const abs = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const yesNo = (value: boolean) => (value ? 'Y' : 'N');

function tableOf(dto: Gstr1Dto, section: Gstr1Section): ReportTable {
  switch (section) {
    case 'b2b':
      return {
        title: 'b2b',
        columns: [
          'GSTIN/UIN of Recipient',
          'Receiver Name',
          'Invoice Number',
          'Invoice date',
          'Invoice Value',
          'Place Of Supply',
          'Reverse Charge',
          'Applicable % of Tax Rate',
          'Invoice Type',
          'E-Commerce GSTIN',
          'Rate',
          'Taxable Value',
          'Cess Amount',
        ],
        rows: dto.b2b.map((r) => [
          r.recipientGstin,
          r.recipientName,
          r.invoiceNumber,
          gstDate(r.invoiceDate),
          rupees(r.invoiceValue),
          r.placeOfSupply,
          yesNo(r.reverseCharge),
          '',
          r.invoiceType,
          '',
          r.rate,
          rupees(r.taxableValue),
          rupees(r.cess),
        ]),
      };
    case 'b2cs':
      return {
        title: 'b2cs',
        columns: [
          'Type',
          'Place Of Supply',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
          'E-Commerce GSTIN',
        ],
        rows: dto.b2cs.map((r) => [
          r.type,
          r.placeOfSupply,
          '',
          r.rate,
          rupees(r.taxableValue),
          rupees(r.cess),
          '',
        ]),
      };
    case 'cdnr':
      return {
        title: 'cdnr',
        columns: [
          'GSTIN/UIN of Recipient',
          'Receiver Name',
          'Note Number',
          'Note Date',
          'Note Type',
          'Place Of Supply',
          'Reverse Charge',
          'Note Supply Type',
          'Note Value',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
        ],
        rows: dto.cdnr.map((r) => [
          r.recipientGstin,
          r.recipientName,
          r.noteNumber,
          gstDate(r.noteDate),
          r.noteType,
          r.placeOfSupply,
          yesNo(r.reverseCharge),
          r.noteSupplyType,
          rupees(r.noteValue),
          '',
          r.rate,
          rupees(r.taxableValue),
          rupees(r.cess),
        ]),
      };
    case 'exemp':
      return {
        title: 'exemp',
        columns: [
          'Description',
          'Nil Rated Supplies',
          'Exempted(other than nil rated/non GST supply)',
          'Non-GST Supplies',
        ],
        rows: dto.exemp.map((r) => [r.description, rupees(r.nilRated), rupees(r.exempted), rupees(r.nonGst)]),
      };
    case 'hsn':
      return {
        title: 'hsn',
        columns: [
          'HSN',
          'Description',
          'UQC',
          'Total Quantity',
          'Total Value',
          'Rate',
          'Taxable Value',
          'Integrated Tax Amount',
          'Central Tax Amount',
          'State/UT Tax Amount',
          'Cess Amount',
        ],
        rows: dto.hsn.map((r) => [
          r.hsn,
          r.description,
          r.uqc,
          r.totalQuantity,
          rupees(r.totalValue),
          r.rate,
          rupees(r.taxableValue),
          rupees(r.igst),
          rupees(r.cgst),
          rupees(r.sgst),
          rupees(r.cess),
        ]),
      };
  }
}

/** One section as the offline tool imports it; without a section, every section under a line naming it. */
export function gstr1Csv(dto: Gstr1Dto, section?: Gstr1Section): string {
  if (section) return toCsv(tableOf(dto, section));
  return GSTR1_SECTIONS.map((s) => `${s}\r\n${toCsv(tableOf(dto, s))}`).join('\r\n');
}

/** GSTR1-29AAACS1234F1ZO-2026-04[-b2b].csv */
export const gstr1FileName = (dto: Gstr1Dto, section?: Gstr1Section): string =>
  `GSTR1-${dto.gstin ?? 'unregistered'}-${dto.period}${section ? `-${section}` : ''}.csv`;
