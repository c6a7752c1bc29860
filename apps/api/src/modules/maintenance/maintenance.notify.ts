import { formatRequestNumber, MAINTENANCE_STATUS_LABELS, type MaintenanceStatus } from '@rentora/shared';
import type { AppDeps } from '../../core/app-deps';
import { escapeHtml } from '../../core/html';
import { sendMail } from '../../core/mail-delivery';
import type { NotifyInput } from '../notifications/notifications.notifier';
import { activeEmailOf, maintenanceReaders } from './maintenance.members';
import type { RequestRow } from './maintenance.repo';

export interface EventLog {
  error(details: object, message: string): void;
}

type Deps = Pick<AppDeps, 'db' | 'notifier' | 'mailer' | 'config'>;

const staffLink = (row: Pick<RequestRow, 'id'>) => `/dashboard/maintenance/requests?request=${row.id}`;

/**
 * Who hears about what (in-app, email, socket), after the change has committed. Best effort: a failure is
 * logged and never undoes or fails the change.
 * - the assignee on assignment (in-app + email);
 * - the request's watchers on every change (in-app);
 * - the requester on status changes and public comments (in-app for accounts, email for everyone with one);
 * - staff holding maintenance_read on new public tickets (in-app);
 * - assignee and watchers when a request becomes overdue (in-app + email to the assignee).
 */
