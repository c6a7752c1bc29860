import {
  businessDate,
  DEFAULT_SERIES_PREFIX,
  type DocumentSeries,
  financialYearOf,
  formatDocumentNumber,
  GST_STATES,
  type GstParties,
  type GstUse,
  gstUseOf,
  stateCodeOfGstin,
  stateCodeOfName,
  type TaxSettingsBody,
  type TaxSettingsDto,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import type { DbOrTx, Tx } from '../../db/client';
import {
  billingFactsOf,
  lastSerial,
  type TaxSettingsRow,
  takeSerials,
  taxSettingsOf,
  upsertTaxSettings,
} from './gst.repo';

type Deps = Pick<AppDeps, 'db'>;

/** A company's GST registration as invoices read it (defaults when it never saved settings). */
export interface SupplierFacts {
  gstin: string | null;
  legalName: string;
  address: string;
  rateBp: number;
  /** The landlord's PAN (rent receipts). */
  pan: string | null;
  prefixes: Record<DocumentSeries, string>;
}

/** Who supplies whom, where and how it is taxed: what an invoice copies when it is issued. */
export interface GstSnapshot {
  parties: GstParties;
  placeOfSupply: string | null;
  gstUse: GstUse;
  supplierGstin: string | null;
  supplierLegalName: string;
  supplierAddress: string;
  recipientGstin: string | null;
  recipientLegalName: string;
  recipientAddress: string;
}

function supplierOf(row: TaxSettingsRow | undefined): SupplierFacts {
  return {
    gstin: row?.gstin ?? null,
    legalName: row?.legalName ?? '',
    address: row?.address ?? '',
    rateBp: row?.rateBp ?? 1800,
    pan: row?.pan ?? null,
    prefixes: {
      invoice: row?.invoicePrefix ?? DEFAULT_SERIES_PREFIX.invoice,
      credit_note: row?.creditNotePrefix ?? DEFAULT_SERIES_PREFIX.credit_note,
      receipt: row?.receiptPrefix ?? DEFAULT_SERIES_PREFIX.receipt,
    },
  };
}

/** `n` consecutive numbers of a series in the financial year of `date` (a business date), taken inside `tx`. */
export async function takeDocumentNumbers(
  tx: Tx,
  companyId: string,
  series: DocumentSeries,
  date: string,
  n = 1,
): Promise<string[]> {
  const s = supplierOf(await taxSettingsOf(tx, companyId));
  const fy = financialYearOf(date);
  const first = await takeSerials(tx, companyId, series, fy.startYear, n);
  return Array.from({ length: n }, (_, i) => formatDocumentNumber(s.prefixes[series], fy, first + i));
}

/** The receipt number of money received at `paidAt` (the financial year of its date in India). */
export async function takeReceiptNumber(tx: Tx, companyId: string, paidAt: Date): Promise<string> {
  const [number] = await takeDocumentNumbers(tx, companyId, 'receipt', businessDate(paidAt));
  return number!;
}

/**
 * The GST facts of invoicing tenancies now, by tenancy id. A registered company cannot tax a property whose state
 * the GST system does not know (the place of supply decides CGST + SGST or IGST): 409 with what to fix.
 */
export async function gstSnapshotsFor(
  conn: DbOrTx,
  companyId: string,
  tenancyIds: string[],
): Promise<Map<string, GstSnapshot>> {
  if (tenancyIds.length === 0) return new Map();
  const [s, rows] = await Promise.all([
    taxSettingsOf(conn, companyId).then(supplierOf),
    billingFactsOf(conn, companyId, tenancyIds),
  ]);
  const snapshots = new Map<string, GstSnapshot>();
  for (const facts of rows) {
    const gstUse = gstUseOf(facts.unitType, facts.gstUse);
    const placeOfSupply = stateCodeOfName(facts.propertyState);
    if (s.gstin && !placeOfSupply) {
      throw conflict(
        `The property's state "${facts.propertyState}" is not an Indian state or union territory: correct it to issue a GST invoice`,
      );
    }
    snapshots.set(facts.tenancyId, {
      parties: {
        supplierGstin: s.gstin,
        placeOfSupply: placeOfSupply ?? '',
        recipientGstin: facts.gstin,
        gstUse,
        rateBp: s.rateBp,
      },
      placeOfSupply,
      gstUse,
      supplierGstin: s.gstin,
      supplierLegalName: s.legalName,
      supplierAddress: s.address,
      recipientGstin: facts.gstin,
      recipientLegalName: facts.legalName,
      recipientAddress: facts.billingAddress,
    });
  }
  return snapshots;
}

/** The GST facts of invoicing one tenancy now (404 for a tenancy of another company). */
export async function gstSnapshotFor(
  conn: DbOrTx,
  companyId: string,
  tenancyId: string,
): Promise<GstSnapshot> {
  const snapshot = (await gstSnapshotsFor(conn, companyId, [tenancyId])).get(tenancyId);
  if (!snapshot) throw notFound('Tenant');
  return snapshot;
}

/**
 * GST: the company's tax settings, the numbers of its document series (invoices, credit notes, receipts: per
 * financial year, without gaps) and the GST facts of a tenancy that invoices and credit notes are computed from.
 */
export function createGstService({ db }: Deps) {
  async function supplier(conn: DbOrTx, companyId: string): Promise<SupplierFacts> {
    return supplierOf(await taxSettingsOf(conn, companyId));
  }

  async function settingsDto(conn: DbOrTx, companyId: string, now = new Date()): Promise<TaxSettingsDto> {
    const s = await supplier(conn, companyId);
    const fy = financialYearOf(businessDate(now));
    const next = async (series: DocumentSeries) =>
      formatDocumentNumber(
        s.prefixes[series],
        fy,
        (await lastSerial(conn, companyId, series, fy.startYear)) + 1,
      );
    const stateCode = s.gstin ? stateCodeOfGstin(s.gstin) : null;
    return {
      gstin: s.gstin,
      legalName: s.legalName,
      address: s.address,
      stateCode,
      stateName: stateCode ? (GST_STATES[stateCode] ?? null) : null,
      rate: s.rateBp / 100,
      invoicePrefix: s.prefixes.invoice,
      creditNotePrefix: s.prefixes.credit_note,
      receiptPrefix: s.prefixes.receipt,
      pan: s.pan,
      financialYear: fy.label,
      nextInvoiceNumber: await next('invoice'),
      nextCreditNoteNumber: await next('credit_note'),
      nextReceiptNumber: await next('receipt'),
    };
  }

  async function updateSettings(ctx: CompanyContext, body: TaxSettingsBody): Promise<TaxSettingsDto> {
    return db.transaction(async (tx) => {
      const before = await taxSettingsOf(tx, ctx.companyId);
      await upsertTaxSettings(tx, {
        companyId: ctx.companyId,
        gstin: body.gstin,
        legalName: body.legalName,
        address: body.address,
        rateBp: Math.round(body.rate * 100),
        invoicePrefix: body.invoicePrefix,
        creditNotePrefix: body.creditNotePrefix,
        receiptPrefix: body.receiptPrefix,
        pan: body.pan === undefined ? (before?.pan ?? null) : body.pan,
      });
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'tax_settings.updated',
        entityType: 'company',
        entityId: ctx.companyId,
        summary: body.gstin ? `GST registration ${body.gstin}` : 'Not registered for GST',
        before: before ? { gstin: before.gstin, rateBp: before.rateBp } : undefined,
        after: { gstin: body.gstin, rateBp: Math.round(body.rate * 100) },
      });
      return settingsDto(tx, ctx.companyId);
    });
  }

  /** The next number of a series in the financial year of `date` (a business date), taken inside `tx`. */
  async function takeNumber(
    tx: Tx,
    companyId: string,
    series: DocumentSeries,
    date: string,
  ): Promise<string> {
    const [number] = await takeDocumentNumbers(tx, companyId, series, date);
    return number!;
  }

  return {
    settings: (ctx: CompanyContext) => settingsDto(db, ctx.companyId),
    updateSettings,
    supplier: (companyId: string, conn: DbOrTx = db) => supplier(conn, companyId),
    snapshotFor: gstSnapshotFor,
    snapshotsFor: gstSnapshotsFor,
    takeNumber,
    takeNumbers: takeDocumentNumbers,
    takeReceiptNumber,
  };
}

export type GstService = ReturnType<typeof createGstService>;
