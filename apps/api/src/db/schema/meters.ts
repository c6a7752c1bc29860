import { METER_TYPES, type TariffSlab } from '@rentora/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companies } from './companies';
import { users } from './identity';
import { invoices } from './invoices';
import { rentalUnits } from './properties';

/**
 * Metered utilities: meters of a unit (or shared by several), their readings, and the reading ranges the rent run
 * has billed. Readings are kept in hundredths of a unit; money in paise.
 */

export interface TariffRow {
  perUnit: number | null;
  slabs: TariffSlab[] | null;
  fixedCharge: number;
}

export const meters = pgTable(
  'meters',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The unit the meter was added to. */
    rentalUnitId: uuid()
      .notNull()
      .references(() => rentalUnits.id, { onDelete: 'cascade' }),
    type: text({ enum: METER_TYPES }).notNull(),
    label: text().notNull().default(''),
    tariff: jsonb().$type<TariffRow>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Removed meters keep their readings and bills but are neither listed nor billed. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('meters_unit_idx').on(t.rentalUnitId).where(sql`deleted_at is null`)],
);

/** The units that split a shared meter's bill; a meter without rows here is billed to its own unit. */
export const meterShares = pgTable(
  'meter_shares',
  {
    meterId: uuid()
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    rentalUnitId: uuid()
      .notNull()
      .references(() => rentalUnits.id, { onDelete: 'cascade' }),
    /** Share in basis points; a meter's shares add up to 10,000. */
    shareBp: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.meterId, t.rentalUnitId] }),
    index('meter_shares_unit_idx').on(t.rentalUnitId),
  ],
);

export const meterReadings = pgTable(
  'meter_readings',
  {
    /** UUIDv7: readings of one day are ordered by it. */
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    meterId: uuid()
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    readingHundredths: bigint({ mode: 'number' }).notNull(),
    readAt: date().notNull(),
    meterReplaced: boolean().notNull().default(false),
    photoKey: text(),
    thumbnailKey: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('meter_readings_meter_idx').on(t.meterId, t.readAt, t.id)],
);

/**
 * A reading range billed to one unit on one invoice. The unique keys make a range billable once per unit: no second
 * bill may start or end at the same reading.
 */
export const meterCharges = pgTable(
  'meter_charges',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    meterId: uuid()
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    /** The unit, tenancy and readings are kept without foreign keys (the meter's cascade removes the rows): seven
     * checks a row slowed the rent run. */
    rentalUnitId: uuid().notNull(),
    tenancyId: uuid().notNull(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    fromReadingId: uuid().notNull(),
    toReadingId: uuid().notNull(),
    consumptionHundredths: bigint({ mode: 'number' }).notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('meter_charges_to_key').on(t.meterId, t.rentalUnitId, t.toReadingId),
    uniqueIndex('meter_charges_from_key').on(t.meterId, t.rentalUnitId, t.fromReadingId),
    index('meter_charges_invoice_idx').on(t.invoiceId),
  ],
);

export type MeterRow = typeof meters.$inferSelect;
export type MeterReadingRow = typeof meterReadings.$inferSelect;
