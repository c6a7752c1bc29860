import { z } from 'zod';
import { ZId, ZIsoDate } from './common';
import type { NotificationCategory } from './notifications';

/**
 * Kinds of notification a person may turn off per channel (GET/PUT /api/me/notification-preferences). Account and
 * security messages (password reset, sign-in codes, invitations) are not among them: they are always sent.
 */
export const NOTIFICATION_KINDS = [
  'billing',
  'maintenance',
  'messages',
  'bookings',
  'announcements',
] as const;
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof ZNotificationKind>;

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; description: string }> = {
  billing: { label: 'Invoices and payments', description: 'New invoices, reminders, receipts and deposits' },
  maintenance: { label: 'Maintenance', description: 'Updates on the repairs you reported' },
  messages: { label: 'Messages', description: 'Replies from your landlord or property manager' },
  bookings: { label: 'Bookings', description: 'Booking confirmations and installments' },
  announcements: { label: 'Announcements', description: 'News about your property and your account' },
};

/**
 * Channels a preference covers. Each is one boolean column of `notification_preferences`; the collections work adds
 * `sms` and `whatsapp` the same way.
 */
export const PREFERENCE_CHANNELS = ['inApp', 'email'] as const;
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];

/** The kind an in-app notification of a category falls under; null: always delivered (account notices). */
export function notificationKindOf(category: NotificationCategory): NotificationKind | null {
  switch (category) {
    case 'payment':
      return 'billing';
    case 'maintenance':
      return 'maintenance';
    case 'booking':
      return 'bookings';
    case 'account':
      return null;
    default:
      return 'announcements';
  }
}

export const ZNotificationPreference = z.object({
  kind: ZNotificationKind,
  inApp: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof ZNotificationPreference>;

/** Every kind, in NOTIFICATION_KINDS order (a kind never changed: both channels on). */
export const ZNotificationPreferences = z.array(ZNotificationPreference);

/** PUT: the kinds to change (others stay as they are). */
export const ZNotificationPreferencesBody = z.object({
  preferences: z
    .array(ZNotificationPreference)
    .min(1, 'Change at least one preference')
    .max(NOTIFICATION_KINDS.length)
    .refine((rows) => new Set(rows.map((row) => row.kind)).size === rows.length, 'Each kind once'),
});
export type NotificationPreferencesBody = z.infer<typeof ZNotificationPreferencesBody>;

/** GET /api/me/sessions: the caller's signed-in sessions (not revoked, used in the last 30 days). */
export const ZSessionDto = z.object({
  _id: ZId,
  /** "Chrome on Windows", from the user agent; "Unknown device" without one. */
  device: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  lastUsedAt: ZIsoDate,
  createdAt: ZIsoDate,
  /** The session of this request. */
  current: z.boolean(),
});
export type SessionDto = z.infer<typeof ZSessionDto>;

export const ZSessionParams = z.object({ sessionId: ZId });

/** POST /api/me/sessions/end-others: the confirmation is part of the request, so nothing ends it by accident. */
export const ZEndOtherSessionsBody = z.object({ confirm: z.literal(true) });
