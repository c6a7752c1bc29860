import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { favorites } from '../../db/schema';

export type FavoriteRow = typeof favorites.$inferSelect;

/** Most favorites one person keeps (the hearts of the listing read them all at once). */
export const FAVORITES_MAX = 500;

/** A person's saved units; every query filters by `user_id` (favorites_user_created_idx, favorites_user_unit_uq). */
export function createFavoritesRepo(db: DbOrTx) {
  return {
    page(userId: string, page: { limit: number; offset: number }) {
      return db
        .select()
        .from(favorites)
        .where(eq(favorites.userId, userId))
        .orderBy(desc(favorites.createdAt), desc(favorites.id))
        .limit(page.limit)
        .offset(page.offset);
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
