import {
  ZAuthSession,
  ZIdParams,
  ZMfaDisableBody,
  ZMfaEnableBody,
  ZMfaForgetDevicesBody,
  ZMfaLoginBody,
  ZMfaRecoveryCodesDto,
  ZMfaSetupDto,
  ZMfaStatusDto,
  ZOkMessage,
  zOk,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access';
import { ok, okMessage } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['auth'];

/** Two-factor sign-in under /auth: enrolment from the profile and the code step of sign-in. */
export const mfaRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const { mfa } = services;
  const user = { access: access.user };

  app.get(
    '/2fa',
    { config: user, schema: { tags, response: { 200: zOk(ZMfaStatusDto) } } },
    async (request) => ok(await mfa.status(request.auth!, request.headers.cookie)),
  );

  app.post(
    '/2fa/setup',
    { config: user, schema: { tags, response: { 200: zOk(ZMfaSetupDto) } } },
    async (request) => ok(await mfa.setup(request.auth!), 'Scan the QR code with your authenticator app'),
  );

  app.post(
    '/2fa/enable',
    { config: user, schema: { tags, body: ZMfaEnableBody, response: { 200: zOk(ZMfaRecoveryCodesDto) } } },
    async (request) =>
      ok({ recoveryCodes: await mfa.enable(request.auth!, request.body.code) }, 'Two-factor sign-in is on'),
  );

  app.post(
    '/2fa/disable',
    { config: user, schema: { tags, body: ZMfaDisableBody, response: { 200: ZOkMessage } } },
    async (request) => {
      await mfa.disable(request.auth!, request.body);
      return okMessage('Two-factor sign-in is off');
    },
  );

  app.post(
    '/2fa/devices/forget',
    { config: user, schema: { tags, body: ZMfaForgetDevicesBody, response: { 200: ZOkMessage } } },
    async (request, reply) => {
      reply.header('set-cookie', await mfa.forgetDevices(request.auth!, request.body.scope));
      return okMessage(
        request.body.scope === 'all' ? 'Every remembered device is forgotten' : 'This device is forgotten',
      );
    },
  );

  app.post(
    '/login/2fa',
    {
      config: { access: access.public },
      schema: { tags, body: ZMfaLoginBody, response: { 200: zOk(ZAuthSession) } },
    },
    async (request, reply) => {
      const { session, setCookie } = await mfa.completeLogin(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 300),
      });
      if (setCookie) reply.header('set-cookie', setCookie);
      return ok(session, 'Login successful');
    },
  );
};

/** The super admin's reset of an account's two-factor sign-in (audit-logged). */
export const mfaAdminRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  app.post(
    '/users/:id/2fa/reset',
    {
      config: { access: access.superAdmin },
      schema: { tags: ['superadmin'], params: ZIdParams, response: { 200: ZOkMessage } },
    },
    async (request) => {
      await services.mfa.resetByAdmin(request.params.id);
      return okMessage('Two-factor sign-in has been reset');
    },
  );
};
