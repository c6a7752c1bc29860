import {
  ZAuthSession,
  ZChangePasswordBody,
  ZCompanyDto,
  ZCompanyUserDto,
  ZForgotPasswordBody,
  ZId,
  ZLoginBody,
  ZLoginResult,
  ZLogoutBody,
  ZOkMessage,
  ZPermissionContextDto,
  ZRefreshBody,
  ZRegisterBody,
  ZRegisterCompanyBody,
  ZResendVerificationBody,
  ZResetPasswordBody,
  ZTokenParams,
  ZUpdateProfileBody,
  ZUserDto,
  zOk,
} from '@rentora/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../core/access';
import { ok, okMessage } from '../../core/http';
import type { ServicesOption } from '../../services';
import type { RequestMeta } from './auth.service';

const tags = ['auth'];

function metaOf(request: FastifyRequest): RequestMeta {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300),
    cookieHeader: request.headers.cookie,
  };
}

export const authRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const auth = services.auth;

  app.post(
    '/register',
    {
      config: { access: access.public },
      schema: { tags, body: ZRegisterBody, response: { 201: zOk(ZAuthSession) } },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await auth.register(request.body, metaOf(request)), 'Registration successful');
    },
  );

  app.post(
    '/register-company',
    {
      config: { access: access.optional },
      schema: {
        tags,
        body: ZRegisterCompanyBody,
        response: {
          201: zOk(
            z.object({
              company: ZCompanyDto,
              companyUser: ZCompanyUserDto,
              user: ZUserDto,
              token: z.string().optional(),
              refreshToken: z.string().optional(),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(
        await auth.registerCompany(request.auth, request.body, metaOf(request)),
        'Company registered',
      );
    },
  );

  app.post(
    '/login',
    {
      config: { access: access.public },
      schema: { tags, body: ZLoginBody, response: { 200: zOk(ZLoginResult) } },
    },
    async (request) => {
      const result = await auth.login(request.body, metaOf(request));
      return ok(result, 'mfaRequired' in result ? 'Enter your two-factor code' : 'Login successful');
    },
  );

  app.post(
    '/logout',
    {
      config: { access: access.optional },
      schema: { tags, body: ZLogoutBody, response: { 200: ZOkMessage } },
    },
    async (request) => {
      await auth.logout(request.auth, request.body?.refreshToken);
      return okMessage('Logged out');
    },
  );

  app.post(
    '/refresh-token',
    {
      config: { access: access.public },
      schema: { tags, body: ZRefreshBody, response: { 200: zOk(ZAuthSession) } },
    },
    async (request) => ok(await auth.refresh(request.body.refreshToken)),
  );

  app.get(
    '/me',
    { config: { access: access.user }, schema: { tags, response: { 200: zOk(ZUserDto) } } },
    async (request) => ok(auth.me(request.auth!)),
  );

  app.get(
    '/permission-context',
    {
      config: { access: access.user },
      schema: {
        tags,
        querystring: z.object({ companyId: ZId.optional() }),
        response: { 200: zOk(ZPermissionContextDto) },
      },
    },
    async (request) => ok(await auth.permissionContext(request.auth!, request.query.companyId)),
  );

  app.put(
    '/update-profile',
    {
      config: { access: access.user },
      schema: { tags, body: ZUpdateProfileBody, response: { 200: zOk(ZUserDto) } },
    },
    async (request) => ok(await auth.updateProfile(request.auth!, request.body), 'Profile updated'),
  );

  app.put(
    '/change-password',
    {
      config: { access: access.user },
      schema: { tags, body: ZChangePasswordBody, response: { 200: ZOkMessage } },
    },
    async (request) => {
      await auth.changePassword(request.auth!, request.body);
      return okMessage('Password changed. Other sessions have been signed out.');
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { access: access.public },
      schema: { tags, body: ZForgotPasswordBody, response: { 200: ZOkMessage } },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email, metaOf(request));
      return okMessage('If an account exists for this email, a reset link has been sent.');
    },
  );

  app.put(
    '/reset-password/:token',
    {
      config: { access: access.public },
      schema: { tags, params: ZTokenParams, body: ZResetPasswordBody, response: { 200: zOk(ZLoginResult) } },
    },
    async (request) =>
      ok(
        await auth.resetPassword(request.params.token, request.body.password, metaOf(request)),
        'Password reset',
      ),
  );

  app.get(
    '/verify-email/:token',
    {
      config: { access: access.public },
      schema: { tags, params: ZTokenParams, response: { 200: zOk(ZUserDto) } },
    },
    async (request) => ok(await auth.verifyEmail(request.params.token), 'Email verified'),
  );

  app.post(
    '/resend-verification',
    {
      config: { access: access.optional },
      schema: { tags, body: ZResendVerificationBody, response: { 200: ZOkMessage } },
    },
    async (request) => {
      await auth.resendVerification(request.auth, request.body?.email, metaOf(request));
      return okMessage('If the email needs verifying, a new link has been sent.');
    },
  );
};
