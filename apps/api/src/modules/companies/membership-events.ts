import type { AppDeps } from '../../core/app-deps';
import type { NotifyInput } from '../notifications/notifications.notifier';

export interface EventLog {
  error(details: object, message: string): void;
}

/**
 * What happens after a membership or account change has committed:
 * - open sockets follow at once (rooms re-checked; closed when the account is inactive). HTTP needs nothing:
 *   the access hook reads the membership on every request;
 * - in-app notifications are best effort: a failure is logged, never undoes or fails the change.
 */
export function createMembershipEvents(deps: Pick<AppDeps, 'realtime' | 'notifier'>, log?: EventLog) {
  async function notify(userId: string | null, input: NotifyInput): Promise<void> {
    if (!userId) return;
    try {
      await deps.notifier.notifyUser(userId, input);
    } catch (error) {
      log?.error({ err: error, userId, type: input.type }, 'notification after a membership change failed');
    }
  }

  return {
    /** A membership was added, (de)activated, changed or removed. */
    async membershipChanged(userId: string): Promise<void> {
      await deps.realtime.refreshMemberships(userId);
    },

    /** The account was deactivated or deleted: every open socket closes. */
    async accountClosed(userId: string): Promise<void> {
      await deps.realtime.disconnectUser(userId);
    },

    async invitationAnswered(
      inviterId: string | null,
      companyId: string,
      email: string,
      answer: 'accepted' | 'declined',
    ): Promise<void> {
      await notify(inviterId, {
        companyId,
        category: 'company',
        type: `invitation.${answer}`,
        title: answer === 'accepted' ? 'Invitation accepted' : 'Invitation declined',
        message: `${email} ${answer} your invitation.`,
        link: '/dashboard/company-users',
      });
    },

    /** An existing account was invited: it hears about it in the app too (the link itself goes by email). */
    async invited(userId: string | null, companyName: string, role: string): Promise<void> {
      await notify(userId, {
        companyId: null,
        category: 'company',
        type: 'invitation.received',
        title: `Invitation to join ${companyName}`,
        message: `You have been invited to join ${companyName} as ${role.replace(/_/g, ' ')}. Open the email we sent you to accept or decline.`,
      });
    },
  };
}

export type MembershipEvents = ReturnType<typeof createMembershipEvents>;
