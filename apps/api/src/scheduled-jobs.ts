import type { ServiceLog } from './core/app-deps';
import type { JobRunner } from './core/jobs';
import { IMPORTS_RUN_JOB, type ImportJobData } from './modules/imports/imports.service';
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
  const { bookings, payments, maintenanceRequests, billing, invoiceReminders, lateFees, imports } = services;

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
  // daily interest brought up to today) and reminders.
  jobs.define(INVOICES_RENT_RUN_JOB, {
    retryLimit: 1,
    handler: async () => {
      const created = await billing.dailyRentRun();
      const charged = await lateFees.charge();
      const sent = await invoiceReminders.sendReminders();
      log.info({ created, lateFees: charged.length, ...sent }, 'daily rent run, late fees and reminders');
    },
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
}
