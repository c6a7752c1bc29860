import {
  canUseFeature,
  holdsFeature,
  makePagination,
  type NotificationLogDto,
  type NotificationLogListQuery,
  planAllows,
  type TestNotificationBody,
  type TestNotificationResult,
} from '@rentora/shared';
import { type AuthContext, accessContextOf, requireCompany } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { featureNotInPlan, forbidden, notFound } from '../../core/errors';
import { escapeHtml } from '../../core/html';
import { iso, offsetOf } from '../../core/http';
import { mailContextOf, sendMail } from '../../core/mail-delivery';
import type { AuthService } from '../auth/auth.service';
import type { CompaniesService } from '../companies/companies.service';
import { createNotificationLogsRepo, type NotificationLogRow } from './notification-logs.repo';

const DAY_MS = 86_400_000;

function toLogDto(row: {
  log: NotificationLogRow;
  user: { email: string; firstName: string; lastName: string } | null;
}): NotificationLogDto {
  const { log, user } = row;
  return {
    _id: log.id,
    companyId: log.companyId,
    recipient: {
      userId: log.recipientUserId,
      email: log.recipientEmail ?? (log.recipientPhone ? null : (user?.email ?? null)),
      phone: log.recipientPhone,
      name: user ? `${user.firstName} ${user.lastName}`.trim() : null,
    },
    channel: log.channel,
    provider: log.provider,
    template: log.template,
    subject: log.subject,
    status: log.status,
    error: log.error,
    createdAt: iso(log.createdAt),
  };
}

/**
 * Records every email (mailer.onSent) and in-app notification (notifier.onNotified) in notification_logs.
 * Called once per app, from the plugin. Senders send after their transaction commits, so these writes never
 * wait on an open transaction.
 */
export function registerNotificationLogging(deps: Pick<AppDeps, 'db' | 'mailer' | 'notifier'>): void {
  const repo = createNotificationLogsRepo(deps.db);
  deps.mailer.onSent(async (message, result) => {
    const context = mailContextOf(message);
    const userId = context?.userId !== undefined ? context.userId : await repo.userIdByEmail(message.to);
    await repo.insertMany([
      {
        companyId: context?.companyId ?? null,
        recipientUserId: userId,
        recipientEmail: message.to,
        channel: 'email',
        template: message.template,
        subject: message.subject,
        status: result.delivered ? 'sent' : 'failed',
        error: result.error ? `${result.error}${result.retrying ? ' (queued for retry)' : ''}` : null,
      },
    ]);
  });
  deps.notifier.onNotified(async (deliveries) => {
    await repo.insertMany(
      deliveries.map((delivery) => ({
        companyId: delivery.companyId,
        recipientUserId: delivery.recipientId,
        recipientEmail: null,
        channel: delivery.channel,
        template: delivery.template,
        subject: delivery.title,
        status: delivery.status,
        error: delivery.error,
        createdAt: delivery.at,
      })),
    );
  });
}

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'notifier'> & { auth: AuthService; companies: CompaniesService };

