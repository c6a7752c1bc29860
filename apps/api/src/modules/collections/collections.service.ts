import type {
  CollectionSettings,
  CollectionSettingsDto,
  CollectionTemplateBody,
  CollectionTemplateDto,
  ContactPreferences,
  ReminderDto,
  ReminderListQuery,
  ReminderTemplateKey,
  TemplatePreviewBody,
} from '@rentora/shared';
import type { AuthContext, CompanyContext } from '../../core/access';
import type { AppDeps, ServiceLog } from '../../core/app-deps';
import { today } from '../../core/dates';
import { conflict, notFound } from '../../core/errors';
import { boundedPageOf, iso, isoOrNull, offsetOf } from '../../core/http';
import type { NotificationLogsService } from '../notification-logs/notification-logs.service';
import { createTextChannels, type TextChannels } from './collections.channels';
import {
  createCollectionsDelivery,
  type LateFeeCharger,
  type PayLinkIssuer,
  settingsDto,
} from './collections.delivery';
import { listReminders } from './collections.reminders.repo';
import { createCollectionsRepo, type PreferencesRow, type ReminderRow } from './collections.repo';
import { effectiveTemplates, render, templateValues } from './collections.templates';

export type { LateFeeCharger, PayLinkIssuer } from './collections.delivery';
export { COLLECTIONS_DELIVER_JOB } from './collections.delivery';

/** The daily collections run: the day's late fees and reminders (scheduled-jobs.ts). */
export const COLLECTIONS_DAILY_JOB = 'collections.daily';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'notifier' | 'jobs'> & {
  notificationLogs: Pick<NotificationLogsService, 'record'>;
  payLink: PayLinkIssuer;
  lateFees: LateFeeCharger;
  /** The SMS and WhatsApp providers; by default the ones config.ts chooses. */
  channels?: TextChannels;
  now?: () => Date;
};

export const DEFAULT_PREFERENCES: ContactPreferences = {
  email: true,
  sms: true,
  whatsapp: true,
  language: 'en',
};

function preferencesDto(row: PreferencesRow | undefined): ContactPreferences {
  if (!row) return DEFAULT_PREFERENCES;
  return {
    email: row.email,
    sms: row.sms,
    whatsapp: row.whatsapp,
    language: row.language as ContactPreferences['language'],
  };
}

function reminderDto(row: {
  reminder: ReminderRow;
  invoiceNumber: string | null;
  firstName: string | null;
  lastName: string | null;
}): ReminderDto {
  const r = row.reminder;
  return {
    _id: r.id,
    invoiceId: r.invoiceId,
    invoiceNumber: row.invoiceNumber,
    tenantName: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
    step: r.step,
    channel: r.channel,
    status: r.status,
    to: r.toAddress,
    provider: r.provider,
    attempts: r.attempts,
    error: r.error,
    runDate: r.runDate,
    sendAfter: isoOrNull(r.sendAfter),
    sentAt: isoOrNull(r.sentAt),
    createdAt: iso(r.createdAt),
  };
}

/**
 * Collections (issue 24): the reminder schedule of each company, its templates, the tenants' channel
 * preferences, the day's run and the log of what went out. Sending lives in collections.delivery.ts.
 */
