import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { uuidv7 } from 'uuidv7';
import type { JobRunner } from './jobs';
import { loadNodemailer } from './lazy-modules';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A short name of the template, for logs. */
  template: string;
  /** The link the message is about, logged when mail is written to the outbox. */
  link?: string;
  /** Files attached to the message (base64, so that a retried message stays plain JSON). */
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
}

export interface MailResult {
  delivered: boolean;
  error?: string;
  /** The first attempt failed and the message waits in the job queue for another try (core/jobs.ts). */
  retrying?: boolean;
  /** Not sent: the recipient turned emails of its kind off (core/mail-delivery.ts). */
  skipped?: boolean;
}

export interface Mailer {
  send(message: MailMessage): Promise<MailResult>;
  /** Called after every send; the notification log hooks in here. */
  onSent(listener: (message: MailMessage, result: MailResult) => void | Promise<void>): void;
  /** One more delivery attempt of a message whose first send failed; throws when it fails again. */
  redeliver(message: MailMessage): Promise<void>;
  /** Where failed messages go to be tried again (registerMailRetries); without it a failure is final. */
  setRetryQueue(enqueue: (message: MailMessage) => Promise<unknown>): void;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  // nodemailer is loaded with the first message, not at start-up (docs/performance.md, "Light at rest").
  let transport: Promise<Transporter> | undefined;
  const transporter = (): Promise<Transporter> =>
    (transport ??= loadNodemailer().then(
      (nodemailer): Transporter =>
        options.smtpUrl
          ? nodemailer.createTransport(options.smtpUrl)
          : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const listeners: ((message: MailMessage, result: MailResult) => void | Promise<void>)[] = [];

  async function deliver(message: MailMessage): Promise<void> {
    const info = await (await transporter()).sendMail({
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, 'base64'),
      })),
    });
    if (options.smtpUrl) return;
    await mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, `${uuidv7()}.eml`);
    await writeFile(file, (info as { message: Buffer }).message);
    // The link carries a one-time token: the log names the file, which holds it, and never the link itself.
    options.log.info({ to: message.to, template: message.template, file }, 'mail written to outbox');
  }

  let retryQueue: ((message: MailMessage) => Promise<unknown>) | undefined;

  async function notify(message: MailMessage, result: MailResult): Promise<void> {
    for (const listener of listeners) {
      try {
        await listener(message, result);
      } catch (error) {
        options.log.error({ err: error }, 'mail listener failed');
      }
    }
  }

  /** Plain data only: the message goes through the job queue as JSON. */
  const portable = ({ to, subject, text, html, template, link, attachments }: MailMessage): MailMessage => ({
    to,
    subject,
    text,
    html,
    template,
    link,
    attachments,
  });

  return {
    async send(message) {
      let result: MailResult;
      try {
        await deliver(message);
        result = { delivered: true };
      } catch (error) {
        options.log.error({ err: error, to: message.to, template: message.template }, 'mail delivery failed');
        result = { delivered: false, error: error instanceof Error ? error.message : String(error) };
        if (retryQueue) {
          try {
            await retryQueue(portable(message));
            result.retrying = true;
          } catch (queueError) {
            options.log.error({ err: queueError, to: message.to }, 'mail could not be queued for retry');
          }
        }
      }
      await notify(message, result);
      return result;
    },
    async redeliver(message) {
      await deliver(message);
      await notify(message, { delivered: true });
    },
    setRetryQueue(enqueue) {
      retryQueue = enqueue;
    },
    onSent(listener) {
      listeners.push(listener);
    },
  };
}

export const MAIL_RETRY_JOB = 'mail.retry';

/**
 * Outgoing mail through the job runner: a message whose first delivery fails is kept in the durable queue and
 * tried again with backoff (and logged again in the notification log once it is sent), never dropped.
 */
export function registerMailRetries(
  mailer: Mailer,
  jobs: JobRunner,
  options: { retryLimit?: number; retryDelaySeconds?: number } = {},
): void {
  jobs.define<MailMessage>(MAIL_RETRY_JOB, {
    handler: (message) => mailer.redeliver(message),
    retryLimit: options.retryLimit ?? 10,
    retryDelaySeconds: options.retryDelaySeconds ?? 30,
  });
  mailer.setRetryQueue((message) => jobs.send(MAIL_RETRY_JOB, message));
}
