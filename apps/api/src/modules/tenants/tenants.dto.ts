import {
  documentsComplete,
  isCurrentTenantStatus,
  nextRentDueDate,
  outstandingTotal,
  REQUIRED_TENANT_DOCUMENTS,
  stayDurationDays,
  type TenantCodeDto,
  type TenantDocumentDto,
  type TenantDto,
  type TenantEntryDto,
  type TenantListItemDto,
  type TenantPortalDto,
  tenantMonthlyTotal,
} from '@rentora/shared';
import { iso } from '../../core/http';
import type { DocumentSigner } from './tenants.files';
import type { TenantCodeRow, TenantDocumentRow, TenantRecordsRepo } from './tenants.records.repo';
import type { TenantDetailRow, TenantListRow, TenantsRepo } from './tenants.repo';

type EntryRow = Awaited<ReturnType<TenantRecordsRepo['entries']>>[number];
type HistoryRow = Awaited<ReturnType<TenantRecordsRepo['history']>>[number];
type PortalExtras = Awaited<ReturnType<TenantsRepo['portalExtras']>>;

export function duesOf(row: TenantListRow) {
  const dues = {
    rent: row.duesRent,
    maintenance: row.duesMaintenance,
    utilities: row.duesUtilities,
    penalties: row.duesPenalties,
    other: row.duesOther,
    total: 0,
  };
  dues.total = outstandingTotal(dues);
  return dues;
}

export function toTenantListItem(row: TenantListRow, now = new Date()): TenantListItemDto {
  return {
    _id: row.id,
    rentalUnitUserId: row.id,
    companyId: row.companyId,
    rentalUnitId: row.rentalUnitId,
    propertyId: row.propertyId,
    userId: row.userId,
    status: row.tenancyStatus,
    isActive: isCurrentTenantStatus(row.tenancyStatus),
    user: {
      _id: row.userId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
    },
    unit: { _id: row.rentalUnitId, unitNumber: row.unitNumber },
    property: { _id: row.propertyId, name: row.propertyName },
    occupancyDetails: { moveInDate: row.startDate, moveOutDate: row.movedOutAt },
    agreementDetails: {
      rentAmount: row.rent,
      maintenanceCharges: row.maintenanceCharges,
      securityDeposit: row.securityDeposit,
      rentDueDate: row.rentDueDay,
      leaseStartDate: row.leaseStartDate ?? row.startDate,
      leaseEndDate: row.endDate,
    },
    financialDetails: { outstandingDues: duesOf(row) },
    monthlyTotal: tenantMonthlyTotal({ rentAmount: row.rent, maintenanceCharges: row.maintenanceCharges }),
    nextRentDueDate: nextRentDueDate(row.rentDueDay, now),
    stayDurationDays: stayDurationDays(row.startDate, row.movedOutAt, now),
    currency: row.currency,
    createdAt: iso(row.createdAt),
  };
}

function fullName(first: string | null, last: string | null): string | null {
  return first === null ? null : `${first} ${last ?? ''}`.trim();
}

export function toDocumentDto(row: TenantDocumentRow, signer: DocumentSigner): TenantDocumentDto {
  return {
    _id: row.id,
    type: row.type,
    verified: row.verified,
    url: signer.url(row.tenantId, row.id),
    fileName: row.fileName,
    mimeType: row.mimeType,
    size: row.size,
    uploadedAt: iso(row.createdAt),
  };
}

/** The detail of a tenancy: the list item plus documents, notes and incidents, ratings, compliance and history. */
export function toTenantDto(
  row: TenantDetailRow,
  records: { documents: TenantDocumentRow[]; entries: EntryRow[]; history: HistoryRow[] },
  signer: DocumentSigner,
): TenantDto {
  const { documents, entries, history } = records;
  const entryDto = (entry: EntryRow): TenantEntryDto => ({
    _id: entry.id,
    content: entry.content,
    type: entry.type,
    author: fullName(entry.firstName, entry.lastName),
    createdAt: iso(entry.createdAt),
  });
  return {
    ...toTenantListItem(row),
    rejectionReason: row.rejectionReason,
    source: row.source,
    documents: documents.map((document) => toDocumentDto(document, signer)),
    documentsComplete: documentsComplete(documents),
    notes: entries.filter((entry) => entry.kind === 'note').map(entryDto),
    complaints: entries.filter((entry) => entry.kind === 'complaint').map(entryDto),
    warnings: entries.filter((entry) => entry.kind === 'warning').map(entryDto),
    ratings: row.ratings,
    compliance: row.compliance,
    history: history.map((entry) => ({
      _id: entry.id,
      fromStatus: entry.fromStatus,
      toStatus: entry.toStatus,
      reason: entry.reason,
      actor: fullName(entry.firstName, entry.lastName),
      createdAt: iso(entry.createdAt),
    })),
    gstin: row.gstin,
    legalName: row.legalName,
    billingAddress: row.billingAddress,
    updatedAt: iso(row.updatedAt),
  };
}

/** What the tenant portal shows of a tenancy: the place, the dues and which documents are still missing. */
export function toPortalDto(
  row: TenantDetailRow,
  documents: TenantDocumentRow[],
  extra: PortalExtras,
): TenantPortalDto {
  const types = new Set(documents.map((document) => document.type));
  return {
    firstName: row.firstName,
    companyId: row.companyId,
    companyName: extra?.companyName ?? '',
    status: row.tenancyStatus,
    unit: { unitNumber: row.unitNumber, unitType: extra?.unitType ?? '' },
    property: { name: row.propertyName, city: extra?.city ?? '' },
    dues: duesOf(row),
    monthlyTotal: tenantMonthlyTotal({ rentAmount: row.rent, maintenanceCharges: row.maintenanceCharges }),
    nextRentDueDate: nextRentDueDate(row.rentDueDay),
    leaseEndDate: row.endDate,
    currency: row.currency,
    documents: {
      complete: documentsComplete(documents),
      uploaded: documents.map((document) => ({ type: document.type, verified: document.verified })),
      missing: REQUIRED_TENANT_DOCUMENTS.filter((type) => !types.has(type)),
    },
  };
}

export function toCodeDto(code: TenantCodeRow, appUrl: string): TenantCodeDto {
  return {
    rentalUnitUserId: code.tenantId,
    tenantCode: code.code,
    companyId: code.companyId,
    portalUrl: `${appUrl}/tenant-portal/${code.code}?companyId=${code.companyId}`,
    createdAt: iso(code.createdAt),
  };
}
