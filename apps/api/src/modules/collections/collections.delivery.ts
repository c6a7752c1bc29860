import {
  type CollectionChannel,
  type CollectionRunResult,
  type CollectionSettingsDto,
  type ReminderTemplateKey,
  templateKeyOfStep,
} from '@rentora/shared';
import type { AppDeps, ServiceLog } from '../../core/app-deps';
import { escapeHtml } from '../../core/html';
import { sendMail } from '../../core/mail-delivery';
import type { NotificationLogsService } from '../notification-logs/notification-logs.service';
import { normalizePhone, type TextChannels } from './collections.channels';
import {
  createCollectionsRepo,
  type InvoiceContext,
  type NewReminder,
  type ReminderRow,
  type SettingsRow,
} from './collections.repo';
import {
  DEFAULT_SETTINGS,
  effectiveTemplates,
  inQuietHours,
  quietHoursEnd,
  render,
  templateValues,
} from './collections.templates';

/** Sends one reminder again (failed attempts, deferred ones after the quiet hours); queued by the run. */
export const COLLECTIONS_DELIVER_JOB = 'collections.deliver';
/** Seconds before the first retry of a failed SMS or WhatsApp message (doubled by the job runner after). */
export const RETRY_DELAY_SECONDS = 60;

/** The late fees of a day (modules/late-fees), charged before the reminders so that they show the new balance. */
export interface LateFeeCharger {
  charge(
    date: string,
    options?: { companyId?: string },
  ): Promise<{ invoiceId: string; companyId: string; amount: number }[]>;
}

/** The one-tap pay link of an invoice (modules/pay-links). */
export type PayLinkIssuer = (input: { companyId: string; invoiceId: string }) => Promise<string>;

export type DeliveryDeps = Pick<AppDeps, 'db' | 'mailer' | 'notifier' | 'jobs'> & {
  notificationLogs: Pick<NotificationLogsService, 'record'>;
  channels: TextChannels;
  payLink: PayLinkIssuer;
  lateFees: LateFeeCharger;
  now: () => Date;
  log: ServiceLog;
};

export function settingsDto(row: SettingsRow | undefined): CollectionSettingsDto {
  if (!row) return DEFAULT_SETTINGS;
  return {
    reminderDays: row.reminderDays,
    channels: row.channels,
    quietHours: row.quietFrom && row.quietTo ? { from: row.quietFrom, to: row.quietTo } : null,
  };
}

function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const tenantNameOf = (ctx: Pick<InvoiceContext, 'firstName' | 'lastName'>) =>
  `${ctx.firstName} ${ctx.lastName}`.trim();

/** Whether the person lets this channel reach them (no preferences row: every channel). */
export function channelAllowed(ctx: InvoiceContext, channel: CollectionChannel): boolean {
  const flag = channel === 'email' ? ctx.prefEmail : channel === 'sms' ? ctx.prefSms : ctx.prefWhatsapp;
  return flag ?? true;
}

function addressOf(ctx: InvoiceContext, channel: CollectionChannel): string | null {
  return channel === 'email' ? ctx.email : normalizePhone(ctx.phone);
}

type Outcome = Pick<ReminderRow, 'status' | 'error' | 'provider' | 'toAddress'>;

/**
 * The reminder schedule: each day's run claims one row per invoice, step and channel (the unique key makes a
 * second run of the day a no-op), then sends it now, or after the quiet hours through the job runner. A failed
 * SMS or WhatsApp message is retried by the `collections.deliver` job with backoff; every attempt is logged.
 */
