import type {
  ImageUpdateBody,
  PropertyCreateBody,
  PropertyDto,
  PropertyListQuery,
  PropertyUpdateBody,
  UpdateOccupancyResult,
  VerificationQueueQuery,
  VerificationStatusBody,
} from '@rentora/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthContext, CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { groupBy } from '../../core/collections';
import { conflict, notFound } from '../../core/errors';
import { photosOfProperties } from '../../core/inventory-images';
import { inventoryPagination } from '../../core/inventory-paging';
import type { ImageView } from '../../core/inventory-rows';
import { releaseCompanyUsage, reserveCompanyUsage } from '../../core/plan-limits';
import {
  notifyVerification,
  recordVerification,
  type VerifiedKind,
  verificationValues,
} from '../../core/verification';
import type { DbOrTx } from '../../db/client';
import type { CompaniesService } from '../companies/companies.service';
import type { ImagesService } from '../uploads/uploads.service';
import { toOccupancyDto, toPropertyDto } from './properties.dto';
import { createPropertiesRepo, type PropertyRow, type PropertyWithPhotos } from './properties.repo';

/** Whether an edit changes what the super admin reviewed: name, type or address. */
function changesReviewedFields(current: PropertyRow, input: PropertyUpdateBody): boolean {
  if (input.name !== undefined && input.name !== current.name) return true;
  if (input.propertyType !== undefined && input.propertyType !== current.propertyType) return true;
  const address = input.address;
  if (!address) return false;
  const stored = {
    line1: current.addressLine1,
    line2: current.addressLine2,
    landmark: current.landmark,
    city: current.city,
    state: current.state,
    postalCode: current.postalCode,
    country: current.country,
  };
  return (Object.keys(stored) as (keyof typeof stored)[]).some(
    (field) => address[field] !== undefined && address[field] !== stored[field],
  );
}

/**
 * Locks the property row inside the caller's transaction (unit creates, status changes and tenant moves of one
 * property take turns); undefined when the company has no such property.
 */
export function lockProperty(
  tx: DbOrTx,
  companyId: string,
  propertyId: string,
): Promise<PropertyRow | undefined> {
  return createPropertiesRepo(tx).lock(companyId, propertyId);
}

/** The company's property, or undefined. */
export function findProperty(
  db: DbOrTx,
  companyId: string,
  propertyId: string,
): Promise<PropertyRow | undefined> {
  return createPropertiesRepo(db).find(companyId, propertyId);
}

/** Recomputes the occupancy and listing figures of the properties from their units, in the unit change's transaction. */
export async function refreshPropertyStats(tx: DbOrTx, companyId: string, propertyIds?: readonly string[]) {
  await createPropertiesRepo(tx).refreshStats(companyId, propertyIds);
}

/**
 * Creates a property inside `tx`, counted against maxPropertiesPerCompany in the same transaction (exact under
 * concurrent creates). Used by POST /properties and by spreadsheet imports.
 */
export async function createPropertyIn(
  tx: DbOrTx,
  ctx: CompanyContext,
  input: PropertyCreateBody,
): Promise<PropertyRow> {
  await reserveCompanyUsage(tx, ctx.companyId, 'properties');
  const { address, ...rest } = input;
  return createPropertiesRepo(tx).insert({
    ...rest,
    companyId: ctx.companyId,
    addressLine1: address.line1,
    addressLine2: address.line2,
    landmark: address.landmark,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: address.country,
    latitude: address.coordinates?.latitude ?? null,
    longitude: address.coordinates?.longitude ?? null,
    createdBy: ctx.userId,
  });
}

const PROPERTY: VerifiedKind = { entityType: 'property', noun: 'Property' };

type Deps = Pick<AppDeps, 'db' | 'notifier'> & { images: ImagesService; companies: CompaniesService };

