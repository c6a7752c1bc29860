import {
  ZIdParams,
  ZLateFeeEffectiveDto,
  ZLateFeeEffectiveQuery,
  ZLateFeeRuleBody,
  ZLateFeeRuleDto,
  ZLateFeeRuleListQuery,
  ZLateFeeWaiverDto,
  ZOkMessage,
  ZWaiveLateFeeBody,
  zOk,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireCompany } from '../../core/access';
import { ok, okMessage, okPage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['late-fees'];
/** Reading the rules: staff who see payments or invoices; setting them: payments_write (the collections settings). */
const canRead = access.companyAny('payments_read', 'invoices_read');
const canWrite = access.company('payments_write');

/** /api/collections/late-fee-rules: the rules by company, property and tenancy, and the one each tenancy follows. */
export const lateFeeRulesRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { lateFees } = services;

  app.get(
    '/',
    {
      config: { access: canRead },
      schema: {
        tags,
        summary: 'The late-fee rules in force: the company default, then property and tenancy overrides',
        querystring: ZLateFeeRuleListQuery,
        response: { 200: zOkList(ZLateFeeRuleDto) },
      },
    },
    async (request) => okPage(await lateFees.listRules(requireCompany(request.auth), request.query)),
  );

  app.get(
    '/effective',
    {
      config: { access: canRead },
      schema: {
        tags,
        summary: 'Each current tenancy and the rule its next invoices follow (tenancy > property > company)',
        querystring: ZLateFeeEffectiveQuery,
        response: { 200: zOkList(ZLateFeeEffectiveDto) },
      },
    },
    async (request) => okPage(await lateFees.effective(requireCompany(request.auth), request.query)),
  );

  app.put(
    '/',
    {
      config: { access: canWrite },
      schema: {
        tags,
        summary:
          'Sets the late-fee rule of the company, a property or a tenancy (for invoices issued from now on)',
        body: ZLateFeeRuleBody,
        response: { 200: zOk(ZLateFeeRuleDto) },
      },
    },
    async (request) =>
      ok(await lateFees.setRule(requireCompany(request.auth), request.body), 'Late-fee rule saved'),
  );

  app.delete(
    '/:id',
    {
      config: { access: canWrite },
      schema: { tags, params: ZIdParams, response: { 200: ZOkMessage } },
    },
    async (request) => {
      await lateFees.deleteRule(requireCompany(request.auth), request.params.id);
      return okMessage('Late-fee rule removed');
    },
  );
};

/** POST /api/invoices/{id}/waive-late-fee */
export const lateFeeWaiverRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { lateFees } = services;

  app.post(
    '/:id/waive-late-fee',
    {
      config: { access: access.company('invoices_write') },
      schema: {
        tags,
        summary:
          "Waives an invoice's late fee (a credit note on a tax invoice), with the reason in the audit log",
        params: ZIdParams,
        body: ZWaiveLateFeeBody,
        response: { 200: zOk(ZLateFeeWaiverDto) },
      },
    },
    async (request) =>
      ok(
        await lateFees.waive(requireCompany(request.auth), request.params.id, request.body),
        'Late fee waived',
      ),
  );
};
