import { DEFAULT_TIME_ZONE } from '@rentora/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { lookedUp } from '../../core/page-rows';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { bookings, companies, paymentOrders, properties, rentalUnits, users } from '../../db/schema';

export type BookingRow = typeof bookings.$inferSelect;

/** What a booking is shown with: its property's name, its unit's number and the booker's name (by key: lookedUp). */
export const bookingNameColumns = {
  propertyName: lookedUp<string>(properties.name, properties.id, bookings.propertyId),
  unitNumber: lookedUp<string>(rentalUnits.unitNumber, rentalUnits.id, bookings.rentalUnitId),
  firstName: lookedUp<string>(users.firstName, users.id, bookings.userId),
  lastName: lookedUp<string>(users.lastName, users.id, bookings.userId),
};

type BookingValues = Partial<typeof bookings.$inferInsert>;

/** A booking's row under its row lock, by id alone (the caller has checked who may touch it). */
export async function lockBooking(tx: Tx, id: string): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

/** Sets columns of one booking. */
export async function setBooking(tx: Tx, id: string, values: BookingValues): Promise<void> {
  await tx.update(bookings).set(values).where(eq(bookings.id, id));
}

/** Sets columns of one booking and answers the row as it is now. */
export async function setBookingReturning(
  tx: Tx,
  id: string,
  values: BookingValues,
): Promise<BookingRow | undefined> {
  const [row] = await tx.update(bookings).set(values).where(eq(bookings.id, id)).returning();
  return row;
}

/** The booker's own booking under its row lock. */
export async function lockOwnBooking(tx: Tx, id: string, userId: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.userId, userId)))
    .for('update');
  return row;
}

/** A company's booking under its row lock. */
export async function lockCompanyBooking(
  tx: Tx,
  id: string,
  companyId: string,
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.companyId, companyId)))
    .for('update');
  return row;
}

/** One booking of the unit in any of `statuses` (a hold or an open booking), if there is one. */
export async function openBookingOfUnit(
  tx: Tx,
  rentalUnitId: string,
  statuses: readonly BookingRow['status'][],
) {
  const [held] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.rentalUnitId, rentalUnitId), inArray(bookings.status, [...statuses])))
    .limit(1);
  return held;
}

export async function insertBooking(tx: Tx, values: typeof bookings.$inferInsert): Promise<BookingRow> {
  const [row] = await tx.insert(bookings).values(values).returning();
  return row!;
}

/**
 * Expires holds past their time in one statement (each row is updated once, whichever process runs it), appending
 * the history entry in SQL; answers the expired bookings with their open order.
 */
export function expireHeldBookings(tx: Tx) {
  return tx
    .update(bookings)
    .set({
      status: 'expired',
      holdExpiresAt: null,
      statusHistory: sql`${bookings.statusHistory} || jsonb_build_array(jsonb_build_object('status', 'expired', 'note', 'Payment hold expired', 'at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'byUserId', null))`,
    })
    .where(and(eq(bookings.status, 'pending_payment'), sql`${bookings.holdExpiresAt} < now()`))
    .returning({ id: bookings.id, orderId: bookings.currentOrderId, companyId: bookings.companyId });
}

export function createBookingsRepo(db: Db) {
  return {
    /** A booking by id alone (the caller checks who may see it). */
    async byId(id: string): Promise<BookingRow | undefined> {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      return row;
    },

    /** Property name, unit number and booker name of each booking, in one query. */
    namesOf(ids: string[]) {
      return db
        .select({ id: bookings.id, ...bookingNameColumns })
        .from(bookings)
        .where(inArray(bookings.id, ids));
    },

    /** A unit to book, with the checks its property and company need. */
    async bookableUnit(rentalUnitId: string) {
      const [unit] = await db
        .select({
          unit: rentalUnits,
          propertyVerified: properties.verificationStatus,
          companyVerified: companies.isVerified,
          companyFeatures: companies.featuresList,
        })
        .from(rentalUnits)
        .innerJoin(properties, eq(properties.id, rentalUnits.propertyId))
        .innerJoin(companies, eq(companies.id, rentalUnits.companyId))
        .where(eq(rentalUnits.id, rentalUnitId));
      return unit;
    },

    /** The booker's own booking and its order with this gateway id, in one read. */
    async bookerOrder(input: { bookingId: string; userId: string; gatewayOrderId: string }) {
      const [found] = await db
        .select({ order: paymentOrders })
        .from(paymentOrders)
        .innerJoin(bookings, eq(bookings.id, paymentOrders.referenceId))
        .where(
          and(
            eq(bookings.id, input.bookingId),
            eq(bookings.userId, input.userId),
            eq(paymentOrders.gatewayOrderId, input.gatewayOrderId),
            eq(paymentOrders.userId, input.userId),
          ),
        );
      return found;
    },

    /** The booker's own order of installment `installmentNumber` of the booking, with this gateway id. */
    async bookerInstallmentOrder(input: {
      bookingId: string;
      userId: string;
      gatewayOrderId: string;
      installmentNumber: number;
    }) {
      const [order] = await db
        .select()
        .from(paymentOrders)
        .innerJoin(bookings, eq(bookings.id, paymentOrders.referenceId))
        .where(
          and(
            eq(bookings.id, input.bookingId),
            eq(bookings.userId, input.userId),
            eq(paymentOrders.gatewayOrderId, input.gatewayOrderId),
            eq(paymentOrders.userId, input.userId),
            eq(paymentOrders.installmentNumber, input.installmentNumber),
          ),
        );
      return order;
    },

    /** The id of the booker's own booking, if it is theirs. */
    async ownBookingId(id: string, userId: string) {
      const [own] = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.id, id), eq(bookings.userId, userId)));
      return own;
    },

    /** Everything a rental agreement shows: the company's booking with its company, property, unit and booker. */
    async agreementData(id: string, companyId: string) {
      const [data] = await db
        .select({
          booking: bookings,
          company: companies,
          property: properties,
          unitNumber: rentalUnits.unitNumber,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(bookings)
        .innerJoin(companies, eq(companies.id, bookings.companyId))
        .innerJoin(properties, eq(properties.id, bookings.propertyId))
        .innerJoin(rentalUnits, eq(rentalUnits.id, bookings.rentalUnitId))
        .innerJoin(users, eq(users.id, bookings.userId))
        .where(and(eq(bookings.id, id), eq(bookings.companyId, companyId)));
      return data;
    },
  };
}

/** The signer's name and email. */
export async function signerOf(conn: DbOrTx, userId: string) {
  const [signer] = await conn
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return signer;
}

/** A company's time zone (Asia/Kolkata by default): the one its documents write times in. */
export async function companyTimeZoneOf(conn: DbOrTx, companyId: string): Promise<string> {
  const [company] = await conn
    .select({ timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.timeZone ?? DEFAULT_TIME_ZONE;
}

export type BookingsRepo = ReturnType<typeof createBookingsRepo>;