export function createPropertiesService(deps: Deps) {
  const { db } = deps;
  const repo = createPropertiesRepo(db);
  const { images, companies } = deps;

  /** DTOs of a page of properties: their photos come in one query. */
  async function toDtos(companyId: string, rows: readonly PropertyWithPhotos[]): Promise<PropertyDto[]> {
    const missing = rows.filter((row) => !row.photos).map((row) => row.id);
    const photos: Map<string | null, readonly ImageView[]> = groupBy(
      await photosOfProperties(db, companyId, missing),
      (photo) => photo.propertyId,
    );
    for (const row of rows) if (row.photos) photos.set(row.id, row.photos);
    const now = new Date();
    return rows.map((row) => toPropertyDto(row, photos.get(row.id) ?? [], images.signer, now));
  }

  async function dtoOf(companyId: string, propertyId: string): Promise<PropertyDto> {
    const row = await repo.findWithPhotos(companyId, propertyId);
    if (!row) throw notFound('Property');
    const [dto] = await toDtos(companyId, [row]);
    return dto!;
  }

  async function list(companyId: string, query: PropertyListQuery & { q?: string }) {
    const result = await repo.list(
      companyId,
      {
        verificationStatus: query.verificationStatus,
        propertyType: query.propertyType,
        city: query.city,
        isListed: query.isListed,
        search: [query.q, query.search].filter(Boolean).join(' ') || undefined,
      },
      query,
    );
    return {
      data: await toDtos(companyId, result.rows),
      pagination: inventoryPagination({ ...query, ...result }),
    };
  }

  async function requireProperty(ctx: CompanyContext, propertyId: string): Promise<PropertyRow> {
    const row = await repo.find(ctx.companyId, propertyId);
    if (!row) throw notFound('Property');
    return row;
  }

  return {
    toDtos,
    dtoOf,

    list: (ctx: CompanyContext, query: PropertyListQuery & { q?: string }) => list(ctx.companyId, query),

    /** GET /companies/:id/properties — that company's, for its members with properties_read (else 404). */
    async listOfCompany(ctx: AuthContext, companyId: string, query: PropertyListQuery) {
      await companies.requireFeatureIn(ctx, companyId, 'properties_read');
      return list(companyId, query);
    },

    get: (ctx: CompanyContext, propertyId: string) => dtoOf(ctx.companyId, propertyId),

    /** Counts against maxPropertiesPerCompany in the same transaction (exact under concurrent creates). */
    async create(ctx: CompanyContext, input: PropertyCreateBody): Promise<PropertyDto> {
      const row = await db.transaction((tx) => createPropertyIn(tx, ctx, input));
      const [dto] = await toDtos(ctx.companyId, [row]);
      return dto!;
    },

    async update(ctx: CompanyContext, propertyId: string, input: PropertyUpdateBody): Promise<PropertyDto> {
      await db.transaction(async (tx) => {
        const txRepo = createPropertiesRepo(tx);
        const current = await txRepo.lock(ctx.companyId, propertyId);
        if (!current) throw notFound('Property');
        const { address, ...rest } = input;
        const coordinates = address?.coordinates;
        const backToReview =
          current.verificationStatus !== 'pending' && changesReviewedFields(current, input);
        await txRepo.update(ctx.companyId, propertyId, {
          ...rest,
          ...(address?.line1 !== undefined ? { addressLine1: address.line1 } : {}),
          ...(address?.line2 !== undefined ? { addressLine2: address.line2 } : {}),
          ...(address?.landmark !== undefined ? { landmark: address.landmark } : {}),
          ...(address?.city !== undefined ? { city: address.city } : {}),
          ...(address?.state !== undefined ? { state: address.state } : {}),
          ...(address?.postalCode !== undefined ? { postalCode: address.postalCode } : {}),
          ...(address?.country !== undefined ? { country: address.country } : {}),
          ...(coordinates !== undefined
            ? { latitude: coordinates?.latitude ?? null, longitude: coordinates?.longitude ?? null }
            : {}),
          ...(backToReview
            ? {
                verificationStatus: 'pending' as const,
                verificationNotes: null,
                verifiedAt: null,
                verifiedBy: null,
              }
            : {}),
        });
      });
      return dtoOf(ctx.companyId, propertyId);
    },

    /**
     * Deletes the property with its units, images and tenant history, and gives back the plan usage.
     * Refused (409) while any unit has a current tenant.
     */
    async remove(ctx: CompanyContext, propertyId: string): Promise<void> {
      const files = await db.transaction(async (tx) => {
        const txRepo = createPropertiesRepo(tx);
        if (!(await txRepo.lock(ctx.companyId, propertyId))) throw notFound('Property');
        if ((await txRepo.countCurrentTenants(ctx.companyId, propertyId)) > 0) {
          throw conflict('This property has units with current tenants: move them out before deleting it');
        }
        const unitCount = await txRepo.countUnits(ctx.companyId, propertyId);
        const propertyFiles = await images.filesOfProperty(tx, ctx.companyId, propertyId);
        await txRepo.delete(ctx.companyId, propertyId);
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'property.deleted',
          entityType: 'property',
          entityId: propertyId,
          summary: `Property deleted with ${unitCount} unit(s)`,
        });
        await releaseCompanyUsage(tx, ctx.companyId, 'properties');
        if (unitCount > 0) await releaseCompanyUsage(tx, ctx.companyId, 'rentalUnits', unitCount);
        return propertyFiles;
      });
      await images.removeFiles(files);
    },

    /** Recomputes the occupancy figures of the given properties, or of all of the company's. */
    async updateOccupancy(
      ctx: CompanyContext,
      propertyIds: string[] | undefined,
    ): Promise<UpdateOccupancyResult> {
      return db.transaction(async (tx) => {
        const txRepo = createPropertiesRepo(tx);
        if (propertyIds) {
          const unique = [...new Set(propertyIds)];
          const found = await txRepo.existingIds(ctx.companyId, unique);
          if (found.length !== unique.length) throw notFound('Property');
        }
        const updated = await txRepo.refreshStats(ctx.companyId, propertyIds);
        const rows = propertyIds ? await txRepo.findMany(ctx.companyId, propertyIds) : [];
        return { updated, properties: rows.map((row) => ({ _id: row.id, occupancy: toOccupancyDto(row) })) };
      });
    },

    /** Super admin: sets the verification status of any company's property, with a reason. */
    async setVerification(
      ctx: AuthContext,
      propertyId: string,
      input: VerificationStatusBody,
    ): Promise<PropertyDto> {
      const row = await repo.findOnPlatform(propertyId);
      if (!row) throw notFound('Property');
      await repo.update(row.companyId, propertyId, verificationValues(input, ctx.userId));
      await recordVerification(db, PROPERTY, row, input);
      await notifyVerification(deps.notifier, PROPERTY, row, input, {
        name: row.name,
        link: `/dashboard/properties/${row.id}`,
        data: { propertyId: row.id, status: input.status },
      });
      return dtoOf(row.companyId, propertyId);
    },

    async verificationQueue(query: VerificationQueueQuery) {
      const { rows, total } = await repo.verificationQueue(query);
      const now = new Date();
      const byCompany = groupBy(rows, (row) => row.property.companyId);
      const photos = new Map<string, ImageView[]>();
      for (const [companyId, companyRows] of byCompany) {
        const grouped = groupBy(
          await photosOfProperties(
            db,
            companyId,
            companyRows.map((row) => row.property.id),
          ),
          (photo) => photo.propertyId,
        );
        for (const [propertyId, list] of grouped) photos.set(propertyId, list);
      }
      return {
        data: rows.map((row) => ({
          ...toPropertyDto(row.property, photos.get(row.property.id) ?? [], images.signer, now),
          company: { _id: row.company.id, name: row.company.name, isVerified: row.company.isVerified },
        })),
        total,
      };
    },

    async uploadPhotos(ctx: CompanyContext, request: FastifyRequest, propertyId: string) {
      await requireProperty(ctx, propertyId);
      await images.upload(ctx, request, { companyId: ctx.companyId, propertyId, rentalUnitId: null });
      return dtoOf(ctx.companyId, propertyId);
    },

    async updatePhoto(ctx: CompanyContext, propertyId: string, photoId: string, input: ImageUpdateBody) {
      await images.update({ companyId: ctx.companyId, propertyId, rentalUnitId: null }, photoId, input);
      return dtoOf(ctx.companyId, propertyId);
    },

    async deletePhoto(ctx: CompanyContext, propertyId: string, photoId: string) {
      await images.remove({ companyId: ctx.companyId, propertyId, rentalUnitId: null }, photoId);
      return dtoOf(ctx.companyId, propertyId);
    },
  };
}

export type PropertiesService = ReturnType<typeof createPropertiesService>;
