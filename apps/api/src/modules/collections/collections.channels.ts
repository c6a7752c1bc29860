import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { uuidv7 } from 'uuidv7';
import type { Config } from '../../config';

/**
 * The text channels of dues reminders besides email: SMS (DLT-registered templates) and WhatsApp (approved
 * templates). A provider sends one message or throws; the caller logs every attempt and retries.
 */
export interface TextMessage {
  /** The number in international form without "+", e.g. 919876543210 (country code 91, then the 10 digits). */
  to: string;
  /** The rendered text (SMS: exactly the DLT-approved text with its variables filled). */
  text: string;
  /** Our template key (`before_due`, `due`, `overdue`), for logs. */
  template: string;
  /** SMS: the DLT content template id. */
  dltTemplateId?: string;
  /** WhatsApp: the approved template's name, its language and its body parameters in order. */
  whatsappTemplateName?: string;
  language?: string;
  parameters?: string[];
  /** The pay link the message carries. */
  link?: string;
}

export interface TextProvider {
  readonly channel: 'sms' | 'whatsapp';
  /** `msg91`, `whatsapp_cloud` or `outbox`. */
  readonly name: string;
  send(message: TextMessage): Promise<void>;
}

export interface TextChannels {
  sms: TextProvider;
  whatsapp: TextProvider;
}

/** An Indian mobile number as providers want it: digits with the country code (10 digits → 91 prefixed). */
export function normalizePhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === 10) digits = `91${digits}`;
  return digits.length >= 11 && digits.length <= 15 ? digits : null;
}

const TIMEOUT_MS = 10_000;

async function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

/** MSG91 SMS API (v2 sendsms): the `authkey` header, a transactional route, the DLT template id on every message. */
export function msg91Provider(options: NonNullable<Config['sms']>): TextProvider {
  return {
    channel: 'sms',
    name: 'msg91',
    async send(message) {
      if (!message.dltTemplateId) throw new Error('An SMS needs its DLT template id');
      const text = await postJson(
        options.apiUrl,
        { authkey: options.apiKey },
        {
          sender: options.senderId,
          route: '4',
          country: '91',
          unicode: 1,
          DLT_TE_ID: message.dltTemplateId,
          ...(options.dltEntityId ? { PE_ID: options.dltEntityId } : {}),
          sms: [{ message: message.text, to: [message.to] }],
        },
      );
      // MSG91 answers 200 with {"type":"error"} for refused requests.
      let answer: { type?: string; message?: string } = {};
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        // a plain request id
      }
      if (answer.type === 'error') throw new Error(`MSG91: ${answer.message ?? 'refused'}`);
    },
  };
}

/** WhatsApp Cloud API: POST /{phone-number-id}/messages with a template message and its body parameters. */
export function whatsappCloudProvider(options: NonNullable<Config['whatsapp']>): TextProvider {
  return {
    channel: 'whatsapp',
    name: 'whatsapp_cloud',
    async send(message) {
      if (!message.whatsappTemplateName) throw new Error('A WhatsApp message needs its template name');
      await postJson(
        `${options.apiUrl}/${options.phoneNumberId}/messages`,
        { authorization: `Bearer ${options.token}` },
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to,
          type: 'template',
          template: {
            name: message.whatsappTemplateName,
            language: { code: message.language ?? 'en' },
            components: [
              {
                type: 'body',
                parameters: (message.parameters ?? []).map((text) => ({ type: 'text', text })),
              },
            ],
          },
        },
      );
    },
  };
}

/** Offline: each message becomes `sms-<time>-<id>.json` / `whatsapp-<time>-<id>.json` in DATA_DIR/outbox. */
export function outboxProvider(
  channel: 'sms' | 'whatsapp',
  outboxDir: string,
  dltEntityId?: string,
): TextProvider {
  return {
    channel,
    name: 'outbox',
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${channel}-${Date.now()}-${uuidv7()}.json`);
      const content =
        channel === 'sms'
          ? {
              channel,
              to: message.to,
              template: message.template,
              dltTemplateId: message.dltTemplateId ?? null,
              dltEntityId: dltEntityId ?? null,
              text: message.text,
              link: message.link ?? null,
            }
          : {
              channel,
              to: message.to,
              template: message.template,
              whatsappTemplateName: message.whatsappTemplateName ?? null,
              language: message.language ?? 'en',
              parameters: message.parameters ?? [],
              text: message.text,
              link: message.link ?? null,
            };
      await writeFile(file, `${JSON.stringify(content, null, 2)}\n`);
    },
  };
}

/** The providers the configuration chooses (config.ts): MSG91 and the WhatsApp Cloud API, else the outbox. */
export function createTextChannels(config: Pick<Config, 'sms' | 'whatsapp' | 'dataDir'>): TextChannels {
  const outboxDir = path.join(config.dataDir, 'outbox');
  return {
    sms: config.sms ? msg91Provider(config.sms) : outboxProvider('sms', outboxDir),
    whatsapp: config.whatsapp
      ? whatsappCloudProvider(config.whatsapp)
      : outboxProvider('whatsapp', outboxDir),
  };
}
