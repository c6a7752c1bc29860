import { describe, expect, it } from 'vitest';
import type { JobRunner } from '../src/core/jobs';
import { defineScheduledJobs } from '../src/scheduled-jobs';
import { getTestApp } from './app';

describe('the composition root', () => {
  it('builds each service once: bookings pay through the one payments service the routes use', async () => {
    const { app } = await getTestApp();
    expect(app.services.bookings.payments).toBe(app.services.payments);
  });

  it('defines every background job in one place, with the schedules of the docs', async () => {
    const { app } = await getTestApp();
    const defined: string[] = [];
    const scheduled: [string, string][] = [];
    const recorder: JobRunner = {
      ...app.deps.jobs,
      define: (name) => void defined.push(name),
      schedule: async (name, cron) => void scheduled.push([name, cron]),
    };
    await defineScheduledJobs(recorder, app.services, app.log);
    expect(defined).toEqual([
      'bookings.maintenance',
      'maintenance.overdue',
      'invoices.rent-run',
      'collections.daily',
      'collections.deliver',
      'invoices.rent-notify',
      'imports.run',
      'webhooks.dispatch',
    ]);
    expect(scheduled).toEqual([
      ['bookings.maintenance', '* * * * *'],
      ['maintenance.overdue', '*/10 * * * *'],
      ['collections.daily', '30 4 * * *'],
      ['invoices.rent-run', '15 2 * * *'],
      ['webhooks.dispatch', '* * * * *'],
    ]);
  });
});
