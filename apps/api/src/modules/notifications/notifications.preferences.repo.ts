import type { NotificationKind, NotificationPreference, PreferenceChannel } from '@rentora/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

const COLUMN = {
  inApp: notificationPreferences.inApp,
  email: notificationPreferences.email,
} as const satisfies Record<PreferenceChannel, unknown>;

/** The rows of notification_preferences (a kind without a row has every channel on). */
export function createPreferencesRepo(db: DbOrTx) {
  return {
    list(userId: string) {
      return db
        .select({
          kind: notificationPreferences.kind,
          inApp: notificationPreferences.inApp,
          email: notificationPreferences.email,
        })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
    },

    /** Of `userIds`, those who turned `channel` off for `kind`. */
    async optedOut(userIds: readonly string[], kind: NotificationKind, channel: PreferenceChannel) {
      if (userIds.length === 0) return new Set<string>();
      const rows = await db
        .select({ userId: notificationPreferences.userId })
        .from(notificationPreferences)
        .where(
          and(
            inArray(notificationPreferences.userId, [...userIds]),
            eq(notificationPreferences.kind, kind),
            eq(COLUMN[channel], false),
          ),
        );
      return new Set(rows.map((row) => row.userId));
    },

    async save(userId: string, rows: readonly NotificationPreference[]) {
      await db
        .insert(notificationPreferences)
        .values(rows.map((row) => ({ userId, ...row })))
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: {
            inApp: sql`excluded.in_app`,
            email: sql`excluded.email`,
            updatedAt: new Date(),
          },
        });
    },
  };
}
