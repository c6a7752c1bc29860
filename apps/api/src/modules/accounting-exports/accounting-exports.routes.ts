import {
  ZAccountingExportQuery,
  ZAccountingExportSettingsBody,
  ZAccountingExportSettingsDto,
  zOk,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireCompany } from '../../core/access';
import { ok } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['accounting-exports'];

/** /api/exports/accounting: a period's books for Tally Prime, Zoho Books or QuickBooks Online, and the ledger names. */
export const accountingExportsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { accountingExports } = services;

  app.get(
    '/',
    {
      config: { access: access.company('payments_read', 'invoices_read') },
      schema: {
        tags,
        summary:
          'Download the invoices, credit notes and payments of a period for Tally, Zoho Books or QuickBooks',
        querystring: ZAccountingExportQuery,
      },
    },
    async (request, reply) => {
      const file = await accountingExports.exportBooks(requireCompany(request.auth), request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/settings',
    {
      config: { access: access.company('payments_read') },
      schema: {
        tags,
        summary: 'The ledger names the accounting exports post to',
        response: { 200: zOk(ZAccountingExportSettingsDto) },
      },
    },
    async (request) => ok(await accountingExports.settings(requireCompany(request.auth))),
  );

  app.put(
    '/settings',
    {
      config: { access: access.company('payments_update') },
      schema: {
        tags,
        summary: 'Rename the ledgers the accounting exports post to',
        body: ZAccountingExportSettingsBody,
        response: { 200: zOk(ZAccountingExportSettingsDto) },
      },
    },
    async (request) =>
      ok(
        await accountingExports.updateSettings(requireCompany(request.auth), request.body),
        'Ledger names saved',
      ),
  );
};
