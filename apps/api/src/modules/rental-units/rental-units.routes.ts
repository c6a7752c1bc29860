import fastifyMultipart from '@fastify/multipart';
import {
  IMAGE_UPLOAD,
  ZAssignTenantBody,
  ZAvailabilityBody,
  ZBulkUnitStatusBody,
  ZBulkUnitStatusResult,
  ZIdParams,
  ZImageParams,
  ZImageUpdateBody,
  ZOkMessage,
  ZPropertyUnitsQuery,
  ZRentalUnitCreateBody,
  ZRentalUnitDto,
  ZRentalUnitListQuery,
  ZRentalUnitQueueItemDto,
  ZRentalUnitSearchQuery,
  ZRentalUnitUpdateBody,
  ZRentalUnitUserDto,
  ZTenantParams,
  ZUnitAnalyticsDto,
  ZUnitTenantsQuery,
  ZUpdateTenantAssignmentBody,
  ZVerificationQueueQuery,
  ZVerificationStatusBody,
  ZVerifyUnitBody,
  zOk,
  zOkInventoryList,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requireCompany } from '../../core/access';
import { ok, okList, okMessage, okPage, pageOf } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['rental-units'];
const read = access.company('rentalunit_read');
const canEdit = access.companyAny('rentalunit_write', 'rentalunit_update');
const unitResponse = { 200: zOk(ZRentalUnitDto) };

