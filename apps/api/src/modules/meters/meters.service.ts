import {
  formatDate,
  formatReading,
  METER_TYPE_LABELS,
  type MeterReadingDto,
  makePagination,
  type ZMeterBody,
  ZMeterReadingBody,
  type ZMeterReadingsQuery,
  type ZMetersDueQuery,
  type ZMeterUpdateBody,
} from '@rentora/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { today } from '../../core/dates';
import { badRequest, conflict, notFound } from '../../core/errors';
import { removeImageFiles } from '../../core/images';
import { createUrlSigner } from '../../core/signed-urls';
import type { DbOrTx, Tx } from '../../db/client';
import type { MeterRow, TariffRow } from '../../db/schema';
import { toMeterDto, toReadingDto } from './meters.dto';
import { meterPhotoMime, meterPhotoPrefix, receiveReading } from './meters.photo';
import * as repo from './meters.repo';

export { type MeterBill, meterBillsFor, recordMeterCharges } from './meters.billing';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'config'>;
type MeterBody = z.output<typeof ZMeterBody>;
type MeterUpdate = z.output<typeof ZMeterUpdateBody>;

const tariffRowOf = (t: MeterBody['tariff']): TariffRow => ({
  perUnit: t.perUnit ?? null,
  slabs: t.slabs ?? null,
  fixedCharge: t.fixedCharge,
});

/**
 * Whether a signed link to a reading photo is good: `null` when the key is no reading photo (other files are
 * authorised elsewhere), its type when the signature holds.
 */
export function authorizeMeterPhoto(key: string, signed: boolean): { mimeType: string } | 'denied' | null {
  const mimeType = key.endsWith('_thumb.webp') ? 'image/webp' : meterPhotoMime(key);
  if (!key.startsWith('meters/')) return null;
  if (!mimeType) return 'denied';
  return signed ? { mimeType } : 'denied';
}

