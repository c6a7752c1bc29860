import {
  ZDepositDto,
  ZDepositReceiptBody,
  ZIdParams,
  ZSettlementBody,
  ZSettlementDto,
  ZSettlementRefundBody,
  zOk,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireCompany, requireUser } from '../../core/access';
import { ok, sendPdf } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['deposits'];
const read = access.company('tenants_read');
const write = access.companyAny('tenants_update', 'tenants_write');
const depositResponse = { 200: zOk(ZDepositDto) };
const settlementResponse = { 200: zOk(ZSettlementDto) };

/** A tenancy's security deposit and its move-out settlement, under /api/tenants/{id}. */
export const depositsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { deposits } = services;

  app.get(
    '/:id/deposit',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'The deposit ledger of a tenancy',
        params: ZIdParams,
        response: depositResponse,
      },
    },
    async (request) => ok(await deposits.deposit(requireCompany(request.auth), request.params.id)),
  );

  app.post(
    '/:id/deposit/receipts',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Records a deposit received offline (once per reference)',
        params: ZIdParams,
        body: ZDepositReceiptBody,
        response: { 201: zOk(ZDepositDto) },
      },
    },
    async (request, reply) => {
      const data = await deposits.recordReceipt(
        requireCompany(request.auth),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(ok(data, 'Deposit recorded'));
    },
  );

  app.post(
    '/:id/settlement',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Drafts the move-out settlement of the deposit',
        params: ZIdParams,
        body: ZSettlementBody,
        response: { 201: zOk(ZSettlementDto) },
      },
    },
    async (request, reply) => {
      const data = await deposits.draftSettlement(
        requireCompany(request.auth),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(ok(data, 'Settlement drafted'));
    },
  );

  app.get(
    '/:id/settlement',
    { config: { access: read }, schema: { tags, params: ZIdParams, response: settlementResponse } },
    async (request) => ok(await deposits.getSettlement(requireCompany(request.auth), request.params.id)),
  );

  app.put(
    '/:id/settlement',
    {
      config: { access: write },
      schema: { tags, params: ZIdParams, body: ZSettlementBody, response: settlementResponse },
    },
    async (request) =>
      ok(
        await deposits.updateSettlement(requireCompany(request.auth), request.params.id, request.body),
        'Settlement updated',
      ),
  );

  app.post(
    '/:id/settlement/finalize',
    {
      config: { access: write },
      schema: { tags, summary: 'Locks the settlement', params: ZIdParams, response: settlementResponse },
    },
    async (request) =>
      ok(
        await deposits.finalizeSettlement(requireCompany(request.auth), request.params.id),
        'Settlement finalized',
      ),
  );

  app.post(
    '/:id/settlement/refund',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Records the refund of the deposit due (once)',
        params: ZIdParams,
        body: ZSettlementRefundBody,
        response: settlementResponse,
      },
    },
    async (request) =>
      ok(
        await deposits.refundSettlement(requireCompany(request.auth), request.params.id, request.body),
        'Refund recorded',
      ),
  );

  app.get(
    '/:id/settlement/pdf',
    { config: { access: read }, schema: { tags, summary: 'The settlement statement', params: ZIdParams } },
    async (request, reply) =>
      sendPdf(reply, await deposits.settlementPdf(requireCompany(request.auth), request.params.id)),
  );
};

const ZMySettlement = z.object({ deposit: ZDepositDto, settlement: ZSettlementDto });

/** The signed-in tenant's finalized settlements and their statements, under /api/deposits. */
export const myDepositsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { deposits } = services;

  app.get(
    '/mine',
    {
      config: { access: access.user },
      schema: {
        tags,
        summary: "The signed-in tenant's finalized deposit settlements",
        response: { 200: zOk(z.array(ZMySettlement)) },
      },
    },
    async (request) => ok(await deposits.mine(requireUser(request.auth))),
  );

  app.get(
    '/mine/:id/pdf',
    { config: { access: access.user }, schema: { tags, params: ZIdParams } },
    async (request, reply) =>
      sendPdf(reply, await deposits.minePdf(requireUser(request.auth), request.params.id)),
  );
};
