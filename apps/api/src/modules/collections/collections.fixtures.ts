import type { FixtureBuilder } from '../../../test/fixtures';
import { dueInvoice, putSettings, runDay } from './collections.testing';

/**
 * A reminder of company A (an email on an invoice's due date) for the resend route; the contact preferences
 * under /api/tenants/{id} take the tenants fixture's id (`tenants:id`).
 */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  await putSettings(app, owner, { reminderDays: [0], channels: ['email'] });
  await dueInvoice(app, owner, '2026-03-10');
  const run = await runDay(app, owner, '2026-03-10');
  const reminderId = run.sent[0]?.reminderId;
  if (!reminderId) throw new Error(`no reminder: ${JSON.stringify(run)}`);
  // Template keys are names, not records: company B's PUT of the same key writes B's own template (and `{}` is a 400).
  return { 'reminders:id': reminderId, 'templates:key': 'due' };
};
