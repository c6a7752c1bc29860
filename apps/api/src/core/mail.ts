import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { uuidv7 } from 'uuidv7';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A short name of the template, for logs. */
  template: string;
  /** The link the message is about, logged when mail is written to the outbox. */
  link?: string;
}

export interface MailResult {
  delivered: boolean;
  error?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<MailResult>;
  /** Called after every send; the notification log hooks in here. */
  onSent(listener: (message: MailMessage, result: MailResult) => void | Promise<void>): void;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const listeners: ((message: MailMessage, result: MailResult) => void | Promise<void>)[] = [];

  async function deliver(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    if (options.smtpUrl) return;
    await mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, `${uuidv7()}.eml`);
    await writeFile(file, (info as { message: Buffer }).message);
    options.log.info(
      { to: message.to, template: message.template, link: message.link, file },
      'mail written to outbox',
    );
  }

  return {
    async send(message) {
      let result: MailResult;
      try {
        await deliver(message);
        result = { delivered: true };
      } catch (error) {
        options.log.error({ err: error, to: message.to, template: message.template }, 'mail delivery failed');
        result = { delivered: false, error: error instanceof Error ? error.message : String(error) };
      }
      for (const listener of listeners) {
        try {
          await listener(message, result);
        } catch (error) {
          options.log.error({ err: error }, 'mail listener failed');
        }
      }
      return result;
    },
    onSent(listener) {
      listeners.push(listener);
    },
  };
}
