import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { ZId, ZIsoDate, ZPagination } from './common';

export const NOTIFICATION_CATEGORIES = [
  'system',
  'property',
  'tenant',
  'booking',
  'payment',
  'maintenance',
  'company',
  'account',
] as const;
export const ZNotificationCategory = z.enum(NOTIFICATION_CATEGORIES);
export const ZNotificationStatus = z.enum(['unread', 'read']);

export const ZNotificationDto = z.object({
  _id: ZId,
  userId: ZId,
  companyId: ZId.nullable(),
  category: ZNotificationCategory,
  type: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  priority: z.enum(['low', 'normal', 'high']),
  status: ZNotificationStatus,
  readAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
  /** Free-form context set by the sender (e.g. `{ propertyId }`); the API always sends it, null when none. */
  data: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type NotificationDto = z.infer<typeof ZNotificationDto>;

/** GET /inapp-notifications/user — status all|unread|read, page, limit (default 20). */
export const ZNotificationListQuery = z.object({
  status: z.enum(['all', 'unread', 'read']).default('all'),
  category: ZNotificationCategory.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.notifications),
});

export const ZNotificationList = z.object({
  success: z.literal(true),
  data: z.array(ZNotificationDto),
  unreadCount: z.number().int(),
  pagination: ZPagination,
});

export const ZNotificationStats = z.object({
  total: z.number().int(),
  unread: z.number().int(),
  read: z.number().int(),
  byCategory: z.record(z.string(), z.object({ total: z.number().int(), unread: z.number().int() })),
});

/** PUT /inapp-notifications/mark-read — one notification, or all (optionally of one category). */
export const ZMarkReadBody = z.union([
  z.object({ notificationId: ZId }),
  z.object({ markAll: z.literal(true), category: ZNotificationCategory.optional() }),
]);

/** socket.io events. */
export const SOCKET_EVENTS = {
  notificationNew: 'notification:new',
  notificationCount: 'notification:count',
} as const;
export const ZNotificationCountEvent = z.object({ unreadCount: z.number().int() });

export type NotificationCategory = z.infer<typeof ZNotificationCategory>;
export type NotificationStatus = z.infer<typeof ZNotificationStatus>;
export const ZNotificationPriority = ZNotificationDto.shape.priority;
export type NotificationPriority = z.infer<typeof ZNotificationPriority>;
export type NotificationList = z.infer<typeof ZNotificationList>;
export type NotificationStats = z.infer<typeof ZNotificationStats>;
export type MarkReadBody = z.infer<typeof ZMarkReadBody>;

/** The answer of PUT /inapp-notifications/mark-read: how many became read, the caller's unread count after it. */
export const ZMarkReadResult = z.object({
  updatedCount: z.number().int(),
  unreadCount: z.number().int(),
  /** The notification named by `notificationId`; null for `markAll`. */
  notification: ZNotificationDto.nullable(),
});
export type MarkReadResult = z.infer<typeof ZMarkReadResult>;
export type NotificationCountEvent = z.infer<typeof ZNotificationCountEvent>;