/** Meters of units, their readings (with photos) and the round of readings due. */
export function createMetersService({ db, storage, config }: Deps) {
  const signer = createUrlSigner(config.jwtSecret);

  async function checkShares(conn: DbOrTx, companyId: string, shared: MeterBody['shared']) {
    if (!shared) return [];
    const found = await repo.unitsOfCompany(
      conn,
      companyId,
      shared.map((s) => s.rentalUnitId),
    );
    const missing = shared.find((s) => !found.has(s.rentalUnitId));
    if (missing) throw badRequest(`Unit ${missing.rentalUnitId} is not one of your units`, 'shared');
    return shared.map((s) => ({ rentalUnitId: s.rentalUnitId, shareBp: Math.round(s.sharePercent * 100) }));
  }

  async function billedUpTo(conn: DbOrTx, meterId: string) {
    const billed = await repo.lastBilledReading(conn, meterId);
    return (r: { readAt: string; id: string }) =>
      billed !== undefined && (r.readAt < billed.readAt || (r.readAt === billed.readAt && r.id <= billed.id));
  }

  async function dtosOf(conn: DbOrTx, rows: MeterRow[]) {
    const ids = rows.map((m) => m.id);
    const [shares, lasts] = await Promise.all([repo.sharesOf(conn, ids), repo.lastReadings(conn, ids)]);
    return Promise.all(
      rows.map(async (meter) => {
        const last = lasts.find((r) => r.meterId === meter.id);
        const isBilled = last ? await billedUpTo(conn, meter.id) : null;
        return toMeterDto(
          meter,
          shares.filter((s) => s.meterId === meter.id),
          last && isBilled ? toReadingDto(last, signer, isBilled(last)) : null,
        );
      }),
    );
  }

  async function meterOf(conn: DbOrTx, ctx: CompanyContext, meterId: string, lock = false) {
    const meter = await repo.findMeter(conn, ctx.companyId, meterId, lock);
    if (!meter) throw notFound('Meter');
    return meter;
  }

  return {
    async list(ctx: CompanyContext, unitId: string) {
      if (!(await repo.findUnit(db, ctx.companyId, unitId))) throw notFound('Rental unit');
      return dtosOf(db, await repo.metersOfUnit(db, ctx.companyId, unitId));
    },

    async create(ctx: CompanyContext, unitId: string, body: MeterBody) {
      return db.transaction(async (tx) => {
        if (!(await repo.findUnit(tx, ctx.companyId, unitId))) throw notFound('Rental unit');
        const shares = await checkShares(tx, ctx.companyId, body.shared);
        const meter = await repo.insertMeter(tx, {
          companyId: ctx.companyId,
          rentalUnitId: unitId,
          type: body.type,
          label: body.label,
          tariff: tariffRowOf(body.tariff),
        });
        await repo.replaceShares(tx, meter.id, shares);
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'meter.create',
          entityType: 'meter',
          entityId: meter.id,
          summary: `${METER_TYPE_LABELS[meter.type]} meter added`,
        });
        return (await dtosOf(tx, [meter]))[0]!;
      });
    },

    async update(ctx: CompanyContext, meterId: string, body: MeterUpdate) {
      return db.transaction(async (tx) => {
        const meter = await meterOf(tx, ctx, meterId, true);
        const updated = await repo.updateMeter(tx, meter.id, {
          ...(body.label !== undefined ? { label: body.label } : {}),
          ...(body.tariff ? { tariff: tariffRowOf(body.tariff) } : {}),
        });
        if (body.shared !== undefined)
          await repo.replaceShares(tx, meter.id, await checkShares(tx, ctx.companyId, body.shared));
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'meter.update',
          entityType: 'meter',
          entityId: meter.id,
        });
        return (await dtosOf(tx, [updated]))[0]!;
      });
    },

    /** Removes a meter from lists and rent runs; its readings and the bills made of them stay. */
    async remove(ctx: CompanyContext, meterId: string) {
      await db.transaction(async (tx) => {
        const meter = await meterOf(tx, ctx, meterId, true);
        await repo.updateMeter(tx, meter.id, { deletedAt: new Date() });
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'meter.delete',
          entityType: 'meter',
          entityId: meter.id,
        });
      });
    },

    /**
     * Adds a reading (JSON, or multipart with a `photo`). Readings go forward: one dated before the meter's last
     * reading, or lower than it without `meterReplaced`, is refused (409).
     */
    async addReading(
      ctx: CompanyContext,
      meterId: string,
      request: FastifyRequest,
    ): Promise<MeterReadingDto> {
      const meter = await meterOf(db, ctx, meterId);
      const { fields, photo } = await receiveReading(request, storage, {
        limitBytes: config.uploadLimitBytes,
        keyPrefix: meterPhotoPrefix(ctx.companyId, meter.id),
      });
      try {
        const parsed = ZMeterReadingBody.safeParse(fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw badRequest(issue.message, issue.path.join('.'));
        }
        const body = parsed.data;
        if (body.readAt > today()) throw badRequest('A reading cannot be dated in the future', 'readAt');
        return await db.transaction(async (tx: Tx) => {
          await meterOf(tx, ctx, meterId, true);
          const [last] = await repo.lastReadings(tx, [meterId]);
          const hundredths = Math.round(body.reading * 100);
          if (last && body.readAt < last.readAt)
            throw conflict(
              `The meter was last read on ${formatDate(last.readAt)}: a reading cannot be dated before it`,
            );
          if (last && hundredths < last.readingHundredths && !body.meterReplaced)
            throw conflict(
              `The reading is lower than the last one (${formatReading(last.readingHundredths / 100)}); mark it as a replaced meter if the meter was changed`,
            );
          const row = await repo.insertReading(tx, {
            companyId: ctx.companyId,
            meterId,
            readingHundredths: hundredths,
            readAt: body.readAt,
            meterReplaced: body.meterReplaced,
            photoKey: photo?.storageKey ?? null,
            thumbnailKey: photo?.thumbnailKey ?? null,
            createdBy: ctx.userId,
          });
          await recordAudit(tx, {
            companyId: ctx.companyId,
            action: 'meter.reading',
            entityType: 'meter',
            entityId: meterId,
            summary: `Reading ${formatReading(body.reading)} on ${body.readAt}`,
          });
          return toReadingDto(row, signer, false);
        });
      } catch (error) {
        if (photo) await removeImageFiles(storage, [photo]);
        throw error;
      }
    },

    async readings(ctx: CompanyContext, meterId: string, query: z.output<typeof ZMeterReadingsQuery>) {
      await meterOf(db, ctx, meterId);
      const [{ rows, total }, isBilled] = await Promise.all([
        repo.readingsPage(db, meterId, query.page, query.limit),
        billedUpTo(db, meterId),
      ]);
      return {
        data: rows.map((r) => toReadingDto(r, signer, isBilled(r))),
        pagination: makePagination(query.page, query.limit, total),
      };
    },

    /** Meters without a reading since the first of this month (in India), by property and unit. */
    async due(ctx: CompanyContext, query: z.output<typeof ZMetersDueQuery>) {
      const since = `${today().slice(0, 7)}-01`;
      const { rows, total } = await repo.dueMeters(db, ctx.companyId, since, query);
      return { data: rows, pagination: makePagination(query.page, query.limit, total) };
    },
  };
}

export type MetersService = ReturnType<typeof createMetersService>;
