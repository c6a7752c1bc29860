import type { Mailer, MailMessage, MailResult } from './mail';

/** Who an email concerns, for the notification log (the mailer itself knows only the address). */
export interface MailContext {
  companyId?: string | null;
  userId?: string | null;
}

const contexts = new WeakMap<MailMessage, MailContext>();

/** Sends through the app's mailer and lets the notification log record the company and recipient. */
export function sendMail(mailer: Mailer, message: MailMessage, context: MailContext): Promise<MailResult> {
  contexts.set(message, context);
  return mailer.send(message);
}

export function mailContextOf(message: MailMessage): MailContext | undefined {
  return contexts.get(message);
}
