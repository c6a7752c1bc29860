import type { Config } from '../../config';
import { escapeHtml } from '../../core/html';
import type { Mailer } from '../../core/mail';
import type { Notifier } from '../notifications/notifications.notifier';
import type { TenantListRow } from './tenants.repo';

/** What tenants and staff are told about a tenancy; a failure to tell never undoes the change. */
export function createTenantNotices(deps: {
  mailer: Mailer;
  notifier: Notifier;
  config: Pick<Config, 'appUrl'>;
}) {
  const { mailer, notifier, config } = deps;
  return {
    /** In-app notification and email to the tenant. */
    async tell(row: TenantListRow, type: string, title: string, message: string): Promise<void> {
      await notifier
        .notifyUser(row.userId, {
          companyId: row.companyId,
          category: 'tenant',
          type,
          title,
          message,
          link: '/tenant',
        })
        .catch(() => undefined);
      const link = `${config.appUrl}/tenant`;
      await mailer
        .send({
          to: row.email,
          subject: title,
          template: type,
          link,
          text: `Hello ${row.firstName},\n\n${message}\n\nYour tenant area: ${link}\n`,
          html: `<p>Hello ${escapeHtml(row.firstName)},</p><p>${escapeHtml(message)}</p><p><a href="${link}">Your tenant area</a></p>`,
        })
        .catch(() => undefined);
    },

    /**
     * A new tenancy: email to the person (with a link to choose a password when the account is new), and to the
     * company's owners and managers when the tenancy waits for approval.
     */
    async added(row: TenantListRow, setPasswordToken: string | null, actorUserId: string): Promise<void> {
      const place = `unit ${row.unitNumber} at ${row.propertyName}`;
      const link = setPasswordToken
        ? `${config.appUrl}/auth/reset-password/${setPasswordToken}`
        : `${config.appUrl}/tenant`;
      await mailer
        .send({
          to: row.email,
          subject: `You have been added as a tenant of ${place}`,
          template: 'tenant_created',
          link,
          text: `Hello ${row.firstName},\n\nYou have been added as a tenant of ${place}.\n${
            setPasswordToken
              ? 'Choose a password to open your tenant area (the link expires in 7 days):'
              : 'Your tenant area:'
          }\n${link}\n`,
          html: `<p>Hello ${escapeHtml(row.firstName)},</p><p>You have been added as a tenant of ${escapeHtml(place)}.</p><p><a href="${link}">${link}</a></p>`,
        })
        .catch(() => undefined);
      if (row.tenancyStatus === 'pending') {
        await notifier
          .notifyCompany(
            row.companyId,
            {
              category: 'tenant',
              type: 'tenant.pending',
              title: 'A tenant is waiting for approval',
              message: `${row.firstName} ${row.lastName} for ${place}`,
              link: `/dashboard/tenants/${row.id}`,
            },
            { roles: ['owner', 'manager'], excludeUserIds: [actorUserId] },
          )
          .catch(() => undefined);
      }
    },
  };
}

export type TenantNotices = ReturnType<typeof createTenantNotices>;
