import {
  type CollectionChannel,
  type CollectionSettingsDto,
  type CollectionTemplateDto,
  formatDate,
  formatMoney,
  REMINDER_TEMPLATE_KEYS,
  type ReminderTemplateKey,
  renderTemplate,
  type TemplateVariable,
  templateVariablesOf,
} from '@rentora/shared';

/** A company without settings reminds five days before, on the day, and three and seven days after, by email. */
export const DEFAULT_SETTINGS: CollectionSettingsDto = {
  reminderDays: [-5, 0, 3, 7],
  channels: ['email'],
  quietHours: { from: '21:00', to: '08:00' },
};

const PAY = 'Pay now: {{payLink}}';
const DEFAULT_BODIES: Record<ReminderTemplateKey, { subject: string; body: string; short: string }> = {
  before_due: {
    subject: 'Rent due on {{dueDate}}: invoice {{invoiceNumber}}',
    body: `Dear {{tenantName}}, {{amount}} for invoice {{invoiceNumber}} from {{companyName}} is due on {{dueDate}}. ${PAY}`,
    short: `Dear {{tenantName}}, {{amount}} (invoice {{invoiceNumber}}) is due on {{dueDate}}. ${PAY} - {{companyName}}`,
  },
  due: {
    subject: 'Rent due today: invoice {{invoiceNumber}}',
    body: `Dear {{tenantName}}, {{amount}} for invoice {{invoiceNumber}} from {{companyName}} is due today, {{dueDate}}. ${PAY}`,
    short: `Dear {{tenantName}}, {{amount}} (invoice {{invoiceNumber}}) is due today. ${PAY} - {{companyName}}`,
  },
  overdue: {
    subject: 'Overdue: invoice {{invoiceNumber}}',
    body: `Dear {{tenantName}}, {{amount}} for invoice {{invoiceNumber}} from {{companyName}} was due on {{dueDate}} and is {{daysOverdue}} days overdue. ${PAY}`,
    short: `Dear {{tenantName}}, {{amount}} (invoice {{invoiceNumber}}) was due on {{dueDate}}, {{daysOverdue}} days ago. ${PAY} - {{companyName}}`,
  },
};

export function defaultTemplate(key: ReminderTemplateKey, channel: CollectionChannel): CollectionTemplateDto {
  const text = DEFAULT_BODIES[key];
  return {
    key,
    channel,
    subject: channel === 'email' ? text.subject : null,
    body: channel === 'email' ? text.body : text.short,
    // Registered by each company with the carriers (DLT) and Meta: none by default, so nothing goes out unapproved.
    dltTemplateId: null,
    whatsappTemplateName: null,
    isDefault: true,
  };
}

/** Every step and channel: the company's own text where it has one, else the default. */
export function effectiveTemplates(
  rows: {
    key: ReminderTemplateKey;
    channel: CollectionChannel;
    subject: string | null;
    body: string;
    dltTemplateId: string | null;
    whatsappTemplateName: string | null;
  }[],
): CollectionTemplateDto[] {
  const out: CollectionTemplateDto[] = [];
  for (const key of REMINDER_TEMPLATE_KEYS) {
    for (const channel of ['email', 'sms', 'whatsapp'] as const) {
      const own = rows.find((row) => row.key === key && row.channel === channel);
      out.push(
        own
          ? {
              key,
              channel,
              subject: channel === 'email' ? (own.subject ?? defaultTemplate(key, channel).subject) : null,
              body: own.body,
              dltTemplateId: own.dltTemplateId,
              whatsappTemplateName: own.whatsappTemplateName,
              isDefault: false,
            }
          : defaultTemplate(key, channel),
      );
    }
  }
  return out;
}

/** "₹78,450" / "₹1,23,456.70": rupees with lakh grouping. */
export const rupees = (paise: number): string => formatMoney(paise);

function daysBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / 86_400_000);
}

export function templateValues(input: {
  tenantName: string;
  balance: number;
  dueDate: string;
  invoiceNumber: string | null;
  companyName: string;
  payLink: string;
  /** The business date the reminder is about. */
  date: string;
}): Record<TemplateVariable, string> {
  return {
    tenantName: input.tenantName,
    amount: rupees(input.balance),
    dueDate: formatDate(input.dueDate),
    invoiceNumber: input.invoiceNumber ?? 'draft',
    companyName: input.companyName,
    payLink: input.payLink,
    daysOverdue: String(Math.max(0, daysBetween(input.dueDate, input.date))),
  };
}

/** The rendered text and, for WhatsApp, the body parameters in the order the template uses them. */
export function render(body: string, values: Record<TemplateVariable, string>) {
  return {
    text: renderTemplate(body, values),
    parameters: templateVariablesOf(body).map((name) => values[name as TemplateVariable] ?? ''),
  };
}

const minutesOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const IST_OFFSET_MINUTES = 330;

/** Minutes since midnight in India. */
function indiaMinutes(now: Date): number {
  return Math.floor((now.getTime() / 60_000 + IST_OFFSET_MINUTES) % 1440);
}

/** Whether `now` falls in the quiet hours (India time; `from` > `to` spans midnight). */
export function inQuietHours(now: Date, quiet: { from: string; to: string } | null): boolean {
  if (!quiet) return false;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return false;
  const m = indiaMinutes(now);
  return from < to ? m >= from && m < to : m >= from || m < to;
}

/** The next instant the quiet hours end (India time `to`), after `now`. */
export function quietHoursEnd(now: Date, quiet: { from: string; to: string }): Date {
  const wait = (minutesOf(quiet.to) - indiaMinutes(now) + 1440) % 1440 || 1440;
  const at = new Date(now.getTime() + wait * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}
