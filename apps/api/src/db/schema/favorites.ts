import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './identity';
import { rentalUnits } from './properties';

/**
 * Units a signed-in person saved from the public listing. Owned by the person (`user_id` leads every index), not by
 * a company: the unit's company never sees who saved it. What the unit looked like when saved (rent, status,
 * listed) is kept so the Favorites page can say what changed since.
 */
export const favorites = pgTable(
  'favorites',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rentalUnitId: uuid()
      .notNull()
      .references(() => rentalUnits.id, { onDelete: 'cascade' }),
    /** Rent when saved, minor units (paise). */
    savedRent: integer().notNull(),
    savedCurrency: text().notNull().default('INR'),
    /** The unit's status when saved (Available, Occupied, …). */
    savedStatus: text().notNull(),
    savedListed: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One save per person and unit: a second POST is a no-op.
    uniqueIndex('favorites_user_unit_uq').on(t.userId, t.rentalUnitId),
    // The Favorites page, newest first.
    index('favorites_user_created_idx').on(t.userId, t.createdAt, t.id),
    // ON DELETE CASCADE of a unit.
    index('favorites_unit_idx').on(t.rentalUnitId),
  ],
);
