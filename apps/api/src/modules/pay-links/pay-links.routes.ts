import {
  ZIdParams,
  ZIssuedPayLinkDto,
  ZPayLinkCheckoutDto,
  ZPayLinkDto,
  ZPayLinkParams,
  ZPayLinkReceiptParams,
  ZPayLinkVerifyBody,
  ZPortalInvoicesDto,
  ZSandboxCheckoutBody,
  ZSandboxCheckoutResult,
  ZSignedLinkQuery,
  ZTenantPortalCodeParams,
  ZTenantPortalQuery,
  zOk,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireCompany } from '../../core/access';
import { ok, sendPdf } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['pay links'];

/**
 * The public pay page's API (under /api/public/pay): the token is the permission and opens its one invoice; no
 * account; rate limited per IP. A dead link (30 days, replaced, invoice cancelled) answers 410, an unknown one 404.
 */
export const payLinksRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const payLinks = services.payLinks;

  app.get(
    '/:token',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: "The link's invoice: company, lines, balance, tenant's first name; `paid` with its receipts",
        params: ZPayLinkParams,
        response: { 200: zOk(ZPayLinkDto) },
      },
    },
    async (request) => ok(await payLinks.view(request.ip, request.params.token)),
  );

  app.post(
    '/:token/order',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'A gateway order for the balance (the open one reused); 410 once paid',
        params: ZPayLinkParams,
        response: { 200: zOk(ZPayLinkCheckoutDto) },
      },
    },
    async (request) => ok(await payLinks.order(request.ip, request.params.token)),
  );

  app.post(
    '/:token/sandbox-checkout',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: "Sandbox mode's stand-in for Razorpay Checkout, for an order of this link's invoice",
        params: ZPayLinkParams,
        body: ZSandboxCheckoutBody,
        response: { 200: zOk(ZSandboxCheckoutResult) },
      },
    },
    async (request) => ok(await payLinks.sandboxCheckout(request.ip, request.params.token, request.body)),
  );

  app.post(
    '/:token/verify',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary:
          "Checkout's answer: the payment recorded exactly once; answers the invoice with its receipts",
        params: ZPayLinkParams,
        body: ZPayLinkVerifyBody,
        response: { 200: zOk(ZPayLinkDto) },
      },
    },
    async (request) => ok(await payLinks.verify(request.ip, request.params.token, request.body)),
  );
};

/** The tenant portal's invoices (under /api/tenant-codes): the code is the permission, as for its other reads. */
export const portalInvoicesRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { payLinks, tenants } = services;

  app.get(
    '/:tenantCode/invoices',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: "The code's tenancy's open invoices, each with its pay link token, and its receipts",
        params: ZTenantPortalCodeParams,
        querystring: ZTenantPortalQuery,
        response: { 200: zOk(ZPortalInvoicesDto) },
      },
    },
    async (request) => {
      const tenancy = await tenants.portalTenancy(
        request.ip,
        request.params.tenantCode.toUpperCase(),
        request.query.companyId,
      );
      return ok(await payLinks.portalInvoices(tenancy));
    },
  );
};

/** Staff's copy of an invoice's pay link (under /api/invoices), e.g. to send it by hand. */
export const invoicePayLinkRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { payLinks } = services;
  app.post(
    '/:id/pay-link',
    {
      config: { access: access.companyAny('invoices_update', 'invoices_write') },
      schema: {
        tags,
        summary:
          "The invoice's pay link (the same live link while it has more than three days left); 409 when it takes no payment",
        params: ZIdParams,
        response: { 200: zOk(ZIssuedPayLinkDto) },
      },
    },
    async (request) => ok(await payLinks.invoicePayLink(requireCompany(request.auth), request.params.id)),
  );
};

/** GET /api/public/pay-receipts/{id}?exp&sig: a receipt PDF of a pay page by its signed link (the signature is the permission). */
export const payLinkReceiptsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const payLinks = services.payLinks;

  app.get(
    '/:id',
    {
      config: { access: access.public },
      schema: {
        tags,
        summary: 'A receipt PDF by its signed link (the links of a pay page live ten minutes)',
        params: ZPayLinkReceiptParams,
        querystring: ZSignedLinkQuery,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await payLinks.signedReceipt(request.params.id, request.query.exp, request.query.sig)),
  );
};
