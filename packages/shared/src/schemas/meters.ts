import { z } from 'zod';
import { METER_TYPES } from '../domain/meters';
import { ZId } from './common';
import { ZMoney } from './properties';
import { ZDateOnly } from './rental-units';

export const ZMeterType = z.enum(METER_TYPES);

const hasTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A meter reading: at most two decimals. */
export const ZMeterReading = z
  .number()
  .min(0, 'Cannot be negative')
  .max(999_999_999, 'Too large')
  .refine(hasTwoDecimals, 'At most two decimals');

/** Paise per unit (650 = ₹6.50 a unit). */
const ZPerUnit = z.number().int('Whole paise').min(0, 'Cannot be negative').max(10_000_000, 'Too large');

export const ZTariffSlab = z.object({
  upTo: z.number().int('Whole units').positive('Must be more than 0').max(100_000_000).nullable(),
  perUnit: ZPerUnit,
});

/** `perUnit` (a flat price) or `slabs` applied in order, the last one open (`upTo: null`); a fixed charge a bill. */
export const ZTariff = z
  .object({
    perUnit: ZPerUnit.optional(),
    slabs: z.array(ZTariffSlab).min(1, 'Add at least one slab').max(20).optional(),
    fixedCharge: ZMoney.default(0),
  })
  .superRefine((t, ctx) => {
    if ((t.perUnit === undefined) === (t.slabs === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['perUnit'], message: 'Give either a price per unit or slabs' });
      return;
    }
    if (!t.slabs) return;
    t.slabs.forEach((slab, i) => {
      const last = i === t.slabs!.length - 1;
      if (last !== (slab.upTo === null))
        ctx.addIssue({
          code: 'custom',
          path: ['slabs', i, 'upTo'],
          message: last ? 'The last slab takes the rest (no upper limit)' : 'Only the last slab may be open',
        });
      const before = i > 0 ? t.slabs![i - 1]!.upTo : 0;
      if (slab.upTo !== null && before !== null && slab.upTo <= before)
        ctx.addIssue({ code: 'custom', path: ['slabs', i, 'upTo'], message: 'Slabs must rise in order' });
    });
  });
export type TariffInput = z.input<typeof ZTariff>;

export const ZMeterShare = z.object({
  rentalUnitId: ZId,
  sharePercent: z
    .number()
    .positive('Must be more than 0')
    .max(100)
    .refine(hasTwoDecimals, 'At most two decimals'),
});

const sharesAddUp = (shares: { rentalUnitId: string; sharePercent: number }[] | null | undefined) =>
  !shares || shares.reduce((sum, s) => sum + Math.round(s.sharePercent * 100), 0) === 10_000;
const sharesDistinct = (shares: { rentalUnitId: string }[] | null | undefined) =>
  !shares || new Set(shares.map((s) => s.rentalUnitId)).size === shares.length;

const meterFields = {
  type: ZMeterType,
  label: z.string().trim().max(60).default(''),
  tariff: ZTariff,
  /** Units that split the bill (the shares add up to 100); none: the unit pays it all. */
  shared: z.array(ZMeterShare).min(2, 'A shared meter has at least two units').max(50).nullable().optional(),
};

export const ZMeterBody = z
  .object(meterFields)
  .refine((b) => sharesAddUp(b.shared), { path: ['shared'], message: 'The shares must add up to 100%' })
  .refine((b) => sharesDistinct(b.shared), { path: ['shared'], message: 'Each unit may appear once' });
export type MeterBody = z.input<typeof ZMeterBody>;

export const ZMeterUpdateBody = z
  .object({
    label: meterFields.label.optional(),
    tariff: ZTariff.optional(),
    shared: meterFields.shared,
  })
  .refine((b) => sharesAddUp(b.shared), { path: ['shared'], message: 'The shares must add up to 100%' })
  .refine((b) => sharesDistinct(b.shared), { path: ['shared'], message: 'Each unit may appear once' });

export const ZMeterTariffDto = z.object({
  perUnit: z.number().int().nullable(),
  slabs: z.array(z.object({ upTo: z.number().int().nullable(), perUnit: z.number().int() })).nullable(),
  fixedCharge: z.number().int(),
});

export const ZMeterReadingDto = z.object({
  _id: ZId,
  meterId: ZId,
  reading: z.number(),
  readAt: z.string(),
  meterReplaced: z.boolean(),
  /** Signed links to the photo and its thumbnail; null without a photo. */
  photoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Whether a rent run has billed the range this reading closes. */
  billed: z.boolean(),
  createdAt: z.string(),
});
export type MeterReadingDto = z.infer<typeof ZMeterReadingDto>;

export const ZMeterDto = z.object({
  _id: ZId,
  rentalUnitId: ZId,
  type: ZMeterType,
  label: z.string(),
  tariff: ZMeterTariffDto,
  shared: z
    .array(z.object({ rentalUnitId: ZId, unitNumber: z.string(), sharePercent: z.number() }))
    .nullable(),
  lastReading: ZMeterReadingDto.nullable(),
  createdAt: z.string(),
});
export type MeterDto = z.infer<typeof ZMeterDto>;

/** A reading: JSON, or multipart with the same fields as text plus an optional image `photo`. */
export const ZMeterReadingBody = z.object({
  reading: z.coerce.number().pipe(ZMeterReading),
  readAt: ZDateOnly,
  meterReplaced: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
    .default(false),
});
export type MeterReadingBody = z.input<typeof ZMeterReadingBody>;

export const ZMeterReadingsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** A meter without a reading this month, for the field staff's round. */
export const ZMeterDueDto = z.object({
  meterId: ZId,
  type: ZMeterType,
  label: z.string(),
  rentalUnitId: ZId,
  unitNumber: z.string(),
  propertyId: ZId,
  propertyName: z.string(),
  lastReading: z.number().nullable(),
  lastReadAt: z.string().nullable(),
});
export type MeterDueDto = z.infer<typeof ZMeterDueDto>;

export const ZMetersDueQuery = z.object({
  propertyId: ZId.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
