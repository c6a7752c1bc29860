import { and, count, desc, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { pageRowsOf } from '../../core/page-rows';
import { COUNT_BOUND } from '../../core/pagination';
import { mappedRows } from '../../core/row-mapper';
import { anyOf, boundedCountColumn, boundedCountQuery, statementsByShape } from '../../core/statements';
import type { Db, DbOrTx } from '../../db/client';
import { bookings, payments as ledger, paymentOrders, properties, rentalUnits, users } from '../../db/schema';
import { bookingNameColumns } from './bookings.repo';

/** Which filters a bookings list request uses: one statement per shape, built once (core/statements.ts). */
export interface BookingListShape {
  /** Staff see the company's bookings; anyone else their own. */
  staff: boolean;
  statuses: boolean;
  propertyId: boolean;
  rentalUnitId: boolean;
  from: boolean;
  to: boolean;
  /** The fields a search looks in besides names, units and properties (personFieldsFor); false: no search. */
  search: false | { email: boolean };
}

/** The values a list statement is executed with (placeholders of its shape). */
export type BookingListValues = {
  companyId: string | null;
  userId: string;
  statuses: string[];
  propertyId: string | undefined;
  rentalUnitId: string | undefined;
  from: string | undefined;
  to: string | undefined;
  like: string | undefined;
  limit: number;
  offset: number;
};

/**
 * The bookers, units and properties a search matches, as the statement's WITH queries (trigram and search-vector
 * indexes, each bounded): found once for both the page and its count (PostgreSQL materialises a WITH query read
 * twice), where a page and a count statement each searched. A term with whitespace is in no email (personFieldsFor).
 */
function bookingSearchMatches(db: DbOrTx, shape: BookingListShape, search: { email: boolean }) {
  const like = sql.placeholder('like');
  const inCompany = <T extends typeof rentalUnits.companyId | typeof properties.companyId>(column: T) =>
    shape.staff ? eq(column, sql.placeholder('companyId')) : undefined;
  const names = ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like);
  return {
    people: db.$with('matched_people').as(
      db
        .select({ id: users.id })
        .from(users)
        .where(search.email ? or(names, ilike(users.email, like)) : names)
        .limit(COUNT_BOUND),
    ),
    units: db.$with('matched_units').as(
      db
        .select({ id: rentalUnits.id })
        .from(rentalUnits)
        .where(and(inCompany(rentalUnits.companyId), ilike(rentalUnits.unitNumber, like)))
        .limit(COUNT_BOUND),
    ),
    places: db.$with('matched_places').as(
      db
        .select({ id: properties.id })
        .from(properties)
        .where(and(inCompany(properties.companyId), ilike(properties.name, like)))
        .limit(COUNT_BOUND),
    ),
  };
}

type BookingSearchMatches = ReturnType<typeof bookingSearchMatches>;

function bookingListWhere(
  db: DbOrTx,
  shape: BookingListShape,
  matches: BookingSearchMatches | undefined,
): SQL | undefined {
  const value = (name: string) => sql.placeholder(name);
  const filters: SQL[] = [
    shape.staff ? eq(bookings.companyId, value('companyId')) : eq(bookings.userId, value('userId')),
  ];
  if (shape.statuses) filters.push(anyOf(bookings.status, 'statuses'));
  if (shape.propertyId) filters.push(eq(bookings.propertyId, value('propertyId')));
  if (shape.rentalUnitId) filters.push(eq(bookings.rentalUnitId, value('rentalUnitId')));
  // The booking date, in UTC days, both ends included.
  if (shape.from) filters.push(sql`${bookings.createdAt} >= ${value('from')}::date`);
  if (shape.to) filters.push(sql`${bookings.createdAt} < ${value('to')}::date + 1`);
  if (matches) {
    // Matches as arrays: the page is still read in the order of the list's index and filtered, rather than every
    // booking of the company being joined to the people and sorted.
    const ids = (found: BookingSearchMatches[keyof BookingSearchMatches]) =>
      sql`array(${db.select({ id: found.id }).from(found)})`;
    filters.push(
      sql`(${bookings.userId} = any(${ids(matches.people)}) or ${bookings.rentalUnitId} = any(${ids(matches.units)})
           or ${bookings.propertyId} = any(${ids(matches.places)}))`,
    );
  }
  return and(...filters);
}

