import { ZTaxSettingsBody, ZTaxSettingsDto, zOk } from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireCompany } from '../../core/access';
import { ok } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['gst'];

/** GET/PUT /api/tax-settings: the company's GST registration, rate and series prefixes. */
export const taxSettingsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { gst } = services;

  app.get(
    '/',
    {
      config: { access: access.companyAny('company_read', 'invoices_read') },
      schema: {
        tags,
        summary: "The company's GST registration, rate and document series",
        response: { 200: zOk(ZTaxSettingsDto) },
      },
    },
    async (request) => ok(await gst.settings(requireCompany(request.auth))),
  );

  app.put(
    '/',
    {
      config: { access: access.company('company_update') },
      schema: { tags, body: ZTaxSettingsBody, response: { 200: zOk(ZTaxSettingsDto) } },
    },
    async (request) =>
      ok(await gst.updateSettings(requireCompany(request.auth), request.body), 'Tax settings saved'),
  );
};
