import { z } from 'zod';
import { ZId, ZIsoDate, zListQuery } from './common';

/**
 * Collections: dues reminders by email, SMS and WhatsApp on a per-company schedule, their editable templates and
 * the tenants' channel preferences (issue 24).
 */

export const COLLECTION_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export const ZCollectionChannel = z.enum(COLLECTION_CHANNELS);
export type CollectionChannel = z.infer<typeof ZCollectionChannel>;

/** A reminder step's kind: before the due date (step < 0), on it (0), after it (> 0). */
export const REMINDER_TEMPLATE_KEYS = ['before_due', 'due', 'overdue'] as const;
export const ZReminderTemplateKey = z.enum(REMINDER_TEMPLATE_KEYS);
export type ReminderTemplateKey = z.infer<typeof ZReminderTemplateKey>;

export function templateKeyOfStep(step: number): ReminderTemplateKey {
  return step < 0 ? 'before_due' : step === 0 ? 'due' : 'overdue';
}

/** The variables a template may use, as `{{name}}`. */
export const TEMPLATE_VARIABLES = [
  'tenantName',
  'amount',
  'dueDate',
  'invoiceNumber',
  'companyName',
  'payLink',
  'daysOverdue',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The variable names a body uses, in order of appearance (repeats kept). */
export function templateVariablesOf(body: string): string[] {
  return [...body.matchAll(VARIABLE)].map((match) => match[1]!);
}

/** Names in `body` that are not template variables. */
export function unknownTemplateVariables(body: string): string[] {
  const known = new Set<string>(TEMPLATE_VARIABLES);
  return [...new Set(templateVariablesOf(body).filter((name) => !known.has(name)))];
}

/** Replaces every `{{name}}` by its value (the body is checked first: no unknown names). */
export function renderTemplate(body: string, values: Record<TemplateVariable, string>): string {
  return body.replace(VARIABLE, (whole, name: string) =>
    name in values ? values[name as TemplateVariable] : whole,
  );
}

const ZTemplateBody = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(1000)
  .superRefine((body, ctx) => {
    const unknown = unknownTemplateVariables(body);
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown variable${unknown.length > 1 ? 's' : ''}: ${unknown.map((n) => `{{${n}}}`).join(', ')}`,
      });
    }
  });

/** A DLT content template id (TRAI registration): digits only. */
export const ZDltTemplateId = z
  .string()
  .trim()
  .regex(/^\d{10,25}$/, 'Must be the DLT template id (digits)');
/** A WhatsApp approved template's name: lower case letters, digits and underscores. */
export const ZWhatsappTemplateName = z
  .string()
  .trim()
  .regex(/^[a-z0-9_]{1,512}$/, 'Lower case letters, digits and underscores');

export const ZCollectionTemplateDto = z.object({
  key: ZReminderTemplateKey,
  channel: ZCollectionChannel,
  /** Email only: the subject line (may use variables). */
  subject: z.string().nullable(),
  body: z.string(),
  dltTemplateId: z.string().nullable(),
  whatsappTemplateName: z.string().nullable(),
  /** Not edited by the company yet: the product's default text. */
  isDefault: z.boolean(),
});
export type CollectionTemplateDto = z.infer<typeof ZCollectionTemplateDto>;

export const ZTemplateKeyParams = z.object({ key: ZReminderTemplateKey });

/** PUT /collections/templates/{key} — SMS need their DLT template id, WhatsApp their approved template name. */
export const ZCollectionTemplateBody = z
  .object({
    channel: ZCollectionChannel,
    subject: ZTemplateBody.pipe(z.string().max(200)).optional(),
    body: ZTemplateBody,
    dltTemplateId: ZDltTemplateId.optional(),
    whatsappTemplateName: ZWhatsappTemplateName.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.channel === 'sms' && !value.dltTemplateId) {
      ctx.addIssue({ code: 'custom', path: ['dltTemplateId'], message: 'Required for SMS' });
    }
    if (value.channel === 'whatsapp' && !value.whatsappTemplateName) {
      ctx.addIssue({ code: 'custom', path: ['whatsappTemplateName'], message: 'Required for WhatsApp' });
    }
  });
export type CollectionTemplateBody = z.infer<typeof ZCollectionTemplateBody>;

export const ZTemplatePreviewBody = z.object({ body: ZTemplateBody, invoiceId: ZId });
export type TemplatePreviewBody = z.infer<typeof ZTemplatePreviewBody>;
export const ZTemplatePreviewDto = z.object({ text: z.string() });

const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be HH:MM');

export const ZCollectionSettings = z.object({
  /** Days relative to the due date (−5 = five days before); one step per value. */
  reminderDays: z
    .array(z.number().int().min(-60).max(120))
    .max(12)
    .refine((days) => new Set(days).size === days.length, 'Each day once')
    .transform((days) => [...days].sort((a, b) => a - b)),
  channels: z
    .array(ZCollectionChannel)
    .max(3)
    .transform((list) => [...new Set(list)]),
  /** No message goes out between `from` and `to`, India time (may span midnight); null: any time. */
  quietHours: z.object({ from: ZClock, to: ZClock }).nullable(),
});
export type CollectionSettings = z.infer<typeof ZCollectionSettings>;
export const ZCollectionSettingsDto = z.object({
  reminderDays: z.array(z.number().int()),
  channels: z.array(ZCollectionChannel),
  quietHours: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type CollectionSettingsDto = z.infer<typeof ZCollectionSettingsDto>;

export const CONTACT_LANGUAGES = ['en', 'hi', 'ta', 'te', 'kn', 'ml', 'mr', 'bn', 'gu', 'pa'] as const;
export const ZContactPreferences = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  whatsapp: z.boolean(),
  language: z.enum(CONTACT_LANGUAGES),
});
export type ContactPreferences = z.infer<typeof ZContactPreferences>;

export const REMINDER_STATUSES = ['pending', 'deferred', 'sent', 'failed', 'skipped'] as const;
export const ZReminderStatus = z.enum(REMINDER_STATUSES);
export type ReminderStatus = z.infer<typeof ZReminderStatus>;

export const ZReminderDto = z.object({
  _id: ZId,
  invoiceId: ZId,
  invoiceNumber: z.string().nullable(),
  tenantName: z.string(),
  step: z.number().int(),
  channel: ZCollectionChannel,
  status: ZReminderStatus,
  /** The address or number it went to (null when the tenant has none). */
  to: z.string().nullable(),
  provider: z.string().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  runDate: z.string(),
  sendAfter: ZIsoDate.nullable(),
  sentAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
});
export type ReminderDto = z.infer<typeof ZReminderDto>;

export const ZReminderListQuery = zListQuery({
  sortBy: ['createdAt'] as const,
  defaultSortBy: 'createdAt',
  defaultLimit: 20,
}).extend({
  invoiceId: ZId.optional(),
  status: ZReminderStatus.optional(),
  channel: ZCollectionChannel.optional(),
});
export type ReminderListQuery = z.infer<typeof ZReminderListQuery>;

export const ZCollectionRunQuery = z.object({
  date: z.iso.date({ message: 'Must be a date (YYYY-MM-DD)' }).optional(),
});

export const ZCollectionRunResult = z.object({
  date: z.string(),
  sent: z.array(
    z.object({
      reminderId: ZId,
      invoiceId: ZId,
      invoiceNumber: z.string().nullable(),
      step: z.number().int(),
      channel: ZCollectionChannel,
      status: ZReminderStatus,
    }),
  ),
  charged: z.array(z.object({ invoiceId: ZId, amount: z.number().int() })),
});
export type CollectionRunResult = z.infer<typeof ZCollectionRunResult>;