export function createCollectionsService(deps: Deps, log: ServiceLog) {
  const { db } = deps;
  const repo = createCollectionsRepo(db);
  const delivery = createCollectionsDelivery({
    db,
    mailer: deps.mailer,
    notifier: deps.notifier,
    jobs: deps.jobs,
    notificationLogs: deps.notificationLogs,
    channels: deps.channels ?? createTextChannels(deps.config),
    payLink: deps.payLink,
    lateFees: deps.lateFees,
    now: deps.now ?? (() => new Date()),
    log,
  });

  async function preferencesOfTenancy(ctx: CompanyContext, tenancyId: string): Promise<string> {
    const userId = await repo.tenancyUser(ctx.companyId, tenancyId);
    if (!userId) throw notFound('Tenant');
    return userId;
  }

  async function reminderOf(companyId: string, id: string): Promise<ReminderDto> {
    const row = await repo.reminder(id, companyId);
    if (!row) throw notFound('Reminder');
    const ctx = await repo.invoiceContext(companyId, row.invoiceId);
    return reminderDto({
      reminder: row,
      invoiceNumber: ctx?.number ?? null,
      firstName: ctx?.firstName ?? null,
      lastName: ctx?.lastName ?? null,
    });
  }

  return {
    ...delivery,

    async settings(ctx: CompanyContext): Promise<CollectionSettingsDto> {
      return settingsDto(await repo.settings(ctx.companyId));
    },

    async saveSettings(ctx: CompanyContext, input: CollectionSettings): Promise<CollectionSettingsDto> {
      return settingsDto(
        await repo.saveSettings({
          companyId: ctx.companyId,
          reminderDays: input.reminderDays,
          channels: input.channels,
          quietFrom: input.quietHours?.from ?? null,
          quietTo: input.quietHours?.to ?? null,
        }),
      );
    },

    async templates(ctx: CompanyContext): Promise<CollectionTemplateDto[]> {
      return effectiveTemplates(await repo.templates(ctx.companyId));
    },

    async saveTemplate(
      ctx: CompanyContext,
      key: ReminderTemplateKey,
      input: CollectionTemplateBody,
    ): Promise<CollectionTemplateDto> {
      await repo.saveTemplate({
        companyId: ctx.companyId,
        key,
        channel: input.channel,
        subject: input.channel === 'email' ? (input.subject ?? null) : null,
        body: input.body,
        dltTemplateId: input.channel === 'sms' ? (input.dltTemplateId ?? null) : null,
        whatsappTemplateName: input.channel === 'whatsapp' ? (input.whatsappTemplateName ?? null) : null,
      });
      const all = effectiveTemplates(await repo.templates(ctx.companyId));
      return all.find((t) => t.key === key && t.channel === input.channel)!;
    },

    /** The body rendered for one of the company's invoices (unknown variables were refused by the schema). */
    async preview(ctx: CompanyContext, input: TemplatePreviewBody): Promise<{ text: string }> {
      const invoice = await repo.invoiceContext(ctx.companyId, input.invoiceId);
      if (!invoice) throw notFound('Invoice');
      // A paid or void invoice takes no pay link: the preview shows where it would go.
      const payLink = await deps
        .payLink({ companyId: ctx.companyId, invoiceId: invoice.invoiceId })
        .catch(() => `${deps.config.appUrl}/pay/…`);
      const values = templateValues({
        tenantName: `${invoice.firstName} ${invoice.lastName}`.trim(),
        balance: invoice.balance,
        dueDate: invoice.dueDate,
        invoiceNumber: invoice.number,
        companyName: invoice.companyName,
        payLink,
        date: today(),
      });
      return { text: render(input.body, values).text };
    },

    async tenantPreferences(ctx: CompanyContext, tenancyId: string): Promise<ContactPreferences> {
      return preferencesDto(await repo.preferences(await preferencesOfTenancy(ctx, tenancyId)));
    },

    async saveTenantPreferences(
      ctx: CompanyContext,
      tenancyId: string,
      input: ContactPreferences,
    ): Promise<ContactPreferences> {
      const userId = await preferencesOfTenancy(ctx, tenancyId);
      return preferencesDto(await repo.savePreferences({ userId, ...input }));
    },

    async myPreferences(ctx: AuthContext): Promise<ContactPreferences> {
      return preferencesDto(await repo.preferences(ctx.userId));
    },

    async saveMyPreferences(ctx: AuthContext, input: ContactPreferences): Promise<ContactPreferences> {
      return preferencesDto(await repo.savePreferences({ userId: ctx.userId, ...input }));
    },

    async reminders(ctx: CompanyContext, query: ReminderListQuery) {
      const { rows, count } = await listReminders(
        db,
        ctx.companyId,
        query,
        offsetOf(query.page, query.limit),
      );
      return {
        data: rows.map(reminderDto),
        pagination: boundedPageOf(query.page, query.limit, count, rows.length),
      };
    },

    async resendReminder(ctx: CompanyContext, id: string): Promise<ReminderDto> {
      const row = await repo.reminder(id, ctx.companyId);
      if (!row) throw notFound('Reminder');
      const done = await delivery.resend(id);
      if (!done) throw conflict('Only a failed or skipped reminder can be sent again');
      return reminderOf(ctx.companyId, id);
    },

    runFor(ctx: CompanyContext, date: string) {
      return delivery.run(date, ctx.companyId);
    },
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
