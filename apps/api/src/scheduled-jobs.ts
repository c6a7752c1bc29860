import type { ServiceLog } from './core/app-deps';
import { today } from './core/dates';
import type { JobRunner } from './core/jobs';
import { COLLECTIONS_DAILY_JOB, COLLECTIONS_DELIVER_JOB } from './modules/collections/collections.service';
import { IMPORTS_RUN_JOB, type ImportJobData } from './modules/imports/imports.service';
import { WEBHOOKS_DISPATCH_JOB } from './modules/webhooks/webhooks.service';
import type { Services } from './services';

/** Hold expiry and reconciliation of gateway payments whose browser never came back. */
export const BOOKINGS_MAINTENANCE_JOB = 'bookings.maintenance';
/** Reminders of overdue maintenance requests. */
export const MAINTENANCE_OVERDUE_JOB = 'maintenance.overdue';
/** The daily rent run, late fees and due-date reminders. */
export const INVOICES_RENT_RUN_JOB = 'invoices.rent-run';
/** Tells the tenants billed by a rent run started by hand (queued by POST /api/invoices/generate-rent). */
export const INVOICES_RENT_NOTIFY_JOB = 'invoices.rent-notify';

/**
 * Every background job of the API (besides `mail.retry`, which core/mail.ts defines with the mailer), with its
 * schedule. core/jobs.ts runs one tick across every process; each handler is idempotent. server.ts starts the runner.
 */
export async function defineScheduledJobs(
  jobs: JobRunner,
  services: Services,
  log: ServiceLog,
): Promise<void> {
  const { bookings, payments, maintenanceRequests, billing, lateFees, imports, collections, webhooks } =
    services;

  // Hold expiry and reconciliation once a minute, and once at start-up (server.ts queues it: money the gateway took
  // while no process was running is recorded at once).
  jobs.define(BOOKINGS_MAINTENANCE_JOB, {
    retryLimit: 0,
    handler: async () => {
      const expired = await bookings.expireHolds();
      const settled = await payments.reconcile();
      if (expired || settled) log.info({ expired, settled }, 'bookings maintenance');
    },
  });
  await jobs.schedule(BOOKINGS_MAINTENANCE_JOB, '* * * * *');

  // Overdue reminders every ten minutes.
  jobs.define(MAINTENANCE_OVERDUE_JOB, {
    retryLimit: 0,
    handler: async () => {
      const reminded = await maintenanceRequests.remindOverdue();
      if (reminded) log.info({ reminded }, 'maintenance overdue reminders');
    },
  });
  await jobs.schedule(MAINTENANCE_OVERDUE_JOB, '*/10 * * * *');

  // The daily rent run: tenancies whose rent falls due within five days get their month's invoice (generateRent
  // itself is idempotent per tenancy and month), then the day's late fees (late-fees module: each invoice's fee once,
  // daily interest brought up to today). Reminders are the collections job's (below).
  jobs.define(INVOICES_RENT_RUN_JOB, {
    retryLimit: 1,
    handler: async () => {
      const created = await billing.dailyRentRun();
      const charged = await lateFees.charge();
      log.info({ created, lateFees: charged.length }, 'daily rent run and late fees');
    },
  });

  // The day's collections at 10:00 India time: each reminder step once per invoice and channel (a claimed row per
  // step), deferred past the company's quiet hours; then the deferred ones whose quiet hours are over.
  jobs.define(COLLECTIONS_DAILY_JOB, {
    retryLimit: 1,
    handler: async () => {
      const result = await collections.run(today());
      const deferred = await collections.deliverDeferred();
      log.info({ sent: result.sent.length, charged: result.charged.length, deferred }, 'daily collections');
    },
  });
  await jobs.schedule(COLLECTIONS_DAILY_JOB, '30 4 * * *');

  // Not scheduled: queued per failed SMS or WhatsApp reminder (backoff) and per reminder deferred by quiet hours.
  jobs.define<{ reminderId: string }>(COLLECTIONS_DELIVER_JOB, {
    retryLimit: 5,
    retryDelaySeconds: 60,
    handler: (data) => collections.deliverJob(data),
  });
  await jobs.schedule(INVOICES_RENT_RUN_JOB, '15 2 * * *');

  // Not scheduled: queued once per rent run started by hand.
  jobs.define<{ companyId: string; month: string; since: string }>(INVOICES_RENT_NOTIFY_JOB, {
    retryLimit: 2,
    handler: async ({ companyId, month, since }) => {
      await billing.notifyRentRun(companyId, month, since);
    },
  });

  // Not scheduled: queued by each upload (POST /api/imports) and each commit of a dry run.
  jobs.define<ImportJobData>(IMPORTS_RUN_JOB, {
    retryLimit: 1,
    expireInSeconds: 3600,
    handler: (data) => imports.run(data),
  });

  // Outgoing webhooks: the outbox delivered every minute, and at once after a request that wrote events (the
  // request queues it). `now` (ISO) lets a test or an operator drive the retry clock.
  jobs.define<{ now?: string }>(WEBHOOKS_DISPATCH_JOB, {
    retryLimit: 0,
    handler: async ({ now }) => {
      const result = await webhooks.dispatch(now ? new Date(now) : new Date());
      if (result.events || result.sent || result.failed) log.info(result, 'webhooks dispatched');
    },
  });
  await jobs.schedule(WEBHOOKS_DISPATCH_JOB, '* * * * *');
}
