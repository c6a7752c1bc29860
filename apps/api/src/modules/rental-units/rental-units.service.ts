import {
  type ImageUpdateBody,
  type RentalUnitCreateBody,
  type RentalUnitDto,
  type RentalUnitListQuery,
  type RentalUnitUpdateBody,
  UNLIMITED,
  type UnitStatus,
  type VerificationQueueQuery,
  type VerificationStatusBody,
} from '@rentora/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthContext, CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { groupBy } from '../../core/collections';
import { conflict, notFound, planLimitReached } from '../../core/errors';
import { imagesOfUnits } from '../../core/inventory-images';
import { inventoryPagination } from '../../core/inventory-paging';
import type { ImageView } from '../../core/inventory-rows';
import { addRentalUnitUsage, releaseCompanyUsage } from '../../core/plan-limits';
import {
  notifyVerification,
  recordVerification,
  type VerifiedKind,
  verificationValues,
} from '../../core/verification';
import type { DbOrTx } from '../../db/client';
import type { CompaniesService } from '../companies/companies.service';
import { findProperty, lockProperty, refreshPropertyStats } from '../properties/properties.service';
import type { ImagesService } from '../uploads/uploads.service';
import { toRentalUnitDto } from './rental-units.dto';
import {
  createRentalUnitsRepo,
  type NewUnit,
  type UnitRow,
  type UnitWithProperty,
} from './rental-units.repo';

const HAS_TENANTS = 'This unit has current tenants: move them out before marking it Available';

/** Column values of the nested `pricing` and `availability` of a create or update body. */
function unitColumnsOf(input: RentalUnitUpdateBody): Partial<NewUnit> {
  const { pricing, availability, ...rest } = input;
  return {
    ...rest,
    ...(pricing?.rent !== undefined ? { rent: pricing.rent } : {}),
    ...(pricing?.securityDeposit !== undefined ? { securityDeposit: pricing.securityDeposit } : {}),
    ...(pricing?.maintenanceCharges?.included !== undefined
      ? { maintenanceIncluded: pricing.maintenanceCharges.included }
      : {}),
    ...(pricing?.maintenanceCharges?.amount !== undefined
      ? { maintenanceAmount: pricing.maintenanceCharges.amount }
      : {}),
    ...(availability?.isAvailable !== undefined ? { isAvailable: availability.isAvailable } : {}),
    ...(availability?.availableFrom !== undefined ? { availableFrom: availability.availableFrom } : {}),
    ...(availability?.minLeaseMonths !== undefined ? { minLeaseMonths: availability.minLeaseMonths } : {}),
  };
}

/**
 * Creates a unit inside `tx`: locks the property, checks maxRentalUnitsPerProperty against the exact count
 * (concurrent creates on one property take turns on the lock), counts the unit in the company's usage and
 * refreshes the property's figures. Used by POST /rental-units and by templates.
 */
export async function createUnitIn(
  tx: DbOrTx,
  ctx: CompanyContext,
  input: RentalUnitCreateBody,
): Promise<UnitRow> {
  const unitsRepo = createRentalUnitsRepo(tx);
  const property = await lockProperty(tx, ctx.companyId, input.propertyId);
  if (!property) throw notFound('Property');
  const limit = (await unitsRepo.companyLimits(ctx.companyId))?.maxRentalUnitsPerProperty ?? UNLIMITED;
  const current = await unitsRepo.countForProperty(ctx.companyId, property.id);
  if (limit !== UNLIMITED && current >= limit) throw planLimitReached('rentalUnits', current, limit);
  if (await unitsRepo.findByNumber(ctx.companyId, property.id, input.unitNumber)) {
    throw conflict(`Unit ${input.unitNumber} already exists in this property`);
  }
  const { propertyId, ...rest } = input;
  const unit = await unitsRepo.insert({
    ...(unitColumnsOf(rest) as Omit<NewUnit, 'companyId' | 'propertyId'>),
    rent: input.pricing.rent,
    companyId: ctx.companyId,
    propertyId,
    currency: input.pricing.currency,
    createdBy: ctx.userId,
  });
  await addRentalUnitUsage(tx, ctx.companyId);
  await refreshPropertyStats(tx, ctx.companyId, [property.id]);
  return unit;
}

