import type { NotificationKind } from '@rentora/shared';
import type { Mailer, MailMessage, MailResult } from './mail';

/** Who an email concerns, for the notification log (the mailer itself knows only the address). */
export interface MailContext {
  companyId?: string | null;
  userId?: string | null;
  /**
   * The notification kind of the email: with `userId`, it is sent only if that person has not turned email off for
   * the kind (the consent check registered with `registerMailConsent`). Absent: always sent (account emails).
   */
  kind?: NotificationKind;
}

/** Whether a person wants emails of a kind (notification preferences; wired in services.ts). */
export type MailConsent = (userId: string, kind: NotificationKind) => Promise<boolean>;

const contexts = new WeakMap<MailMessage, MailContext>();
const consents = new WeakMap<Mailer, MailConsent>();

/** Registers the consent check of a mailer's emails (one per mailer; services.ts). */
export function registerMailConsent(mailer: Mailer, consent: MailConsent): void {
  consents.set(mailer, consent);
}

/**
 * Sends through the app's mailer and lets the notification log record the company and recipient. An email of a
 * kind the recipient turned off is not sent (`{ delivered: false, skipped: true }`).
 */
export async function sendMail(
  mailer: Mailer,
  message: MailMessage,
  context: MailContext,
): Promise<MailResult> {
  const consent = consents.get(mailer);
  if (consent && context.userId && context.kind && !(await consent(context.userId, context.kind))) {
    return { delivered: false, skipped: true };
  }
  contexts.set(message, context);
  return mailer.send(message);
}

export function mailContextOf(message: MailMessage): MailContext | undefined {
  return contexts.get(message);
}
