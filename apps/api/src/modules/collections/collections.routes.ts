import {
  businessDate,
  ZCollectionRunQuery,
  ZCollectionRunResult,
  ZCollectionSettings,
  ZCollectionSettingsDto,
  ZCollectionTemplateBody,
  ZCollectionTemplateDto,
  ZContactPreferences,
  ZIdParams,
  ZReminderDto,
  ZReminderListQuery,
  ZTemplateKeyParams,
  ZTemplatePreviewBody,
  ZTemplatePreviewDto,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireCompany, requireUser } from '../../core/access';
import { ok, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['collections'];
const read = access.company('payments_read');
const write = access.company('payments_write');

/** Reminder schedule, templates, the day's run and the reminders sent, under /api/collections. */
export const collectionsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { collections } = services;

  app.get(
    '/settings',
    {
      config: { access: read },
      schema: { tags, summary: 'The reminder schedule', response: { 200: zOk(ZCollectionSettingsDto) } },
    },
    async (request) => ok(await collections.settings(requireCompany(request.auth))),
  );

  app.put(
    '/settings',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Sets the reminder days, channels and quiet hours (India time)',
        body: ZCollectionSettings,
        response: { 200: zOk(ZCollectionSettingsDto) },
      },
    },
    async (request) =>
      ok(await collections.saveSettings(requireCompany(request.auth), request.body), 'Settings saved'),
  );

  app.get(
    '/templates',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'The text of every reminder step on every channel',
        response: { 200: zOk(z.array(ZCollectionTemplateDto)) },
      },
    },
    async (request) => ok(await collections.templates(requireCompany(request.auth))),
  );

  app.put(
    '/templates/:key',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Sets the text of a step on a channel (SMS: DLT template id, WhatsApp: template name)',
        params: ZTemplateKeyParams,
        body: ZCollectionTemplateBody,
        response: { 200: zOk(ZCollectionTemplateDto) },
      },
    },
    async (request) =>
      ok(
        await collections.saveTemplate(requireCompany(request.auth), request.params.key, request.body),
        'Template saved',
      ),
  );

  app.post(
    '/templates/preview',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'A template body rendered for one invoice',
        body: ZTemplatePreviewBody,
        response: { 200: zOk(ZTemplatePreviewDto) },
      },
    },
    async (request) => ok(await collections.preview(requireCompany(request.auth), request.body)),
  );

  app.post(
    '/run',
    {
      config: { access: write },
      schema: {
        tags,
        summary: "Runs a day's collections now (late fees and reminders; a second run of a day adds nothing)",
        querystring: ZCollectionRunQuery,
        response: { 200: zOk(ZCollectionRunResult) },
      },
    },
    async (request) => {
      const result = await collections.runFor(
        requireCompany(request.auth),
        request.query.date ?? businessDate(),
      );
      return ok(result, `${result.sent.length} reminders, ${result.charged.length} late fees`);
    },
  );

  app.get(
    '/reminders',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'The reminders sent, with their status',
        querystring: ZReminderListQuery,
        response: { 200: zOkList(ZReminderDto) },
      },
    },
    async (request) => okPage(await collections.reminders(requireCompany(request.auth), request.query)),
  );

  app.post(
    '/reminders/:id/resend',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Sends a failed reminder again',
        params: ZIdParams,
        response: { 200: zOk(ZReminderDto) },
      },
    },
    async (request) =>
      ok(
        await collections.resendReminder(requireCompany(request.auth), request.params.id),
        'Reminder sent again',
      ),
  );

  app.get(
    '/contact-preferences/mine',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: "The signed-in person's reminder channels",
        response: { 200: zOk(ZContactPreferences) },
      },
    },
    async (request) => ok(await collections.myPreferences(requireUser(request.auth))),
  );

  app.put(
    '/contact-preferences/mine',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: "Sets the signed-in person's reminder channels (an opted-out channel receives nothing)",
        body: ZContactPreferences,
        response: { 200: zOk(ZContactPreferences) },
      },
    },
    async (request) =>
      ok(await collections.saveMyPreferences(requireUser(request.auth), request.body), 'Preferences saved'),
  );
};

/** A tenant's reminder channels, under /api/tenants/{id} (the tenancy's person). */
export const tenantContactPreferencesRoutes: FastifyPluginAsyncZod<ServicesOption> = async (
  app,
  { services },
) => {
  const { collections } = services;

  app.get(
    '/:id/contact-preferences',
    {
      config: { access: access.company('tenants_read') },
      schema: {
        tags,
        summary: "A tenant's reminder channels and language",
        params: ZIdParams,
        response: { 200: zOk(ZContactPreferences) },
      },
    },
    async (request) =>
      ok(await collections.tenantPreferences(requireCompany(request.auth), request.params.id)),
  );

  app.put(
    '/:id/contact-preferences',
    {
      config: { access: access.company('tenants_write') },
      schema: {
        tags,
        summary: "Sets a tenant's reminder channels (an opted-out channel receives nothing)",
        params: ZIdParams,
        body: ZContactPreferences,
        response: { 200: zOk(ZContactPreferences) },
      },
    },
    async (request) =>
      ok(
        await collections.saveTenantPreferences(
          requireCompany(request.auth),
          request.params.id,
          request.body,
        ),
        'Preferences saved',
      ),
  );
};
