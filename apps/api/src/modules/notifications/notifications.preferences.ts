import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreference,
  type NotificationPreferencesBody,
  type PreferenceChannel,
  ZNotificationPreferencesBody,
} from '@rentora/shared';
import type { DbOrTx } from '../../db/client';
import { createPreferencesRepo } from './notifications.preferences.repo';

/** A person's notification preferences (GET/PUT /api/me/notification-preferences) and the check of each send. */
export function createNotificationPreferencesService(deps: { db: DbOrTx }) {
  const repo = createPreferencesRepo(deps.db);

  async function get(userId: string): Promise<NotificationPreference[]> {
    const saved = new Map((await repo.list(userId)).map((row) => [row.kind, row]));
    return NOTIFICATION_KINDS.map((kind) => saved.get(kind) ?? { kind, inApp: true, email: true });
  }

  return {
    get,

    async update(userId: string, input: NotificationPreferencesBody): Promise<NotificationPreference[]> {
      const body = ZNotificationPreferencesBody.parse(input);
      await repo.save(userId, body.preferences);
      return get(userId);
    },

    /** Whether a user wants `kind` on `channel` (no row: yes). */
    async allows(userId: string, kind: NotificationKind, channel: PreferenceChannel): Promise<boolean> {
      return !(await repo.optedOut([userId], kind, channel)).has(userId);
    },

    /** `userIds` without those who turned `channel` off for `kind`. */
    async filter(userIds: readonly string[], kind: NotificationKind, channel: PreferenceChannel) {
      const out = await repo.optedOut(userIds, kind, channel);
      return userIds.filter((id) => !out.has(id));
    },
  };
}

export type NotificationPreferencesService = ReturnType<typeof createNotificationPreferencesService>;