export function createNotificationLogsService(deps: Deps) {
  const { db, mailer, notifier, auth, companies } = deps;
  const repo = createNotificationLogsRepo(db);

  function parseBound(value: string | undefined, endOfDay: boolean): Date | undefined {
    if (!value) return undefined;
    // A plain date covers that whole day.
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      return new Date(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`);
    }
    return new Date(value);
  }

  /** Super admin: any active account. Otherwise notifications_write and an active member of the company. */
  async function allowedRecipient(ctx: AuthContext, userId: string) {
    if (ctx.role === 'super_admin') {
      const user = await auth.findUserById(userId);
      if (!user?.isActive) throw notFound('User');
      return { user, companyId: null };
    }
    const scoped = requireCompany(ctx);
    const accessCtx = accessContextOf(scoped);
    if (!canUseFeature(accessCtx, 'notifications_write')) {
      if (holdsFeature(accessCtx, 'notifications_write') && !planAllows(accessCtx, 'notifications_write')) {
        throw featureNotInPlan('notifications_write');
      }
      throw forbidden('Missing permissions: notifications_write');
    }
    // The membership's row carries the account too: one statement.
    const member = await companies.findMember(scoped.companyId, userId);
    if (!member?.user.isActive || !member.member.isActive) throw notFound('User');
    return { user: member.user, companyId: scoped.companyId };
  }

  return {
    /** One delivery attempt of another channel (SMS, WhatsApp: modules/collections), logged like mail. */
    async record(entry: {
      companyId: string | null;
      userId: string | null;
      channel: 'sms' | 'whatsapp';
      provider: string;
      template: string;
      to: string;
      subject: string;
      status: 'sent' | 'failed';
      error: string | null;
    }): Promise<void> {
      await repo.insertMany([
        {
          companyId: entry.companyId,
          recipientUserId: entry.userId,
          recipientPhone: entry.to,
          channel: entry.channel,
          provider: entry.provider,
          template: entry.template,
          subject: entry.subject.slice(0, 200),
          status: entry.status,
          error: entry.error,
        },
      ]);
    },

    async list(query: NotificationLogListQuery) {
      const { rows, total } = await repo.list({
        channel: query.channel,
        status: query.status,
        template: query.template,
        companyId: query.companyId,
        userId: query.userId,
        search: query.search,
        from: parseBound(query.dateFrom, false),
        to: parseBound(query.dateTo, true),
        sortOrder: query.sortOrder,
        limit: query.limit,
        offset: offsetOf(query.page, query.limit),
      });
      return { data: rows.map(toLogDto), pagination: makePagination(query.page, query.limit, total) };
    },

    async stats() {
      const { byChannel, recent } = await repo.stats(new Date(Date.now() - DAY_MS));
      const channels: Record<string, { sent: number; failed: number }> = {
        email: { sent: 0, failed: 0 },
        in_app: { sent: 0, failed: 0 },
        sms: { sent: 0, failed: 0 },
        whatsapp: { sent: 0, failed: 0 },
      };
      let sent = 0;
      let failed = 0;
      for (const row of byChannel) {
        const entry = channels[row.channel] ?? { sent: 0, failed: 0 };
        entry[row.status] += row.total;
        channels[row.channel] = entry;
        if (row.status === 'sent') sent += row.total;
        else failed += row.total;
      }
      return { total: sent + failed, sent, failed, last24Hours: recent, byChannel: channels };
    },

    /** Sends a test in-app notification or email; the attempt is logged like any other. */
    async sendTest(ctx: AuthContext, input: TestNotificationBody): Promise<TestNotificationResult> {
      const { user, companyId } = await allowedRecipient(ctx, input.userId);
      const sender = `${ctx.user.firstName} ${ctx.user.lastName}`.trim();
      const title = input.title ?? 'Test notification';
      const message = input.message ?? `This is a test notification sent by ${sender}.`;
      const recipient = { userId: user.id, email: user.email };
      if (input.channel === 'email') {
        const result = await sendMail(
          mailer,
          {
            to: user.email,
            subject: title,
            template: 'test_notification',
            text: `Hello ${user.firstName},\n\n${message}\n`,
            html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>${escapeHtml(message)}</p>`,
          },
          { companyId, userId: user.id },
        );
        return {
          channel: 'email',
          status: result.delivered ? 'sent' : 'failed',
          error: result.error ?? null,
          recipient,
        };
      }
      let created: Awaited<ReturnType<typeof notifier.notifyUser>>;
      try {
        created = await notifier.notifyUser(user.id, {
          companyId,
          category: 'system',
          type: 'test',
          title,
          message,
          priority: 'low',
        });
      } catch {
        // The failure and its detail are in the notification log; the answer stays generic.
        return {
          channel: 'in_app',
          status: 'failed',
          error: 'The notification could not be delivered',
          recipient,
        };
      }
      if (!created) throw notFound('User');
      return { channel: 'in_app', status: 'sent', error: null, recipient };
    },
  };
}

export type NotificationLogsService = ReturnType<typeof createNotificationLogsService>;
