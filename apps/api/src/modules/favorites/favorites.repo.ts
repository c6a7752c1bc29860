import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { BoundedTotal } from '../../core/page-totals';
import { oneShapeList } from '../../core/page-totals';
import { pageLimit, pageOffset } from '../../core/statements';
import type { DbOrTx } from '../../db/client';
import { favorites } from '../../db/schema';

export type FavoriteRow = typeof favorites.$inferSelect;

/** Most favorites one person keeps (the hearts of the listing read them all at once). */
export const FAVORITES_MAX = 500;

const ofUser = eq(favorites.userId, sql.placeholder('userId'));

/** The Favorites page: one shape, built once, its bounded count in the same statement (the fast-list pattern). */
const favoritePage = oneShapeList(favorites, ofUser, (db, total) =>
  db
    .select({ favorite: favorites, total })
    .from(favorites)
    .where(ofUser)
    .orderBy(desc(favorites.createdAt), desc(favorites.id))
    .limit(pageLimit())
    .offset(pageOffset()),
);

/** A person's saved units; every query filters by `user_id` (favorites_user_created_idx, favorites_user_unit_uq). */
export function createFavoritesRepo(db: DbOrTx) {
  return {
    /** One page, newest first, with its total. */
    async page(
      userId: string,
      page: { limit: number; offset: number },
    ): Promise<{ rows: FavoriteRow[]; count: BoundedTotal }> {
      const { rows, count } = await favoritePage(db, { userId, ...page });
      return { rows: rows.map((row) => row.favorite), count };
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ total: count() }).from(favorites).where(eq(favorites.userId, userId));
      return Number(row?.total ?? 0);
    },

    async unitIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: favorites.rentalUnitId })
        .from(favorites)
        .where(eq(favorites.userId, userId))
        .orderBy(desc(favorites.createdAt))
        .limit(FAVORITES_MAX);
      return rows.map((row) => row.id);
    },

    /** Saves once: a second save of the same unit keeps the first (and its "when saved" facts). */
    async insert(values: typeof favorites.$inferInsert): Promise<void> {
      await db.insert(favorites).values(values).onConflictDoNothing();
    },

    async find(userId: string, rentalUnitId: string) {
      const [row] = await db
        .select()
        .from(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.rentalUnitId, rentalUnitId)))
        .limit(1);
      return row;
    },

    async remove(userId: string, rentalUnitId: string): Promise<boolean> {
      const rows = await db
        .delete(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.rentalUnitId, rentalUnitId)))
        .returning({ id: favorites.id });
      return rows.length > 0;
    },
  };
}
