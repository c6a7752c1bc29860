import { ZGstr1Dto, ZGstr1Query, zOk } from '@rentora/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCompany } from '../../core/access';
import { ok } from '../../core/http';
import type { ServicesOption } from '../../services';
import { gstr1Csv, gstr1FileName } from './gst-returns.csv';
import { read } from './invoices.route-access';

const tags = ['gst'];

/** A CSV download (the JSON response schema does not apply to it). */
const sendCsv = (reply: FastifyReply, csv: string, fileName: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);

/** GET /api/gst/gstr1: the month's GSTR-1 as JSON, or as CSV in the GST offline tool's columns (a download). */
export const gstReturnsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { invoices } = services;

  app.get(
    '/gstr1',
    {
      config: { access: read },
      schema: {
        tags,
        summary: "The month's outward supplies in GSTR-1 sections (JSON, or CSV per section)",
        querystring: ZGstr1Query,
        response: { 200: zOk(ZGstr1Dto) },
      },
    },
    async (request, reply) => {
      const { format, section } = request.query;
      const dto = await invoices.gstr1(requireCompany(request.auth), request.query);
      reply.header('cache-control', 'no-store');
      if (format === 'json') return ok(dto);
      return sendCsv(reply, gstr1Csv(dto, section), gstr1FileName(dto, section));
    },
  );
};
