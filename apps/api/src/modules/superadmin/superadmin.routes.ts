import {
  ZCompanyDto,
  ZFeatureIdBody,
  ZFeaturesAndLimitations,
  ZIdParams,
  ZLimitationsBody,
  ZProductFeature,
  ZSubscriptionCancelBody,
  ZSubscriptionForceUpdateBody,
  ZSubscriptionUpdateBody,
  ZVerifyCompanyBody,
  zOk,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../core/access';
import { ok } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['superadmin'];
const companyResponse = { 200: zOk(ZCompanyDto) };

export const superadminRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const superadmin = services.superadmin;
  const config = { access: access.superAdmin };

  app.get(
    '/product-features',
    { config, schema: { tags, response: { 200: zOk(z.array(ZProductFeature)) } } },
    async () => ok(superadmin.productFeatures()),
  );

  app.post(
    '/companies/:id/verify',
    { config, schema: { tags, params: ZIdParams, body: ZVerifyCompanyBody, response: companyResponse } },
    async (request) => {
      const company = await superadmin.verifyCompany(request.params.id, request.body);
      return ok(company, company.isVerified ? 'Company verified' : 'Company marked as unverified');
    },
  );

  app.get(
    '/companies/:id/features-and-limitations',
    { config, schema: { tags, params: ZIdParams, response: { 200: zOk(ZFeaturesAndLimitations) } } },
    async (request) => ok(await superadmin.featuresAndLimitations(request.params.id)),
  );

  app.post(
    '/companies/:id/subscription/update',
    { config, schema: { tags, params: ZIdParams, body: ZSubscriptionUpdateBody, response: companyResponse } },
    async (request) =>
      ok(await superadmin.updateSubscription(request.params.id, request.body), 'Subscription updated'),
  );

  app.post(
    '/companies/:id/subscription/force-update',
    {
      config,
      schema: { tags, params: ZIdParams, body: ZSubscriptionForceUpdateBody, response: companyResponse },
    },
    async (request) =>
      ok(await superadmin.forceUpdateSubscription(request.params.id, request.body), 'Subscription updated'),
  );

  app.post(
    '/companies/:id/subscription/cancel',
    { config, schema: { tags, params: ZIdParams, body: ZSubscriptionCancelBody, response: companyResponse } },
    async (request) =>
      ok(await superadmin.cancelSubscription(request.params.id, request.body), 'Subscription cancelled'),
  );

  app.post(
    '/companies/:id/subscription/renew',
    { config, schema: { tags, params: ZIdParams, response: companyResponse } },
    async (request) => ok(await superadmin.renewSubscription(request.params.id), 'Subscription renewed'),
  );

  app.post(
    '/companies/:id/features/add',
    { config, schema: { tags, params: ZIdParams, body: ZFeatureIdBody, response: companyResponse } },
    async (request) =>
      ok(await superadmin.addFeature(request.params.id, request.body.featureId), 'Feature added'),
  );

  app.post(
    '/companies/:id/features/remove',
    { config, schema: { tags, params: ZIdParams, body: ZFeatureIdBody, response: companyResponse } },
    async (request) =>
      ok(await superadmin.removeFeature(request.params.id, request.body.featureId), 'Feature removed'),
  );

  app.put(
    '/companies/:id/limitations',
    { config, schema: { tags, params: ZIdParams, body: ZLimitationsBody, response: companyResponse } },
    async (request) =>
      ok(
        await superadmin.updateLimitations(request.params.id, request.body.limitations),
        'Limitations updated',
      ),
  );

  app.post(
    '/companies/:id/limitations/reset',
    { config, schema: { tags, params: ZIdParams, response: companyResponse } },
    async (request) =>
      ok(await superadmin.resetLimitations(request.params.id), 'Limitations reset to the plan'),
  );
};
