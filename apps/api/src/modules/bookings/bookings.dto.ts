import type { BookingDto } from '@rentora/shared';
import { iso, isoOrNull } from '../../core/http';
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
    propertyName: names.propertyName,
    unitNumber: names.unitNumber,
    bookerName: names.bookerName,
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
