import {
  ZCreditNoteDto,
  ZCreditNoteListItemDto,
  ZCreditNoteListQuery,
  ZIdParams,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCompany } from '../../core/access';
import { ok, okList, sendPdf } from '../../core/http';
import type { ServicesOption } from '../../services';
import { read } from './invoices.route-access';

const tags = ['credit-notes'];

/** GET /api/credit-notes, /api/credit-notes/{id} and its PDF (issuing one is POST /api/invoices/{id}/credit-notes). */
export const creditNotesRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { invoices } = services;

  app.get(
    '/',
    {
      config: { access: read, pageCache: true },
      schema: { tags, querystring: ZCreditNoteListQuery, response: { 200: zOkList(ZCreditNoteListItemDto) } },
    },
    async (request) => {
      const { data, pagination } = await invoices.listCreditNotes(
        requireCompany(request.auth),
        request.query,
      );
      return okList(data, pagination);
    },
  );

  app.get(
    '/:id',
    { config: { access: read }, schema: { tags, params: ZIdParams, response: { 200: zOk(ZCreditNoteDto) } } },
    async (request) => ok(await invoices.getCreditNote(requireCompany(request.auth), request.params.id)),
  );

  app.get(
    '/:id/pdf',
    { config: { access: read }, schema: { tags, summary: 'The credit note as a PDF', params: ZIdParams } },
    async (request, reply) =>
      sendPdf(reply, await invoices.creditNotePdf(requireCompany(request.auth), request.params.id)),
  );
};
