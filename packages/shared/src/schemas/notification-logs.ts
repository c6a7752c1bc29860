import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { ZId, ZIsoDate } from './common';

/** Delivery log of every email and in-app notification (super_admin), and test notifications. */

export const NOTIFICATION_CHANNELS = ['email', 'in_app', 'sms', 'whatsapp'] as const;
export const ZNotificationChannel = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof ZNotificationChannel>;

export const ZNotificationLogStatus = z.enum(['sent', 'failed']);

export const ZNotificationLogDto = z.object({
  _id: ZId,
  companyId: ZId.nullable(),
  recipient: z.object({
    userId: ZId.nullable(),
    email: z.string().nullable(),
    /** SMS and WhatsApp: the number messaged. */
    phone: z.string().nullable().optional(),
    name: z.string().nullable(),
  }),
  channel: ZNotificationChannel,
  /** SMS and WhatsApp: the provider that carried it (`msg91`, `whatsapp_cloud`, `outbox`). */
  provider: z.string().nullable().optional(),
  /** The template or notification type, e.g. `company_invitation`, `reset_password`, `test`. */
  template: z.string(),
  /** Email subject or notification title. */
  subject: z.string(),
  status: ZNotificationLogStatus,
  error: z.string().nullable(),
  createdAt: ZIsoDate,
});
export type NotificationLogDto = z.infer<typeof ZNotificationLogDto>;

const ZDateFilter = z.iso.datetime({ offset: true, message: 'Must be an ISO date-time' }).or(z.iso.date());

/** GET /notification-logs — newest first by default. */
export const ZNotificationLogListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(PAGE_SIZES.notifications),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  channel: ZNotificationChannel.optional(),
  status: ZNotificationLogStatus.optional(),
  template: z.string().trim().max(60).optional(),
  companyId: ZId.optional(),
  userId: ZId.optional(),
  /** Part of the recipient's email. */
  search: z.string().trim().max(100).optional(),
  dateFrom: ZDateFilter.optional(),
  dateTo: ZDateFilter.optional(),
});
export type NotificationLogListQuery = z.infer<typeof ZNotificationLogListQuery>;

export const ZNotificationLogStats = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  last24Hours: z.number().int(),
  byChannel: z.record(z.string(), z.object({ sent: z.number().int(), failed: z.number().int() })),
});

/**
 * POST /test-notifications — a test in-app notification or email to one user. A super admin may reach any
 * active account; a company user with notifications_write may reach active members of the current company.
 */
export const ZTestNotificationBody = z.object({
  userId: ZId,
  channel: ZNotificationChannel,
  title: z.string().trim().min(1).max(150).optional(),
  message: z.string().trim().min(1).max(2000).optional(),
});
export type TestNotificationBody = z.infer<typeof ZTestNotificationBody>;

export const ZTestNotificationResult = z.object({
  channel: ZNotificationChannel,
  status: ZNotificationLogStatus,
  error: z.string().nullable(),
  recipient: z.object({ userId: ZId, email: z.string() }),
});
export type TestNotificationResult = z.infer<typeof ZTestNotificationResult>;