export function createMaintenanceNotifications(deps: Deps, log?: EventLog) {
  const { db, notifier, mailer, config } = deps;

  async function safely(what: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      log?.error({ err: error, what }, 'maintenance notification failed');
    }
  }

  async function emailOf(userId: string): Promise<string | null> {
    return activeEmailOf(db, userId);
  }

  async function mail(
    to: string,
    subject: string,
    text: string,
    context: { companyId: string; userId?: string | null },
  ) {
    await sendMail(
      mailer,
      {
        to,
        subject,
        text,
        html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
        template: 'maintenance',
      },
      { ...context, kind: 'maintenance' },
    );
  }

  const label = (row: Pick<RequestRow, 'number' | 'title'>) =>
    `${formatRequestNumber(row.number)} ${row.title}`;

  async function watchers(
    row: RequestRow,
    input: Omit<NotifyInput, 'companyId' | 'category'>,
    actorUserId: string | null,
  ) {
    const recipients = row.watcherIds.filter((id) => id !== actorUserId);
    if (recipients.length === 0) return;
    await notifier.notifyUsers(recipients, { ...input, companyId: row.companyId, category: 'maintenance' });
  }

  return {
    async assigned(row: RequestRow, actorUserId: string | null): Promise<void> {
      const assigneeId = row.assigneeId;
      if (!assigneeId) return;
      await safely('assigned', async () => {
        if (assigneeId !== actorUserId) {
          await notifier.notifyUser(assigneeId, {
            companyId: row.companyId,
            category: 'maintenance',
            type: 'maintenance.assigned',
            title: `Assigned to you: ${formatRequestNumber(row.number)}`,
            message: row.title,
            link: staffLink(row),
            priority: row.priority === 'urgent' || row.priority === 'high' ? 'high' : 'normal',
            data: { requestId: row.id },
          });
          const email = await emailOf(assigneeId);
          if (email) {
            await mail(
              email,
              `Maintenance request assigned to you: ${label(row)}`,
              `${label(row)} (${row.priority} priority) has been assigned to you.\n\nOpen it: ${config.appUrl}${staffLink(row)}`,
              { companyId: row.companyId, userId: assigneeId },
            );
          }
        }
        await watchers(
          row,
          {
            type: 'maintenance.assigned',
            title: `${formatRequestNumber(row.number)} assigned`,
            message: row.title,
            link: staffLink(row),
            data: { requestId: row.id },
          },
          actorUserId,
        );
      });
    },

    async statusChanged(row: RequestRow, from: MaintenanceStatus, actorUserId: string | null): Promise<void> {
      await safely('status', async () => {
        const text = `${label(row)} is now ${MAINTENANCE_STATUS_LABELS[row.status]} (was ${MAINTENANCE_STATUS_LABELS[from]}).`;
        await watchers(
          row,
          {
            type: 'maintenance.status',
            title: `${formatRequestNumber(row.number)}: ${MAINTENANCE_STATUS_LABELS[row.status]}`,
            message: row.title,
            link: staffLink(row),
            data: { requestId: row.id },
          },
          actorUserId,
        );
        if (row.requesterUserId && row.requesterUserId !== actorUserId) {
          await notifier.notifyUser(row.requesterUserId, {
            companyId: row.companyId,
            category: 'maintenance',
            type: 'maintenance.status',
            title: `Your request ${formatRequestNumber(row.number)} is ${MAINTENANCE_STATUS_LABELS[row.status].toLowerCase()}`,
            message: row.title,
            link: row.requesterType === 'tenant' ? '/tenant/maintenance' : staffLink(row),
            data: { requestId: row.id },
          });
        }
        if (row.requesterEmail && row.requesterUserId !== actorUserId) {
          await mail(
            row.requesterEmail,
            `Your maintenance request ${formatRequestNumber(row.number)} is ${MAINTENANCE_STATUS_LABELS[row.status].toLowerCase()}`,
            `${text}\n\n${row.requesterType === 'public' ? 'Follow it with the tracking link from your confirmation email.' : `See it in the app: ${config.appUrl}/tenant/maintenance`}`,
            { companyId: row.companyId, userId: row.requesterUserId },
          );
        }
      });
    },

    async commented(
      row: RequestRow,
      comment: string,
      actorUserId: string | null,
      actorName: string,
    ): Promise<void> {
      await safely('comment', async () => {
        const recipients = new Set(row.watcherIds);
        if (row.assigneeId) recipients.add(row.assigneeId);
        if (actorUserId) recipients.delete(actorUserId);
        if (recipients.size) {
          await notifier.notifyUsers([...recipients], {
            companyId: row.companyId,
            category: 'maintenance',
            type: 'maintenance.comment',
            title: `${actorName} commented on ${formatRequestNumber(row.number)}`,
            message: comment.slice(0, 200),
            link: staffLink(row),
            data: { requestId: row.id },
          });
        }
        if (row.requesterUserId && row.requesterUserId !== actorUserId) {
          await notifier.notifyUser(row.requesterUserId, {
            companyId: row.companyId,
            category: 'maintenance',
            type: 'maintenance.comment',
            title: `New comment on your request ${formatRequestNumber(row.number)}`,
            message: comment.slice(0, 200),
            link: row.requesterType === 'tenant' ? '/tenant/maintenance' : staffLink(row),
            data: { requestId: row.id },
          });
        }
        if (
          row.requesterEmail &&
          row.requesterType !== 'staff' &&
          row.requesterUserId !== actorUserId &&
          actorUserId !== null
        ) {
          await mail(
            row.requesterEmail,
            `New comment on your maintenance request ${formatRequestNumber(row.number)}`,
            `${actorName} wrote on ${label(row)}:\n\n${comment}`,
            { companyId: row.companyId, userId: row.requesterUserId },
          );
        }
      });
    },

    async changed(row: RequestRow, what: string, actorUserId: string | null): Promise<void> {
      await safely('changed', () =>
        watchers(
          row,
          {
            type: 'maintenance.updated',
            title: `${formatRequestNumber(row.number)} updated`,
            message: what,
            link: staffLink(row),
            data: { requestId: row.id },
          },
          actorUserId,
        ),
      );
    },

    /** A new public ticket: every active member who holds maintenance_read hears of it. */
    async newPublicTicket(row: RequestRow): Promise<void> {
      await safely('public ticket', async () => {
        const readers = await maintenanceReaders(db, row.companyId);
        await notifier.notifyUsers(
          readers.map((r) => r.userId),
          {
            companyId: row.companyId,
            category: 'maintenance',
            type: 'maintenance.public_ticket',
            title: `New public ticket ${formatRequestNumber(row.number)}`,
            message: `${row.requesterName}: ${row.title}`,
            link: staffLink(row),
            data: { requestId: row.id },
          },
        );
      });
    },

    async overdue(
      row: Pick<RequestRow, 'id' | 'companyId' | 'number' | 'title' | 'assigneeId' | 'watcherIds'>,
    ) {
      await safely('overdue', async () => {
        const recipients = new Set(row.watcherIds);
        if (row.assigneeId) recipients.add(row.assigneeId);
        if (recipients.size) {
          await notifier.notifyUsers([...recipients], {
            companyId: row.companyId,
            category: 'maintenance',
            type: 'maintenance.overdue',
            title: `Overdue: ${formatRequestNumber(row.number)}`,
            message: row.title,
            link: staffLink(row),
            priority: 'high',
            data: { requestId: row.id },
          });
        }
        if (row.assigneeId) {
          const email = await emailOf(row.assigneeId);
          if (email) {
            await mail(
              email,
              `Overdue maintenance request: ${label(row)}`,
              `${label(row)} is past its due date.\n\nOpen it: ${config.appUrl}${staffLink(row)}`,
              { companyId: row.companyId, userId: row.assigneeId },
            );
          }
        }
      });
    },
  };
}

export type MaintenanceNotifications = ReturnType<typeof createMaintenanceNotifications>;