/**
 * Creates many units inside `tx` with the rules of `createUnitIn`, a property at a time: each property locked once
 * (in id order), its maxRentalUnitsPerProperty checked for all its new units together, the rows written in one
 * statement (a unit number already in the property fails the whole call: 409), the usage counted and the figures
 * refreshed once. Used by spreadsheet imports.
 */
export async function createUnitsIn(
  tx: DbOrTx,
  ctx: CompanyContext,
  inputs: readonly RentalUnitCreateBody[],
): Promise<number> {
  if (!inputs.length) return 0;
  const unitsRepo = createRentalUnitsRepo(tx);
  const limit = (await unitsRepo.companyLimits(ctx.companyId))?.maxRentalUnitsPerProperty ?? UNLIMITED;
  const byProperty = groupBy(inputs, (input) => input.propertyId);
  const propertyIds = [...byProperty.keys()].sort();
  for (const propertyId of propertyIds) {
    if (!(await lockProperty(tx, ctx.companyId, propertyId))) throw notFound('Property');
    const adding = byProperty.get(propertyId)!.length;
    const current = await unitsRepo.countForProperty(ctx.companyId, propertyId);
    if (limit !== UNLIMITED && current + adding > limit)
      throw planLimitReached('rentalUnits', current, limit);
  }
  const rows = await unitsRepo.insertMany(
    inputs.map(({ propertyId, ...rest }) => ({
      ...(unitColumnsOf(rest) as Omit<NewUnit, 'companyId' | 'propertyId'>),
      rent: rest.pricing.rent,
      companyId: ctx.companyId,
      propertyId,
      currency: rest.pricing.currency,
      createdBy: ctx.userId,
    })),
  );
  await addRentalUnitUsage(tx, ctx.companyId, rows.length);
  await refreshPropertyStats(tx, ctx.companyId, propertyIds);
  return rows.length;
}

export { lockUnit, settleOccupancy } from './rental-units.occupancy';

const RENTAL_UNIT: VerifiedKind = { entityType: 'rental_unit', noun: 'Rental unit' };

type Deps = Pick<AppDeps, 'db' | 'notifier'> & { images: ImagesService; companies: CompaniesService };

