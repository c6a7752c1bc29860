import fastifyMultipart from '@fastify/multipart';
import {
  IMAGE_UPLOAD,
  PAGE_SIZES,
  ZIdParams,
  ZImageUpdateBody,
  ZOkMessage,
  ZPhotoParams,
  ZPropertyCreateBody,
  ZPropertyDto,
  ZPropertyListQuery,
  ZPropertyQueueItemDto,
  ZPropertySearchQuery,
  ZPropertyUpdateBody,
  ZRentalUnitDto,
  ZRentalUnitListQuery,
  ZUpdateOccupancyBody,
  ZUpdateOccupancyResult,
  ZUserPropertyDto,
  ZVerificationQueueQuery,
  ZVerificationStatusBody,
  zOk,
  zOkInventoryList,
  zOkList,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireCompany } from '../../core/access';
import { ok, okList, okMessage, okPage, pageOf } from '../../core/http';
import type { ServicesOption } from '../../services';

const tags = ['properties'];
const canEdit = access.companyAny('properties_write', 'properties_update');
const propertyResponse = { 200: zOk(ZPropertyDto) };

const ZUserPropertiesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.properties),
});

export const propertiesRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const properties = services.properties;
  const listing = services.publicListing;
  await app.register(fastifyMultipart, {
    limits: { fileSize: app.deps.config.uploadLimitBytes, files: IMAGE_UPLOAD.maxFilesPerRequest },
  });

  app.get(
    '/',
    {
      config: { access: access.company('properties_read'), pageCache: true },
      schema: { tags, querystring: ZPropertyListQuery, response: { 200: zOkInventoryList(ZPropertyDto) } },
    },
    async (request) => okPage(await properties.list(requireCompany(request.auth), request.query)),
  );

  app.get(
    '/search',
    {
      config: { access: access.company('properties_read'), pageCache: true },
      schema: { tags, querystring: ZPropertySearchQuery, response: { 200: zOkInventoryList(ZPropertyDto) } },
    },
    async (request) => okPage(await properties.list(requireCompany(request.auth), request.query)),
  );

  app.get(
    '/user',
    {
      config: { access: access.user },
      schema: { tags, querystring: ZUserPropertiesQuery, response: { 200: zOkList(ZUserPropertyDto) } },
    },
    async (request) =>
      okPage(await listing.tenancies(request.auth!.userId, request.query.page, request.query.limit)),
  );

  app.get(
    '/verification-queue',
    {
      config: { access: access.superAdmin },
      schema: {
        tags,
        querystring: ZVerificationQueueQuery,
        response: { 200: zOkList(ZPropertyQueueItemDto) },
      },
    },
    async (request) => {
      const { data, total } = await properties.verificationQueue(request.query);
      return okList(data, pageOf(request.query.page, request.query.limit, total));
    },
  );

  app.post(
    '/',
    {
      config: { access: access.company('properties_write') },
      schema: { tags, body: ZPropertyCreateBody, response: { 201: zOk(ZPropertyDto) } },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await properties.create(requireCompany(request.auth), request.body), 'Property created');
    },
  );

  app.post(
    '/update-occupancy',
    {
      config: { access: canEdit },
      schema: { tags, body: ZUpdateOccupancyBody, response: { 200: zOk(ZUpdateOccupancyResult) } },
    },
    async (request) =>
      ok(
        await properties.updateOccupancy(requireCompany(request.auth), request.body.propertyIds),
        'Occupancy updated',
      ),
  );

  app.get(
    '/:id',
    {
      config: { access: access.company('properties_read'), pageCache: true },
      schema: { tags, params: ZIdParams, response: propertyResponse },
    },
    async (request) => ok(await properties.get(requireCompany(request.auth), request.params.id)),
  );

  app.put(
    '/:id',
    {
      config: { access: canEdit },
      schema: { tags, params: ZIdParams, body: ZPropertyUpdateBody, response: propertyResponse },
    },
    async (request) =>
      ok(
        await properties.update(requireCompany(request.auth), request.params.id, request.body),
        'Property updated',
      ),
  );

  app.delete(
    '/:id',
    {
      config: { access: access.companyAny('properties_write', 'properties_delete') },
      schema: { tags, params: ZIdParams, response: { 200: ZOkMessage } },
    },
    async (request) => {
      await properties.remove(requireCompany(request.auth), request.params.id);
      return okMessage('Property deleted');
    },
  );

  app.patch(
    '/:id/verification-status',
    {
      config: { access: access.superAdmin },
      schema: { tags, params: ZIdParams, body: ZVerificationStatusBody, response: propertyResponse },
    },
    async (request) =>
      ok(
        await properties.setVerification(request.auth!, request.params.id, request.body),
        'Verification status updated',
      ),
  );

  app.post(
    '/:id/photos',
    {
      config: { access: canEdit },
      schema: {
        tags,
        params: ZIdParams,
        consumes: ['multipart/form-data'],
        description: `multipart/form-data: repeated file field "${IMAGE_UPLOAD.field}" (JPEG, PNG, WebP or AVIF), optional "category" and "caption".`,
        response: { 201: zOk(ZPropertyDto) },
      },
    },
    async (request, reply) => {
      const dto = await properties.uploadPhotos(requireCompany(request.auth), request, request.params.id);
      reply.status(201);
      return ok(dto, 'Photos uploaded');
    },
  );

  app.patch(
    '/:id/photos/:photoId',
    {
      config: { access: canEdit },
      schema: { tags, params: ZPhotoParams, body: ZImageUpdateBody, response: propertyResponse },
    },
    async (request) =>
      ok(
        await properties.updatePhoto(
          requireCompany(request.auth),
          request.params.id,
          request.params.photoId,
          request.body,
        ),
        'Photo updated',
      ),
  );

  app.delete(
    '/:id/photos/:photoId',
    {
      config: { access: canEdit },
      schema: { tags, params: ZPhotoParams, response: propertyResponse },
    },
    async (request) =>
      ok(
        await properties.deletePhoto(requireCompany(request.auth), request.params.id, request.params.photoId),
        'Photo deleted',
      ),
  );
};

/** GET /companies/:id/properties and /companies/:id/rental-units: one company's inventory, for its members. */
export const companyInventoryRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const properties = services.properties;
  const units = services.rentalUnits;

  app.get(
    '/:id/properties',
    {
      config: { access: access.user },
      schema: {
        tags: ['companies'],
        params: ZIdParams,
        querystring: ZPropertyListQuery,
        response: { 200: zOkInventoryList(ZPropertyDto) },
      },
    },
    async (request) =>
      okPage(await properties.listOfCompany(request.auth!, request.params.id, request.query)),
  );

  app.get(
    '/:id/rental-units',
    {
      config: { access: access.user },
      schema: {
        tags: ['companies'],
        params: ZIdParams,
        querystring: ZRentalUnitListQuery,
        response: { 200: zOkInventoryList(ZRentalUnitDto) },
      },
    },
    async (request) => okPage(await units.listOfCompany(request.auth!, request.params.id, request.query)),
  );
};