export function createCollectionsDelivery(deps: DeliveryDeps) {
  const { db, log } = deps;
  const repo = createCollectionsRepo(db);

  async function sendOne(reminder: ReminderRow, ctx: InvoiceContext, date: string): Promise<Outcome> {
    const channel = reminder.channel;
    const key: ReminderTemplateKey = templateKeyOfStep(reminder.step);
    const template = effectiveTemplates(await repo.templates(reminder.companyId)).find(
      (t) => t.key === key && t.channel === channel,
    )!;
    const to = addressOf(ctx, channel);
    const skip = (error: string): Outcome => ({ status: 'skipped', error, provider: null, toAddress: to });
    if (!to) return skip(channel === 'email' ? 'No email address' : 'No mobile number');
    if (channel === 'sms' && !template.dltTemplateId) return skip('The SMS template has no DLT template id');
    if (channel === 'whatsapp' && !template.whatsappTemplateName) {
      return skip('The WhatsApp template has no approved template name');
    }
    const payLink = await deps.payLink({ companyId: reminder.companyId, invoiceId: reminder.invoiceId });
    const values = templateValues({
      tenantName: tenantNameOf(ctx),
      balance: ctx.balance,
      dueDate: ctx.dueDate,
      invoiceNumber: ctx.number,
      companyName: ctx.companyName,
      payLink,
      date,
    });
    const { text, parameters } = render(template.body, values);
    const templateName = `collections_${key}`;

    if (channel === 'email') {
      const subject = render(template.subject ?? '', values).text;
      // The in-app notification goes with the email (the tenant area shows it), on the first attempt only.
      if (reminder.attempts <= 1) {
        await deps.notifier
          .notifyUser(ctx.userId, {
            companyId: ctx.companyId,
            category: 'payment',
            type: reminder.step > 0 ? 'invoice.overdue' : 'invoice.due_reminder',
            title: subject,
            message: text,
            link: '/tenant/payments',
            priority: reminder.step > 0 ? 'high' : 'normal',
            data: { invoiceId: ctx.invoiceId },
          })
          .catch((error) => log.warn({ err: error }, 'in-app reminder failed'));
      }
      const result = await sendMail(
        deps.mailer,
        {
          to,
          subject,
          text: `${text}\n`,
          html: `<p>${escapeHtml(text)}</p>`,
          template: templateName,
          link: payLink,
        },
        { companyId: ctx.companyId, userId: ctx.userId },
      );
      // A refused email is retried by the mailer's own job (mail.retry) and logged by it.
      if (result.delivered) return { status: 'sent', error: null, provider: 'mail', toAddress: to };
      return {
        status: result.retrying ? 'sent' : 'failed',
        error: result.retrying ? `${result.error} (the mailer retries)` : (result.error ?? 'Not delivered'),
        provider: 'mail',
        toAddress: to,
      };
    }

    const provider = deps.channels[channel];
    let error: string | null = null;
    try {
      await provider.send({
        to,
        text,
        template: key,
        dltTemplateId: template.dltTemplateId ?? undefined,
        whatsappTemplateName: template.whatsappTemplateName ?? undefined,
        language: ctx.language ?? 'en',
        parameters,
        link: payLink,
      });
    } catch (caught) {
      error = (caught instanceof Error ? caught.message : String(caught)).slice(0, 500);
    }
    await deps.notificationLogs
      .record({
        companyId: ctx.companyId,
        userId: ctx.userId,
        channel,
        provider: provider.name,
        template: templateName,
        to,
        subject: text,
        status: error ? 'failed' : 'sent',
        error,
      })
      .catch((logError) => log.error({ err: logError }, 'notification log failed'));
    return { status: error ? 'failed' : 'sent', error, provider: provider.name, toAddress: to };
  }

  /** One attempt at a reminder this caller has taken (attempts already counted). */
  async function attempt(reminder: ReminderRow, date: string): Promise<ReminderRow> {
    const ctx = await repo.invoiceContext(reminder.companyId, reminder.invoiceId);
    let outcome: Outcome;
    if (!ctx || !['sent', 'partially_paid'].includes(ctx.status) || ctx.balance <= 0) {
      outcome = { status: 'skipped', error: 'The invoice is paid or void', provider: null, toAddress: null };
    } else if (!ctx.isActive) {
      outcome = {
        status: 'skipped',
        error: 'The tenant account is inactive',
        provider: null,
        toAddress: null,
      };
    } else if (!channelAllowed(ctx, reminder.channel)) {
      outcome = {
        status: 'skipped',
        error: 'The tenant opted out of this channel',
        provider: null,
        toAddress: null,
      };
    } else {
      try {
        outcome = await sendOne(reminder, ctx, date);
      } catch (error) {
        log.error({ err: error, reminderId: reminder.id }, 'reminder send failed');
        outcome = {
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
          provider: null,
          toAddress: null,
        };
      }
    }
    return repo.updateReminder(reminder.id, {
      ...outcome,
      toAddress: outcome.toAddress ?? reminder.toAddress,
      sentAt: outcome.status === 'sent' ? deps.now() : null,
    });
  }

  /** Takes a failed or deferred reminder for another attempt; undefined when another caller has it or it is done. */
  async function retake(id: string, from: ReminderRow['status'][]): Promise<ReminderRow | undefined> {
    return db.transaction(async (tx) => {
      const txRepo = createCollectionsRepo(tx);
      const row = await txRepo.lockReminder(id);
      if (!row || !from.includes(row.status)) return undefined;
      return txRepo.updateReminder(id, { status: 'pending', attempts: row.attempts + 1 });
    });
  }

  async function queueRetry(reminder: ReminderRow, startAfterSeconds: number): Promise<void> {
    await deps.jobs
      .send(COLLECTIONS_DELIVER_JOB, { reminderId: reminder.id }, { startAfterSeconds })
      .catch((error) => log.error({ err: error, reminderId: reminder.id }, 'reminder retry not queued'));
  }

  /** The claims and first attempts of one company's reminders on `date`. */
  async function runCompany(companyId: string, date: string): Promise<CollectionRunResult['sent']> {
    const settings = settingsDto(await repo.settings(companyId));
    if (settings.channels.length === 0 || settings.reminderDays.length === 0) return [];
    const dueDates = settings.reminderDays.map((day) => addDays(date, -day));
    const invoices = await repo.dueOn(companyId, dueDates);
    const now = deps.now();
    const quiet = inQuietHours(now, settings.quietHours);
    const sendAfter = quiet && settings.quietHours ? quietHoursEnd(now, settings.quietHours) : null;
    const claims: NewReminder[] = [];
    for (const ctx of invoices) {
      if (!ctx.isActive) continue;
      const step = daysFrom(ctx.dueDate, date);
      for (const channel of settings.channels) {
        if (!channelAllowed(ctx, channel)) continue;
        claims.push({
          companyId,
          invoiceId: ctx.invoiceId,
          userId: ctx.userId,
          step,
          channel,
          status: quiet ? 'deferred' : 'pending',
          toAddress: addressOf(ctx, channel),
          attempts: quiet ? 0 : 1,
          runDate: date,
          sendAfter,
        });
      }
    }
    const claimed = await db.transaction((tx) => createCollectionsRepo(tx).claim(claims));
    const numbers = new Map(invoices.map((ctx) => [ctx.invoiceId, ctx.number]));
    const out: CollectionRunResult['sent'] = [];
    for (const row of claimed) {
      let final = row;
      if (row.status === 'deferred' && sendAfter) {
        await queueRetry(row, Math.ceil((sendAfter.getTime() - now.getTime()) / 1000));
      } else {
        final = await attempt(row, date);
        if (final.status === 'failed' && row.channel !== 'email')
          await queueRetry(final, RETRY_DELAY_SECONDS);
      }
      out.push({
        reminderId: final.id,
        invoiceId: final.invoiceId,
        invoiceNumber: numbers.get(final.invoiceId) ?? null,
        step: final.step,
        channel: final.channel,
        status: final.status,
      });
    }
    return out;
  }

  /** The job: one more attempt at a failed or deferred reminder; throws on failure so that the runner backs off. */
  async function deliverJob(data: { reminderId: string }): Promise<void> {
    const current = await repo.reminder(data.reminderId);
    if (!current) return;
    if (current.status === 'deferred') {
      const settings = settingsDto(await repo.settings(current.companyId));
      const now = deps.now();
      if (settings.quietHours && inQuietHours(now, settings.quietHours)) {
        const at = quietHoursEnd(now, settings.quietHours);
        await repo.updateReminder(current.id, { sendAfter: at });
        await queueRetry(current, Math.ceil((at.getTime() - now.getTime()) / 1000));
        return;
      }
    }
    const taken = await retake(data.reminderId, ['failed', 'deferred']);
    if (!taken) return;
    const done = await attempt(taken, taken.runDate);
    if (done.status === 'failed' && done.channel !== 'email') {
      throw new Error(`reminder ${done.id} (${done.channel}): ${done.error ?? 'failed'}`);
    }
  }

  return {
    deliverJob,

    /**
     * The collections of `date` (past and future dates allowed): the day's late fees, then every reminder step
     * falling on it, of one company or of all. A second run of the same day sends and charges nothing new.
     */
    async run(date: string, companyId?: string): Promise<CollectionRunResult> {
      const charged = (await deps.lateFees.charge(date, companyId ? { companyId } : {}))
        .filter((fee) => !companyId || fee.companyId === companyId)
        .map(({ invoiceId, amount }) => ({ invoiceId, amount }));
      const companies = companyId ? [companyId] : await repo.companiesWithOpenInvoices();
      const sent: CollectionRunResult['sent'] = [];
      for (const id of companies) {
        try {
          sent.push(...(await runCompany(id, date)));
        } catch (error) {
          if (companyId) throw error;
          log.error({ err: error, companyId: id }, 'collections run of a company failed');
        }
      }
      return { date, sent, charged };
    },

    /** Deferred reminders whose quiet hours are over (the daily job's safety net besides the queued jobs). */
    async deliverDeferred(): Promise<number> {
      const ids = await repo.deferredDue(deps.now());
      for (const reminderId of ids) {
        await deliverJob({ reminderId }).catch((error) =>
          log.warn({ err: error, reminderId }, 'deferred reminder failed'),
        );
      }
      return ids.length;
    },

    /** Staff: a failed (or skipped) reminder sent again now. */
    async resend(id: string): Promise<ReminderRow | undefined> {
      const taken = await retake(id, ['failed', 'skipped']);
      if (!taken) return undefined;
      const done = await attempt(taken, taken.runDate);
      if (done.status === 'failed' && done.channel !== 'email') await queueRetry(done, RETRY_DELAY_SECONDS);
      return done;
    },
  };
}

export type CollectionsDelivery = ReturnType<typeof createCollectionsDelivery>;