export const rentalUnitsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const units = services.rentalUnits;
  const tenants = services.unitTenants;
  await app.register(fastifyMultipart, {
    limits: { fileSize: app.deps.config.uploadLimitBytes, files: IMAGE_UPLOAD.maxFilesPerRequest },
  });

  app.get(
    '/',
    {
      config: { access: read, pageCache: true },
      schema: {
        tags,
        querystring: ZRentalUnitListQuery,
        response: { 200: zOkInventoryList(ZRentalUnitDto) },
      },
    },
    async (request) => okPage(await units.list(requireCompany(request.auth), request.query)),
  );

  app.get(
    '/search',
    {
      config: { access: read, pageCache: true },
      schema: {
        tags,
        querystring: ZRentalUnitSearchQuery,
        response: { 200: zOkInventoryList(ZRentalUnitDto) },
      },
    },
    async (request) => okPage(await units.list(requireCompany(request.auth), request.query)),
  );

  app.get(
    '/verification-queue',
    {
      config: { access: access.superAdmin },
      schema: {
        tags,
        querystring: ZVerificationQueueQuery,
        response: { 200: zOkList(ZRentalUnitQueueItemDto) },
      },
    },
    async (request) => {
      const { data, total } = await units.verificationQueue(request.query);
      return okList(data, pageOf(request.query.page, request.query.limit, total));
    },
  );

  app.post(
    '/',
    {
      config: { access: access.company('rentalunit_write') },
      schema: { tags, body: ZRentalUnitCreateBody, response: { 201: zOk(ZRentalUnitDto) } },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await units.create(requireCompany(request.auth), request.body), 'Rental unit created');
    },
  );

  app.post(
    '/update-status',
    {
      config: { access: canEdit },
      schema: { tags, body: ZBulkUnitStatusBody, response: { 200: zOk(ZBulkUnitStatusResult) } },
    },
    async (request) =>
      ok(await units.bulkStatus(requireCompany(request.auth), request.body), 'Status updated'),
  );

  app.get(
    '/:id',
    {
      config: { access: read, pageCache: true },
      schema: { tags, params: ZIdParams, response: unitResponse },
    },
    async (request) => ok(await units.get(requireCompany(request.auth), request.params.id)),
  );

  app.put(
    '/:id',
    {
      config: { access: canEdit },
      schema: { tags, params: ZIdParams, body: ZRentalUnitUpdateBody, response: unitResponse },
    },
    async (request) =>
      ok(
        await units.update(requireCompany(request.auth), request.params.id, request.body),
        'Rental unit updated',
      ),
  );

  app.delete(
    '/:id',
    {
      config: { access: access.companyAny('rentalunit_write', 'rentalunit_delete') },
      schema: { tags, params: ZIdParams, response: { 200: ZOkMessage } },
    },
    async (request) => {
      await units.remove(requireCompany(request.auth), request.params.id);
      return okMessage('Rental unit deleted');
    },
  );

  app.put(
    '/:id/verification-status',
    {
      config: { access: access.superAdmin },
      schema: { tags, params: ZIdParams, body: ZVerificationStatusBody, response: unitResponse },
    },
    async (request) =>
      ok(
        await units.setVerification(request.auth!, request.params.id, request.body),
        'Verification status updated',
      ),
  );

  app.put(
    '/:id/verify',
    {
      config: { access: access.superAdmin },
      schema: { tags, params: ZIdParams, body: ZVerifyUnitBody, response: unitResponse },
    },
    async (request) =>
      ok(await units.verify(request.auth!, request.params.id, request.body?.notes), 'Rental unit verified'),
  );

  app.put(
    '/:id/availability',
    {
      config: { access: canEdit },
      schema: { tags, params: ZIdParams, body: ZAvailabilityBody, response: unitResponse },
    },
    async (request) =>
      ok(
        await units.setAvailability(requireCompany(request.auth), request.params.id, request.body),
        'Availability updated',
      ),
  );

  app.get(
    '/:id/tenants',
    {
      config: { access: read },
      schema: {
        tags,
        params: ZIdParams,
        querystring: ZUnitTenantsQuery,
        response: { 200: zOkList(ZRentalUnitUserDto) },
      },
    },
    async (request) =>
      okPage(await tenants.list(requireCompany(request.auth), request.params.id, request.query)),
  );

  app.post(
    '/:id/tenants',
    {
      config: { access: access.company('rentalunit_write') },
      schema: {
        tags,
        params: ZIdParams,
        body: ZAssignTenantBody,
        response: { 201: zOk(ZRentalUnitUserDto) },
      },
    },
    async (request, reply) => {
      const dto = await tenants.assign(requireCompany(request.auth), request.params.id, request.body);
      reply.status(201);
      return ok(dto, 'Tenant assigned');
    },
  );

  app.put(
    '/:id/tenants/:tenantId',
    {
      config: { access: canEdit },
      schema: {
        tags,
        params: ZTenantParams,
        body: ZUpdateTenantAssignmentBody,
        response: { 200: zOk(ZRentalUnitUserDto) },
      },
    },
    async (request) =>
      ok(
        await tenants.update(
          requireCompany(request.auth),
          request.params.id,
          request.params.tenantId,
          request.body,
        ),
        'Tenant assignment updated',
      ),
  );

  app.delete(
    '/:id/tenants/:tenantId',
    {
      config: { access: access.companyAny('rentalunit_write', 'rentalunit_update', 'rentalunit_delete') },
      schema: { tags, params: ZTenantParams, response: { 200: zOk(ZRentalUnitUserDto) } },
    },
    async (request) =>
      ok(
        await tenants.end(requireCompany(request.auth), request.params.id, request.params.tenantId),
        'Tenant moved out',
      ),
  );

  app.get(
    '/:id/analytics',
    {
      config: { access: read },
      schema: { tags, params: ZIdParams, response: { 200: zOk(ZUnitAnalyticsDto) } },
    },
    async (request) => ok(await tenants.analytics(requireCompany(request.auth), request.params.id)),
  );

  app.post(
    '/:id/images',
    {
      config: { access: canEdit },
      schema: {
        tags,
        params: ZIdParams,
        consumes: ['multipart/form-data'],
        description: `multipart/form-data: repeated file field "${IMAGE_UPLOAD.field}" (JPEG, PNG, WebP or AVIF), optional "category" and "caption".`,
        response: { 201: zOk(ZRentalUnitDto) },
      },
    },
    async (request, reply) => {
      const dto = await units.uploadImages(requireCompany(request.auth), request, request.params.id);
      reply.status(201);
      return ok(dto, 'Images uploaded');
    },
  );

  app.patch(
    '/:id/images/:imageId',
    {
      config: { access: canEdit },
      schema: { tags, params: ZImageParams, body: ZImageUpdateBody, response: unitResponse },
    },
    async (request) =>
      ok(
        await units.updateImage(
          requireCompany(request.auth),
          request.params.id,
          request.params.imageId,
          request.body,
        ),
        'Image updated',
      ),
  );

  app.delete(
    '/:id/images/:imageId',
    {
      config: { access: canEdit },
      schema: { tags, params: ZImageParams, response: unitResponse },
    },
    async (request) =>
      ok(
        await units.deleteImage(requireCompany(request.auth), request.params.id, request.params.imageId),
        'Image deleted',
      ),
  );
};

/** `GET /api/properties/{id}/rental-units`: the units of one property (registered under /properties). */
export const propertyUnitsRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const units = services.rentalUnits;
  app.get(
    '/:id/rental-units',
    {
      config: { access: read, pageCache: true },
      schema: {
        tags,
        summary: 'List the rental units of a property',
        params: ZIdParams,
        querystring: ZPropertyUnitsQuery,
        response: { 200: zOkInventoryList(ZRentalUnitDto) },
      },
    },
    async (request) =>
      okPage(await units.listOfProperty(requireCompany(request.auth), request.params.id, request.query)),
  );
};