export function createRentalUnitsService(deps: Deps) {
  const { db } = deps;
  const repo = createRentalUnitsRepo(db);
  const { images, companies } = deps;

  /** DTOs of a page of units: their images come in one query. */
  async function toDtos(companyId: string, rows: readonly UnitWithProperty[]): Promise<RentalUnitDto[]> {
    const missing = rows.filter((row) => !row.images).map((row) => row.unit.id);
    const byUnit: Map<string | null, readonly ImageView[]> = groupBy(
      await imagesOfUnits(db, companyId, missing),
      (image) => image.rentalUnitId,
    );
    for (const row of rows) if (row.images) byUnit.set(row.unit.id, row.images);
    const now = new Date();
    return rows.map((row) => toRentalUnitDto(row, byUnit.get(row.unit.id) ?? [], images.signer, now));
  }

  async function dtoOf(companyId: string, unitId: string): Promise<RentalUnitDto> {
    const row = await repo.findWithImages(companyId, unitId);
    if (!row) throw notFound('Rental unit');
    const [dto] = await toDtos(companyId, [row]);
    return dto!;
  }

  async function list(companyId: string, query: RentalUnitListQuery & { q?: string }) {
    const { page, limit, sortBy, sortOrder, cursor, q, search, ...filter } = query;
    const result = await repo.list(
      companyId,
      { ...filter, search: [q, search].filter(Boolean).join(' ') || undefined },
      { page, limit, sortBy, sortOrder, cursor },
    );
    return {
      data: await toDtos(companyId, result.rows),
      pagination: inventoryPagination({ page, limit, ...result }),
    };
  }

  /**
   * Runs a change of one unit with its property locked (the lock order is always property, then unit),
   * then refreshes the property's occupancy figures in the same transaction.
   */
  async function changeUnit<T>(
    companyId: string,
    unitId: string,
    change: (tx: DbOrTx, unit: UnitRow) => Promise<T>,
  ): Promise<T> {
    const found = await repo.find(companyId, unitId);
    if (!found) throw notFound('Rental unit');
    return db.transaction(async (tx) => {
      if (!(await lockProperty(tx, companyId, found.unit.propertyId))) throw notFound('Rental unit');
      const unit = (await createRentalUnitsRepo(tx).find(companyId, unitId))?.unit;
      if (!unit) throw notFound('Rental unit');
      const result = await change(tx, unit);
      await refreshPropertyStats(tx, companyId, [unit.propertyId]);
      return result;
    });
  }

  async function setVerification(ctx: AuthContext, unitId: string, input: VerificationStatusBody) {
    const unit = await repo.findOnPlatform(unitId);
    if (!unit) throw notFound('Rental unit');
    await changeUnit(unit.companyId, unitId, async (tx) => {
      await createRentalUnitsRepo(tx).update(unit.companyId, unitId, verificationValues(input, ctx.userId));
      await recordVerification(tx, RENTAL_UNIT, unit, input);
    });
    await notifyVerification(deps.notifier, RENTAL_UNIT, unit, input, {
      name: `Unit ${unit.unitNumber}`,
      link: `/dashboard/properties/${unit.propertyId}`,
      data: { rentalUnitId: unit.id, propertyId: unit.propertyId, status: input.status },
    });
    return dtoOf(unit.companyId, unitId);
  }

  return {
    toDtos,
    dtoOf,

    /** The company's unit with its property's name and city, or undefined. */
    findUnit(companyId: string, unitId: string): Promise<UnitWithProperty | undefined> {
      return repo.find(companyId, unitId);
    },
    changeUnit,

    list: (ctx: CompanyContext, query: RentalUnitListQuery & { q?: string }) => list(ctx.companyId, query),

    /** GET /companies/:id/rental-units — that company's, for its members with rentalunit_read (else 404). */
    async listOfCompany(ctx: AuthContext, companyId: string, query: RentalUnitListQuery) {
      await companies.requireFeatureIn(ctx, companyId, 'rentalunit_read');
      return list(companyId, query);
    },

    async listOfProperty(
      ctx: CompanyContext,
      propertyId: string,
      query: Omit<RentalUnitListQuery, 'propertyId'>,
    ) {
      if (!(await findProperty(db, ctx.companyId, propertyId))) throw notFound('Property');
      return list(ctx.companyId, { ...query, propertyId });
    },

    get: (ctx: CompanyContext, unitId: string) => dtoOf(ctx.companyId, unitId),

    async create(ctx: CompanyContext, input: RentalUnitCreateBody): Promise<RentalUnitDto> {
      const unit = await db.transaction((tx) => createUnitIn(tx, ctx, input));
      return dtoOf(ctx.companyId, unit.id);
    },

    async update(ctx: CompanyContext, unitId: string, input: RentalUnitUpdateBody): Promise<RentalUnitDto> {
      await changeUnit(ctx.companyId, unitId, async (tx, unit) => {
        const txRepo = createRentalUnitsRepo(tx);
        if (input.status === 'Available' && unit.currentTenants > 0) throw conflict(HAS_TENANTS);
        if (
          input.unitNumber !== undefined &&
          input.unitNumber.toLowerCase() !== unit.unitNumber.toLowerCase() &&
          (await txRepo.findByNumber(ctx.companyId, unit.propertyId, input.unitNumber))
        ) {
          throw conflict(`Unit ${input.unitNumber} already exists in this property`);
        }
        const resubmit = unit.verificationStatus === 'rejected';
        await txRepo.update(ctx.companyId, unitId, {
          ...unitColumnsOf(input),
          // A rejected unit that is edited goes back to the super admin's review.
          ...(resubmit ? { verificationStatus: 'pending' as const, verifiedAt: null, verifiedBy: null } : {}),
        });
      });
      return dtoOf(ctx.companyId, unitId);
    },

    /** Deletes the unit and its images; refused while it has current tenants. */
    async remove(ctx: CompanyContext, unitId: string): Promise<void> {
      const files = await changeUnit(ctx.companyId, unitId, async (tx, unit) => {
        if (unit.currentTenants > 0) {
          throw conflict('This unit has current tenants: move them out before deleting it');
        }
        const unitFiles = await images.filesOfUnit(tx, ctx.companyId, unitId);
        await createRentalUnitsRepo(tx).delete(ctx.companyId, unitId);
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'rental_unit.deleted',
          entityType: 'rental_unit',
          entityId: unitId,
        });
        await releaseCompanyUsage(tx, ctx.companyId, 'rentalUnits');
        return unitFiles;
      });
      await images.removeFiles(files);
    },

    async setAvailability(
      ctx: CompanyContext,
      unitId: string,
      input: { isAvailable: boolean; availableFrom?: string | null },
    ): Promise<RentalUnitDto> {
      await changeUnit(ctx.companyId, unitId, (tx) =>
        createRentalUnitsRepo(tx).update(ctx.companyId, unitId, {
          isAvailable: input.isAvailable,
          ...(input.availableFrom !== undefined ? { availableFrom: input.availableFrom } : {}),
        }),
      );
      return dtoOf(ctx.companyId, unitId);
    },

    /** Sets the status (and optionally the flag) of up to 100 units, all or nothing. */
    async bulkStatus(
      ctx: CompanyContext,
      input: { unitIds: string[]; status: UnitStatus; isAvailable?: boolean },
    ): Promise<{ updated: number; unitIds: string[] }> {
      const unitIds = [...new Set(input.unitIds)];
      return db.transaction(async (tx) => {
        const txRepo = createRentalUnitsRepo(tx);
        const found = await txRepo.findMany(ctx.companyId, unitIds);
        if (found.length !== unitIds.length) throw notFound('Rental unit');
        const propertyIds = [...new Set(found.map((row) => row.unit.propertyId))].sort();
        for (const propertyId of propertyIds) await lockProperty(tx, ctx.companyId, propertyId);
        const locked = await txRepo.findMany(ctx.companyId, unitIds);
        if (locked.length !== unitIds.length) throw notFound('Rental unit');
        const occupied = locked.filter((row) => row.unit.currentTenants > 0);
        if (input.status === 'Available' && occupied.length) {
          throw conflict(
            `Units with current tenants cannot be marked Available: ${occupied.map((row) => row.unit.unitNumber).join(', ')}`,
          );
        }
        const updated = await txRepo.updateMany(ctx.companyId, unitIds, {
          status: input.status,
          ...(input.isAvailable !== undefined ? { isAvailable: input.isAvailable } : {}),
        });
        await refreshPropertyStats(tx, ctx.companyId, propertyIds);
        return { updated, unitIds };
      });
    },

    setVerification,

    /** PUT /rental-units/:id/verify — the super admin's one-click approval. */
    verify: (ctx: AuthContext, unitId: string, notes: string | undefined) =>
      setVerification(ctx, unitId, { status: 'verified', reason: notes }),

    async verificationQueue(query: VerificationQueueQuery) {
      const { rows, total } = await repo.verificationQueue(query);
      const data = [];
      for (const [companyId, companyRows] of groupBy(rows, (row) => row.unit.companyId)) {
        const dtos = await toDtos(companyId, companyRows);
        for (const [index, dto] of dtos.entries()) {
          const company = companyRows[index]!.company;
          data.push({
            ...dto,
            company: { _id: company.id, name: company.name, isVerified: company.isVerified },
          });
        }
      }
      const order = new Map(rows.map((row, index) => [row.unit.id, index]));
      data.sort((a, b) => order.get(a._id)! - order.get(b._id)!);
      return { data, total };
    },

    async uploadImages(ctx: CompanyContext, request: FastifyRequest, unitId: string) {
      const found = await repo.find(ctx.companyId, unitId);
      if (!found) throw notFound('Rental unit');
      await images.upload(ctx, request, {
        companyId: ctx.companyId,
        propertyId: found.unit.propertyId,
        rentalUnitId: unitId,
      });
      return dtoOf(ctx.companyId, unitId);
    },

    async updateImage(ctx: CompanyContext, unitId: string, imageId: string, input: ImageUpdateBody) {
      const found = await repo.find(ctx.companyId, unitId);
      if (!found) throw notFound('Rental unit');
      await images.update(
        { companyId: ctx.companyId, propertyId: found.unit.propertyId, rentalUnitId: unitId },
        imageId,
        input,
      );
      return dtoOf(ctx.companyId, unitId);
    },

    async deleteImage(ctx: CompanyContext, unitId: string, imageId: string) {
      const found = await repo.find(ctx.companyId, unitId);
      if (!found) throw notFound('Rental unit');
      await images.remove(
        { companyId: ctx.companyId, propertyId: found.unit.propertyId, rentalUnitId: unitId },
        imageId,
      );
      return dtoOf(ctx.companyId, unitId);
    },
  };
}

export type RentalUnitsService = ReturnType<typeof createRentalUnitsService>;