/** A statement of the list: its WITH queries (the search's matches, when it searches) and its WHERE. */
function bookingStatement(db: DbOrTx, shape: BookingListShape) {
  const matches = shape.search ? bookingSearchMatches(db, shape, shape.search) : undefined;
  return {
    withQueries: matches ? [matches.people, matches.units, matches.places] : [],
    where: bookingListWhere(db, shape, matches),
  };
}

const bookingShapeOptions = {
  searches: (shape: BookingListShape) => shape.search !== false,
};

const bookingPage = statementsByShape((db, shape: BookingListShape) => {
  const { withQueries, where } = bookingStatement(db, shape);
  const order = [desc(bookings.createdAt), desc(bookings.id)];
  // The page first, then the names of its rows only (pageRowsOf).
  const page = pageRowsOf(db, bookings, getTableColumns(bookings), where, order);
  return mappedRows(
    db
      .with(...withQueries)
      .select({
        booking: bookings,
        ...bookingNameColumns,
        total: boundedCountColumn(db, bookings, where, COUNT_BOUND),
      })
      .from(page)
      .orderBy(...order),
  );
}, bookingShapeOptions);

const bookingCount = statementsByShape((db, shape: BookingListShape) => {
  const { withQueries, where } = bookingStatement(db, shape);
  return boundedCountQuery(db, bookings, where, COUNT_BOUND, withQueries);
}, bookingShapeOptions);

export function createBookingListsRepo(db: Db) {
  return {
    /**
     * One page with its names (read in the order of a `(company_id, <filter>, created_at, id)` index) and a count
     * bounded at COUNT_BOUND rows, built once per filter shape; a search's matches are found once for both.
     */
    page(shape: BookingListShape, values: BookingListValues) {
      return bookingPage(db, shape).execute(values);
    },

    /** The bounded count of a shape, in a statement of its own. */
    async countPage(shape: BookingListShape, values: BookingListValues): Promise<number | undefined> {
      return (await bookingCount(db, shape).execute(values))[0]?.total;
    },

    /** Counts by status, money collected and refunded (ledger), outstanding on open bookings, last 12 months. */
    stats(companyId: string) {
      return Promise.all([
        db
          .select({ status: bookings.status, n: count() })
          .from(bookings)
          .where(eq(bookings.companyId, companyId))
          .groupBy(bookings.status),
        db
          .select({
            collected: sql<number>`coalesce(sum(${ledger.amount}) filter (where ${ledger.status} = 'captured'), 0)::int`,
            refunded: sql<number>`coalesce(sum(${ledger.amount}) filter (where ${ledger.status} = 'refunded'), 0)::int`,
          })
          .from(ledger)
          .innerJoin(paymentOrders, eq(paymentOrders.id, ledger.orderId))
          .where(and(eq(ledger.companyId, companyId), eq(paymentOrders.purpose, 'booking'))),
        db
          .select({
            outstanding: sql<number>`coalesce(sum(${bookings.totalAmount} - ${bookings.paidAmount}), 0)::int`,
          })
          .from(bookings)
          .where(
            and(
              eq(bookings.companyId, companyId),
              inArray(bookings.status, ['pending_payment', 'partially_paid']),
            ),
          ),
        db
          .select({
            month: sql<string>`to_char(date_trunc('month', ${bookings.createdAt}), 'YYYY-MM')`,
            bookings: sql<number>`count(*)::int`,
            collected: sql<number>`coalesce(sum(${bookings.paidAmount}), 0)::int`,
          })
          .from(bookings)
          .where(
            and(
              eq(bookings.companyId, companyId),
              sql`${bookings.createdAt} >= now() - interval '12 months'`,
            ),
          )
          .groupBy(sql`1`)
          .orderBy(sql`1`),
      ]);
    },
  };
}
