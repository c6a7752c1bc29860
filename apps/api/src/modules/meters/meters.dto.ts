import type { MeterDto, MeterReadingDto } from '@rentora/shared';
import type { UrlSigner } from '../../core/signed-urls';
import type { MeterReadingRow, MeterRow } from '../../db/schema';
import type { ShareRow } from './meters.repo';

export function toReadingDto(row: MeterReadingRow, signer: UrlSigner, billed: boolean): MeterReadingDto {
  return {
    _id: row.id,
    meterId: row.meterId,
    reading: row.readingHundredths / 100,
    readAt: row.readAt,
    meterReplaced: row.meterReplaced,
    photoUrl: row.photoKey ? signer.signed(row.photoKey) : null,
    thumbnailUrl: row.thumbnailKey ? signer.signed(row.thumbnailKey) : null,
    billed,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toMeterDto(row: MeterRow, shares: ShareRow[], last: MeterReadingDto | null): MeterDto {
  return {
    _id: row.id,
    rentalUnitId: row.rentalUnitId,
    type: row.type,
    label: row.label,
    tariff: {
      perUnit: row.tariff.perUnit,
      slabs: row.tariff.slabs,
      fixedCharge: row.tariff.fixedCharge,
    },
    shared:
      shares.length > 0
        ? shares.map((s) => ({
            rentalUnitId: s.rentalUnitId,
            unitNumber: s.unitNumber,
            sharePercent: s.shareBp / 100,
          }))
        : null,
    lastReading: last,
    createdAt: row.createdAt.toISOString(),
  };
}
