import type { BookingDto } from '@rentora/shared';
import { iso, isoOrNull } from '../../core/http';
import type { BookingStatusEntry } from '../../db/schema';
import type { createAgreementLinks } from './bookings.agreement-links';
import type { BookingRow } from './bookings.repo';

export interface BookingNames {
  propertyName: string;
  unitNumber: string;
  bookerName: string;
}

export type AgreementLinks = ReturnType<typeof createAgreementLinks>;

function agreementDto(row: BookingRow, links: AgreementLinks | null): BookingDto['agreement'] {
  const a = row.agreement;
  if (!a) return null;
  return {
    generatedAt: a.generatedAt,
    sha256: a.sha256,
    url: links?.url(row.id, 'unsigned') ?? '',
    signed: a.signed
      ? {
          signedAt: a.signed.signedAt,
          signerName: a.signed.signerName,
          signatureType: a.signed.signatureType,
          ip: a.signed.ip,
          userAgent: a.signed.userAgent,
          unsignedSha256: a.signed.unsignedSha256,
          sha256: a.signed.sha256,
          url: links?.url(row.id, 'signed') ?? '',
        }
      : null,
  };
}

export function toBookingDto(
  row: BookingRow,
  names: BookingNames,
  links: AgreementLinks | null = null,
): BookingDto {
  return {
    agreement: agreementDto(row, links),
    ...names,
    _id: row.id,
    companyId: row.companyId,
    propertyId: row.propertyId,
    rentalUnitId: row.rentalUnitId,
    userId: row.userId,
    status: row.status,
    moveInDate: row.moveInDate,
    durationMonths: row.durationMonths,
    paymentPlan: row.paymentPlan,
    notes: row.notes,
    currency: row.currency,
    monthlyRent: row.monthlyRent,
    maintenanceCharges: row.maintenanceCharges,
    securityDeposit: row.securityDeposit,
    totalAmount: row.totalAmount,
    paidAmount: row.paidAmount,
    refundDueAmount: row.refundDueAmount,
    installments: row.installments,
    statusHistory: row.statusHistory,
    holdExpiresAt: isoOrNull(row.holdExpiresAt),
    cancellationReason: row.cancellationReason,
    tenantId: row.tenantId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** A status history entry, stamped now. */
export const entry = (status: string, note: string | null, byUserId: string | null): BookingStatusEntry => ({
  status,
  note,
  at: new Date().toISOString(),
  byUserId,
});

/** The statuses of a booking that still holds its unit. */
export const OPEN_STATUSES = ['pending_payment', 'partially_paid', 'confirmed'] as const;

export const today = () => new Date().toISOString().slice(0, 10);

/** `isoDate` plus `months` calendar months, on the same day or the month's last day when it has fewer. */
export function addMonths(isoDate: string, months: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
