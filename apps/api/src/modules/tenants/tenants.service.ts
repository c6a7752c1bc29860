import { randomBytes } from 'node:crypto';
import {
  canTransition,
  documentsComplete,
  isCurrentTenantStatus,
  nextRentDueDate,
  outstandingTotal,
  REQUIRED_TENANT_DOCUMENTS,
  stayDurationDays,
  TENANT_CODE_ALPHABET,
  TENANT_CODE_LENGTH,
  TENANT_STATUSES,
  type TenantCodeDto,
  type TenantCreateBody,
  type TenantDocumentDto,
  type TenantDocumentType,
  type TenantDto,
  type TenantEntryDto,
  type TenantListItemDto,
  type TenantListQuery,
  type TenantPortalDto,
  type TenantStatus,
  type TenantUpdateBody,
  tenantMonthlyTotal,
} from '@rentora/shared';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AuthContext, CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { today } from '../../core/dates';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import { escapeHtml } from '../../core/html';
import { boundedPageOf, iso, pageOf } from '../../core/http';
import { hashPassword } from '../../core/passwords';
import { hashToken, newOpaqueToken } from '../../core/tokens';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  properties,
  rentalUnits,
  tenantCodes,
  tenantDocuments,
  tenantEntries,
} from '../../db/schema';
import { createAuthRepo } from '../auth/auth.repo';
import { setTenantDues } from '../invoices/invoices.dues';
import { lockUnit, settleOccupancy } from '../rental-units/rental-units.tenants';
import { createDocumentSigner, newTenantCode, sniffDocumentType } from './tenants.files';
import { recordTenantStatus } from './tenants.history';
import { listTenantPayments } from './tenants.payments';
import { createTenantsRepo, type TenantDetailRow, type TenantListRow } from './tenants.repo';
import { createTenancyInTx } from './tenants.tenancy';

export { type CreateTenancyInput, createTenancyInTx, findCurrentTenancies } from './tenants.tenancy';

const DAY_MS = 86_400_000;
const SET_PASSWORD_TTL_MS = 7 * DAY_MS;
/** Portal code checks per IP and window (at most the login limit). */
const CODE_ATTEMPTS_PER_IP = 30;

function dues(row: TenantListRow) {
  const parts = {
    rent: row.duesRent,
    maintenance: row.duesMaintenance,
    utilities: row.duesUtilities,
    penalties: row.duesPenalties,
    other: row.duesOther,
  };
  return { ...parts, total: outstandingTotal(parts) };
}

export function toTenantListItem(row: TenantListRow, now = new Date()): TenantListItemDto {
  return {
    _id: row.id,
    rentalUnitUserId: row.id,
    companyId: row.companyId,
    rentalUnitId: row.rentalUnitId,
    propertyId: row.propertyId,
    userId: row.userId,
    status: row.tenancyStatus,
    isActive: isCurrentTenantStatus(row.tenancyStatus),
    user: {
      _id: row.userId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
    },
    unit: { _id: row.rentalUnitId, unitNumber: row.unitNumber },
    property: { _id: row.propertyId, name: row.propertyName },
    occupancyDetails: { moveInDate: row.startDate, moveOutDate: row.movedOutAt },
    agreementDetails: {
      rentAmount: row.rent,
      maintenanceCharges: row.maintenanceCharges,
      securityDeposit: row.securityDeposit,
      rentDueDate: row.rentDueDay,
      leaseStartDate: row.leaseStartDate ?? row.startDate,
      leaseEndDate: row.endDate,
    },
    financialDetails: { outstandingDues: dues(row) },
    monthlyTotal: tenantMonthlyTotal({ rentAmount: row.rent, maintenanceCharges: row.maintenanceCharges }),
    nextRentDueDate: nextRentDueDate(row.rentDueDay, now),
    stayDurationDays: stayDurationDays(row.startDate, row.movedOutAt, now),
    currency: row.currency,
    createdAt: iso(row.createdAt),
  };
}

function fullName(first: string | null, last: string | null): string | null {
  return first === null ? null : `${first} ${last ?? ''}`.trim();
}

function isTenantStatus(value: string): value is TenantStatus {
  return (TENANT_STATUSES as readonly string[]).includes(value);
}

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'notifier' | 'storage' | 'limiter'>;

export function createTenantsService(deps: Deps) {
  const { db, config, mailer, notifier, storage, limiter } = deps;
  const signer = createDocumentSigner(config.jwtSecret);

  async function mustFind(
    companyId: string,
    tenantId: string,
    repoDb: DbOrTx = db,
  ): Promise<TenantDetailRow> {
    const row = await createTenantsRepo(repoDb).find(companyId, tenantId);
    if (!row) throw notFound('Tenant');
    return row;
  }

  function documentDto(row: typeof tenantDocuments.$inferSelect): TenantDocumentDto {
    return {
      _id: row.id,
      type: row.type,
      verified: row.verified,
      url: signer.url(row.tenantId, row.id),
      fileName: row.fileName,
      mimeType: row.mimeType,
      size: row.size,
      uploadedAt: iso(row.createdAt),
    };
  }

  async function detail(row: TenantDetailRow): Promise<TenantDto> {
    const repo = createTenantsRepo(db);
    const [documents, entries, history] = await Promise.all([
      repo.documents(row.companyId, row.id),
      repo.entries(row.companyId, row.id),
      repo.history(row.companyId, row.id),
    ]);
    const entryDto = (entry: (typeof entries)[number]): TenantEntryDto => ({
      _id: entry.id,
      content: entry.content,
      type: entry.type,
      author: fullName(entry.firstName, entry.lastName),
      createdAt: iso(entry.createdAt),
    });
    return {
      ...toTenantListItem(row),
      rejectionReason: row.rejectionReason,
      source: row.source,
      documents: documents.map(documentDto),
      documentsComplete: documentsComplete(documents),
      notes: entries.filter((entry) => entry.kind === 'note').map(entryDto),
      complaints: entries.filter((entry) => entry.kind === 'complaint').map(entryDto),
      warnings: entries.filter((entry) => entry.kind === 'warning').map(entryDto),
      ratings: row.ratings,
      compliance: row.compliance,
      history: history.map((entry) => ({
        _id: entry.id,
        fromStatus: entry.fromStatus,
        toStatus: entry.toStatus,
        reason: entry.reason,
        actor: fullName(entry.firstName, entry.lastName),
        createdAt: iso(entry.createdAt),
      })),
      updatedAt: iso(row.updatedAt),
    };
  }

  /** In-app notification and email to the tenant; failures never undo the change. */
  async function tell(row: TenantListRow, type: string, title: string, message: string): Promise<void> {
    await notifier
      .notifyUser(row.userId, {
        companyId: row.companyId,
        category: 'tenant',
        type,
        title,
        message,
        link: '/tenant',
      })
      .catch(() => undefined);
    const link = `${config.appUrl}/tenant`;
    await mailer
      .send({
        to: row.email,
        subject: title,
        template: type,
        link,
        text: `Hello ${row.firstName},\n\n${message}\n\nYour tenant area: ${link}\n`,
        html: `<p>Hello ${escapeHtml(row.firstName)},</p><p>${escapeHtml(message)}</p><p><a href="${link}">Your tenant area</a></p>`,
      })
      .catch(() => undefined);
  }

  /** Moves a tenancy from its status to `to` under the unit lock; 409 when the lifecycle does not allow it. */
  async function transition(
    ctx: CompanyContext,
    tenantId: string,
    to: TenantStatus,
    options: { reason?: string | null; moveOutDate?: string; rejectionReason?: string } = {},
  ): Promise<{ before: TenantDetailRow; after: TenantDetailRow }> {
    const before = await mustFind(ctx.companyId, tenantId);
    await db.transaction(async (tx) => {
      const unit = await lockUnit(tx, ctx.companyId, before.rentalUnitId);
      const current = await mustFind(ctx.companyId, tenantId, tx);
      if (!canTransition(current.tenancyStatus, to)) {
        throw conflict(
          `A tenant who is ${current.tenancyStatus.replace('_', ' ')} cannot become ${to.replace('_', ' ')}`,
        );
      }
      const repo = createTenantsRepo(tx);
      if (to === 'active' && current.tenancyStatus === 'pending') {
        const clash = await repo.list(ctx.companyId, {
          page: 1,
          limit: 5,
          sortBy: 'createdAt',
          sortOrder: 'desc',
          rentalUnitId: current.rentalUnitId,
          isActive: true,
        });
        if (clash.rows.some((row) => row.userId === current.userId)) {
          throw conflict('This person is already a current tenant of this unit');
        }
      }
      const values: Parameters<typeof repo.update>[2] = {
        tenancyStatus: to,
        status: isCurrentTenantStatus(to) ? 'current' : 'past',
      };
      if (to === 'moved_out') {
        const moveOut = options.moveOutDate ?? today();
        if (moveOut < current.startDate) {
          throw badRequest('The move-out date must not be before the move-in date', 'moveOutDate');
        }
        values.movedOutAt = moveOut;
      }
      if (to === 'rejected') values.rejectionReason = options.rejectionReason ?? null;
      await repo.update(ctx.companyId, tenantId, values);
      await recordTenantStatus(tx, {
        companyId: ctx.companyId,
        tenantId,
        fromStatus: current.tenancyStatus,
        toStatus: to,
        actorUserId: ctx.userId,
        reason: options.reason ?? options.rejectionReason ?? null,
      });
      await settleOccupancy(tx, ctx.companyId, unit);
    });
    return { before, after: await mustFind(ctx.companyId, tenantId) };
  }

  async function resolvePerson(tx: DbOrTx, person: TenantCreateBody['userId']) {
    const authRepo = createAuthRepo(tx);
    if (typeof person === 'string') {
      const user = await authRepo.findUserById(person);
      if (!user?.isActive) throw notFound('User');
      return { user, token: null };
    }
    const existing = await authRepo.findUserByEmail(person.email);
    if (existing) {
      if (!existing.isActive) throw conflict('The account with this email is deactivated');
      return { user: existing, token: null };
    }
    const user = await authRepo.insertUser({
      email: person.email,
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone ?? null,
      role: 'tenant',
    });
    const token = newOpaqueToken();
    await authRepo.insertAuthToken({
      userId: user.id,
      purpose: 'reset_password',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_MS),
    });
    return { user, token };
  }

  async function portalOf(row: TenantDetailRow): Promise<TenantPortalDto> {
    const documents = await createTenantsRepo(db).documents(row.companyId, row.id);
    const [extra] = await db
      .select({ companyName: companies.name, unitType: rentalUnits.unitType, city: properties.city })
      .from(rentalUnits)
      .innerJoin(properties, eq(properties.id, rentalUnits.propertyId))
      .innerJoin(companies, eq(companies.id, rentalUnits.companyId))
      .where(eq(rentalUnits.id, row.rentalUnitId))
      .limit(1);
    const types = new Set(documents.map((document) => document.type));
    return {
      firstName: row.firstName,
      companyId: row.companyId,
      companyName: extra?.companyName ?? '',
      status: row.tenancyStatus,
      unit: { unitNumber: row.unitNumber, unitType: extra?.unitType ?? '' },
      property: { name: row.propertyName, city: extra?.city ?? '' },
      dues: dues(row),
      monthlyTotal: tenantMonthlyTotal({ rentAmount: row.rent, maintenanceCharges: row.maintenanceCharges }),
      nextRentDueDate: nextRentDueDate(row.rentDueDay),
      leaseEndDate: row.endDate,
      currency: row.currency,
      documents: {
        complete: documentsComplete(documents),
        uploaded: documents.map((document) => ({ type: document.type, verified: document.verified })),
        missing: REQUIRED_TENANT_DOCUMENTS.filter((type) => !types.has(type)),
      },
    };
  }

  return {
    async list(ctx: CompanyContext, query: TenantListQuery) {
      const statuses = [...(query.status ?? []), ...(query['status[]'] ?? [])];
      const { rows, total, exact } = await createTenantsRepo(db).list(ctx.companyId, { ...query, statuses });
      const now = new Date();
      return {
        data: rows.map((row) => toTenantListItem(row, now)),
        pagination: boundedPageOf(query.page, query.limit, { total, exact }, rows.length),
      };
    },

    async byStatus(ctx: CompanyContext, status: string, query: TenantListQuery) {
      if (!isTenantStatus(status)) {
        throw badRequest(`Unknown status "${status}": use one of ${TENANT_STATUSES.join(', ')}`, 'status');
      }
      return this.list(ctx, { ...query, status: [status], 'status[]': undefined });
    },

    async byCompany(ctx: CompanyContext, companyId: string, query: TenantListQuery) {
      if (companyId !== ctx.companyId) throw notFound('Company');
      return this.list(ctx, query);
    },

    /** 404 unless the tenant is one of the company's (before reading an upload). */
    async assertExists(ctx: CompanyContext, tenantId: string): Promise<void> {
      await mustFind(ctx.companyId, tenantId);
    },

    async get(ctx: CompanyContext, tenantId: string): Promise<TenantDto> {
      return detail(await mustFind(ctx.companyId, tenantId));
    },

    async create(ctx: CompanyContext, input: TenantCreateBody): Promise<TenantDto> {
      const result = await db.transaction(async (tx) => {
        const [unit] = await tx
          .select({ status: rentalUnits.status })
          .from(rentalUnits)
          .where(and(eq(rentalUnits.companyId, ctx.companyId), eq(rentalUnits.id, input.rentalUnitId)))
          .limit(1);
        if (!unit) throw notFound('Rental unit');
        if (unit.status === 'Under_Maintenance' || unit.status === 'Renovation') {
          throw conflict('This unit is under maintenance or renovation');
        }
        const { user, token } = await resolvePerson(tx, input.userId);
        const created = await createTenancyInTx(tx, {
          companyId: ctx.companyId,
          rentalUnitId: input.rentalUnitId,
          userId: user.id,
          status: input.status,
          actorUserId: ctx.userId,
          occupancyDetails: input.occupancyDetails,
          agreementDetails: input.agreementDetails,
          source: 'staff',
        });
        return { id: created._id, token };
      });
      const row = await mustFind(ctx.companyId, result.id);
      const place = `unit ${row.unitNumber} at ${row.propertyName}`;
      const link = result.token
        ? `${config.appUrl}/auth/reset-password/${result.token}`
        : `${config.appUrl}/tenant`;
      await mailer
        .send({
          to: row.email,
          subject: `You have been added as a tenant of ${place}`,
          template: 'tenant_created',
          link,
          text: `Hello ${row.firstName},\n\nYou have been added as a tenant of ${place}.\n${
            result.token
              ? 'Choose a password to open your tenant area (the link expires in 7 days):'
              : 'Your tenant area:'
          }\n${link}\n`,
          html: `<p>Hello ${escapeHtml(row.firstName)},</p><p>You have been added as a tenant of ${escapeHtml(place)}.</p><p><a href="${link}">${link}</a></p>`,
        })
        .catch(() => undefined);
      if (row.tenancyStatus === 'pending') {
        await notifier
          .notifyCompany(
            ctx.companyId,
            {
              category: 'tenant',
              type: 'tenant.pending',
              title: 'A tenant is waiting for approval',
              message: `${row.firstName} ${row.lastName} for ${place}`,
              link: `/dashboard/tenants/${row.id}`,
            },
            { roles: ['owner', 'manager'], excludeUserIds: [ctx.userId] },
          )
          .catch(() => undefined);
      }
      return detail(row);
    },

    async update(ctx: CompanyContext, tenantId: string, input: TenantUpdateBody): Promise<TenantDto> {
      const row = await mustFind(ctx.companyId, tenantId);
      const agreement = input.agreementDetails ?? {};
      const startDate = input.occupancyDetails?.moveInDate ?? row.startDate;
      const leaseStart = agreement.leaseStartDate ?? row.leaseStartDate ?? row.startDate;
      const leaseEnd = agreement.leaseEndDate ?? row.endDate;
      if (leaseEnd && leaseEnd <= leaseStart)
        throw badRequest('The lease must end after it starts', 'agreementDetails.leaseEndDate');
      await createTenantsRepo(db).update(ctx.companyId, tenantId, {
        startDate,
        leaseStartDate: leaseStart,
        endDate: leaseEnd,
        rent: agreement.rentAmount ?? row.rent,
        maintenanceCharges: agreement.maintenanceCharges ?? row.maintenanceCharges,
        securityDeposit: agreement.securityDeposit ?? row.securityDeposit,
        rentDueDay: agreement.rentDueDate ?? row.rentDueDay,
      });
      return this.get(ctx, tenantId);
    },

    async approve(ctx: CompanyContext, tenantId: string): Promise<TenantDto> {
      const { after } = await transition(ctx, tenantId, 'active', { reason: 'Approved' });
      await tell(
        after,
        'tenant.approved',
        'Your tenancy was approved',
        `Your tenancy of unit ${after.unitNumber} at ${after.propertyName} is approved.`,
      );
      return detail(after);
    },

    async reject(ctx: CompanyContext, tenantId: string, rejectionReason: string): Promise<TenantDto> {
      const { after } = await transition(ctx, tenantId, 'rejected', { rejectionReason });
      await tell(
        after,
        'tenant.rejected',
        'Your tenancy was not approved',
        `Your tenancy of unit ${after.unitNumber} at ${after.propertyName} was not approved: ${rejectionReason}`,
      );
      return detail(after);
    },

    async setStatus(
      ctx: CompanyContext,
      tenantId: string,
      status: string,
      reason?: string,
    ): Promise<TenantDto> {
      if (!isTenantStatus(status)) {
        throw badRequest(`Unknown status "${status}": use one of ${TENANT_STATUSES.join(', ')}`, 'status');
      }
      if (status === 'rejected') {
        if (!reason) throw badRequest('A reason is required to reject', 'reason');
        return this.reject(ctx, tenantId, reason);
      }
      const { after } = await transition(ctx, tenantId, status, { reason: reason ?? null });
      if (status === 'moved_out') {
        await tell(
          after,
          'tenant.moved_out',
          'You have moved out',
          `Your stay in unit ${after.unitNumber} at ${after.propertyName} has ended.`,
        );
      } else if (status === 'active') {
        await tell(
          after,
          'tenant.status',
          'Your tenancy is active',
          `Your tenancy of unit ${after.unitNumber} is active.`,
        );
      }
      return detail(after);
    },

    async moveOut(
      ctx: CompanyContext,
      tenantId: string,
      moveOutDate: string,
      reason?: string,
    ): Promise<TenantDto> {
      const { after } = await transition(ctx, tenantId, 'moved_out', { moveOutDate, reason: reason ?? null });
      await tell(
        after,
        'tenant.moved_out',
        'You have moved out',
        `Your stay in unit ${after.unitNumber} at ${after.propertyName} ended on ${moveOutDate}.`,
      );
      return detail(after);
    },

    async extendLease(
      ctx: CompanyContext,
      tenantId: string,
      newEndDate: string,
      rentAmount?: number,
    ): Promise<TenantDto> {
      const row = await mustFind(ctx.companyId, tenantId);
      if (!isCurrentTenantStatus(row.tenancyStatus) && row.tenancyStatus !== 'pending') {
        throw conflict('Only a current or pending tenancy can be extended');
      }
      const currentEnd = row.endDate ?? row.startDate;
      if (newEndDate <= currentEnd)
        throw badRequest(`The new end date must be after ${currentEnd}`, 'newEndDate');
      await db.transaction(async (tx) => {
        await createTenantsRepo(tx).update(ctx.companyId, tenantId, {
          endDate: newEndDate,
          ...(rentAmount !== undefined ? { rent: rentAmount } : {}),
        });
        await recordTenantStatus(tx, {
          companyId: ctx.companyId,
          tenantId,
          fromStatus: row.tenancyStatus,
          toStatus: row.tenancyStatus,
          actorUserId: ctx.userId,
          reason: `Lease extended to ${newEndDate}${rentAmount !== undefined ? ` (rent ${rentAmount})` : ''}`,
        });
      });
      const after = await mustFind(ctx.companyId, tenantId);
      await tell(
        after,
        'tenant.lease_extended',
        'Your lease was extended',
        `Your lease of unit ${after.unitNumber} now ends on ${newEndDate}.`,
      );
      return detail(after);
    },

    /** Closes the stay in the old unit (kept in history) and opens one in the target unit of the same company. */
    async transfer(
      ctx: CompanyContext,
      tenantId: string,
      input: { toRentalUnitId: string; transferDate: string; rentAmount?: number },
    ): Promise<TenantDto> {
      const row = await mustFind(ctx.companyId, tenantId);
      if (!isCurrentTenantStatus(row.tenancyStatus))
        throw conflict('Only a current tenant can be transferred');
      if (input.toRentalUnitId === row.rentalUnitId)
        throw badRequest('Choose another unit', 'toRentalUnitId');
      if (input.transferDate < row.startDate) {
        throw badRequest('The transfer date must not be before the move-in date', 'transferDate');
      }
      const newId = await db.transaction(async (tx) => {
        const target = await lockUnit(tx, ctx.companyId, input.toRentalUnitId);
        if (target.status !== 'Available' || target.currentTenants > 0) {
          throw conflict(`Unit ${target.unitNumber} is not free`);
        }
        const oldUnit = await lockUnit(tx, ctx.companyId, row.rentalUnitId);
        const repo = createTenantsRepo(tx);
        await repo.update(ctx.companyId, tenantId, {
          tenancyStatus: 'moved_out',
          status: 'past',
          movedOutAt: input.transferDate,
        });
        await recordTenantStatus(tx, {
          companyId: ctx.companyId,
          tenantId,
          fromStatus: row.tenancyStatus,
          toStatus: 'moved_out',
          actorUserId: ctx.userId,
          reason: `Transferred to unit ${target.unitNumber}`,
        });
        await settleOccupancy(tx, ctx.companyId, oldUnit);
        const created = await createTenancyInTx(tx, {
          companyId: ctx.companyId,
          rentalUnitId: target.id,
          userId: row.userId,
          status: 'active',
          actorUserId: ctx.userId,
          occupancyDetails: { moveInDate: input.transferDate },
          agreementDetails: {
            rentAmount: input.rentAmount ?? row.rent,
            maintenanceCharges: row.maintenanceCharges,
            securityDeposit: row.securityDeposit,
            rentDueDate: row.rentDueDay,
            leaseStartDate: input.transferDate,
            leaseEndDate: row.endDate && row.endDate > input.transferDate ? row.endDate : input.transferDate,
          },
          source: 'transfer',
        });
        await repo.update(ctx.companyId, created._id, {
          duesRent: row.duesRent,
          duesMaintenance: row.duesMaintenance,
          duesUtilities: row.duesUtilities,
          duesPenalties: row.duesPenalties,
          // Carried over as the new tenancy's adjustment (its dues follow its own invoices from here on).
          duesRentAdjustment: row.duesRent,
          duesMaintenanceAdjustment: row.duesMaintenance,
          duesUtilitiesAdjustment: row.duesUtilities,
          duesPenaltiesAdjustment: row.duesPenalties,
          ratings: row.ratings,
          compliance: row.compliance,
        });
        return created._id;
      });
      const after = await mustFind(ctx.companyId, newId);
      await tell(
        after,
        'tenant.transferred',
        'You have been transferred',
        `From ${input.transferDate} your unit is ${after.unitNumber} at ${after.propertyName}.`,
      );
      return detail(after);
    },

    async dues(ctx: CompanyContext, tenantId: string) {
      const row = await mustFind(ctx.companyId, tenantId);
      return {
        ...dues(row),
        monthlyTotal: tenantMonthlyTotal({
          rentAmount: row.rent,
          maintenanceCharges: row.maintenanceCharges,
        }),
        nextRentDueDate: nextRentDueDate(row.rentDueDay),
        currency: row.currency,
      };
    },

    async setFinancials(
      ctx: CompanyContext,
      tenantId: string,
      input: { rent?: number; maintenance?: number; utilities?: number; penalties?: number },
    ) {
      await mustFind(ctx.companyId, tenantId);
      // The figures shown become the ones asked for; they still follow the tenancy's invoices afterwards.
      await db.transaction((tx) => setTenantDues(tx, ctx.companyId, tenantId, input));
      return this.dues(ctx, tenantId);
    },

    async payments(ctx: CompanyContext, tenantId: string, page: { page: number; limit: number }) {
      await mustFind(ctx.companyId, tenantId);
      const result = await listTenantPayments(db, ctx.companyId, tenantId, page);
      return { data: result.data, pagination: pageOf(result.page, result.limit, result.total) };
    },

    async addEntry(
      ctx: CompanyContext,
      tenantId: string,
      kind: 'note' | 'complaint' | 'warning',
      input: { content: string; type: string },
    ): Promise<TenantDto> {
      await mustFind(ctx.companyId, tenantId);
      await db.insert(tenantEntries).values({
        companyId: ctx.companyId,
        tenantId,
        kind,
        type: input.type,
        content: input.content,
        authorUserId: ctx.userId,
      });
      return this.get(ctx, tenantId);
    },

    async setCompliance(
      ctx: CompanyContext,
      tenantId: string,
      input: Record<string, boolean | string | undefined>,
    ) {
      const row = await mustFind(ctx.companyId, tenantId);
      const compliance: Record<string, boolean | string> = { ...row.compliance };
      for (const [key, value] of Object.entries(input)) if (value !== undefined) compliance[key] = value;
      await createTenantsRepo(db).update(ctx.companyId, tenantId, { compliance });
      return this.get(ctx, tenantId);
    },

    async setRatings(ctx: CompanyContext, tenantId: string, input: Record<string, number | undefined>) {
      const row = await mustFind(ctx.companyId, tenantId);
      const ratings: Record<string, number> = { ...row.ratings };
      for (const [key, value] of Object.entries(input)) if (value !== undefined) ratings[key] = value;
      await createTenantsRepo(db).update(ctx.companyId, tenantId, { ratings });
      return this.get(ctx, tenantId);
    },

    async behavior(ctx: CompanyContext, tenantId: string) {
      const tenant = await this.get(ctx, tenantId);
      return { complaints: tenant.complaints, warnings: tenant.warnings, ratings: tenant.ratings };
    },

    async documents(ctx: CompanyContext, tenantId: string) {
      await mustFind(ctx.companyId, tenantId);
      const rows = await createTenantsRepo(db).documents(ctx.companyId, tenantId);
      return { documents: rows.map(documentDto), documentsComplete: documentsComplete(rows) };
    },

    async addDocument(
      ctx: CompanyContext,
      tenantId: string,
      input: { type: TenantDocumentType; fileName: string; data: Buffer },
    ): Promise<TenantDocumentDto> {
      await mustFind(ctx.companyId, tenantId);
      const sniffed = sniffDocumentType(input.data);
      if (!sniffed) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a PDF, JPEG, PNG or WebP file', {
          details: [{ path: 'document', message: 'The file is not a PDF, JPEG, PNG or WebP' }],
        });
      }
      const id = uuidv7();
      const storageKey = `tenant-docs/${ctx.companyId}/${id}.${sniffed.ext}`;
      await storage.put(storageKey, input.data, sniffed.mimeType);
      try {
        const [row] = await db
          .insert(tenantDocuments)
          .values({
            id,
            companyId: ctx.companyId,
            tenantId,
            type: input.type,
            storageKey,
            fileName: input.fileName.slice(0, 200) || `document.${sniffed.ext}`,
            mimeType: sniffed.mimeType,
            size: input.data.length,
            uploadedBy: ctx.userId,
          })
          .returning();
        return documentDto(row!);
      } catch (error) {
        await storage.delete(storageKey).catch(() => undefined);
        throw error;
      }
    },

    async verifyDocument(ctx: CompanyContext, tenantId: string, docId: string, verified: boolean) {
      const row = await mustFind(ctx.companyId, tenantId);
      const document = await createTenantsRepo(db).document(ctx.companyId, tenantId, docId);
      if (!document) throw notFound('Document');
      await db
        .update(tenantDocuments)
        .set({ verified })
        .where(and(eq(tenantDocuments.companyId, ctx.companyId), eq(tenantDocuments.id, docId)));
      if (verified && !document.verified) {
        await tell(
          row,
          'tenant.document_verified',
          'A document was verified',
          `Your ${document.type.replace('_', ' ')} document was verified.`,
        );
      }
      return documentDto({ ...document, verified });
    },

    async deleteDocument(ctx: CompanyContext, tenantId: string, docId: string): Promise<void> {
      await mustFind(ctx.companyId, tenantId);
      const document = await createTenantsRepo(db).document(ctx.companyId, tenantId, docId);
      if (!document) throw notFound('Document');
      await db.transaction(async (tx) => {
        await tx
          .delete(tenantDocuments)
          .where(and(eq(tenantDocuments.companyId, ctx.companyId), eq(tenantDocuments.id, docId)));
        await recordAudit(tx, {
          companyId: ctx.companyId,
          actorUserId: ctx.userId,
          action: 'tenant.document_deleted',
          entityType: 'tenant_document',
          entityId: docId,
          summary: `${document.type} of tenant ${tenantId}`,
          before: { type: document.type, fileName: document.fileName, verified: document.verified },
        });
      });
      await storage.delete(document.storageKey).catch(() => undefined);
    },

    /** The file of a signed link (no account needed: the signature is the permission). */
    async documentFile(tenantId: string, docId: string, exp: number | undefined, sig: string | undefined) {
      if (!signer.verify(docId, exp, sig)) {
        throw new AppError('FORBIDDEN', 'This link has expired or is not valid');
      }
      const [document] = await db
        .select()
        .from(tenantDocuments)
        .where(and(eq(tenantDocuments.id, docId), eq(tenantDocuments.tenantId, tenantId)))
        .limit(1);
      if (!document) throw notFound('Document');
      const file = await storage.read(document.storageKey);
      if (!file) throw notFound('Document');
      return { document, file };
    },

    /** The signed-in person's own tenancies (the tenant area), with their documents. */
    async mine(auth: AuthContext) {
      const rows = await createTenantsRepo(db).ofUser(auth.userId);
      return Promise.all(rows.map((row) => detail(row)));
    },

    async getCode(ctx: CompanyContext, tenantId: string): Promise<TenantCodeDto> {
      await mustFind(ctx.companyId, tenantId);
      const code = await createTenantsRepo(db).code(tenantId);
      if (!code) throw notFound('Tenant code');
      return codeDto(code);
    },

    async generateCode(ctx: CompanyContext, tenantId: string): Promise<TenantCodeDto> {
      const row = await mustFind(ctx.companyId, tenantId);
      if (row.tenancyStatus === 'moved_out' || row.tenancyStatus === 'rejected') {
        throw conflict('A moved-out or rejected tenant cannot get a portal code');
      }
      const code = newTenantCode(TENANT_CODE_ALPHABET, TENANT_CODE_LENGTH, randomBytes);
      const [saved] = await db
        .insert(tenantCodes)
        .values({ companyId: ctx.companyId, tenantId, code, createdBy: ctx.userId })
        .onConflictDoUpdate({
          target: tenantCodes.tenantId,
          set: { code, createdBy: ctx.userId, createdAt: new Date() },
        })
        .returning();
      return codeDto(saved!);
    },

    async validateCode(ip: string, tenantCode: string, companyId?: string): Promise<TenantPortalDto> {
      await limiter.hit(`tenant-code:ip:${ip}`, Math.min(config.rateLimits.loginPerIp, CODE_ATTEMPTS_PER_IP));
      const invalid = () => new AppError('NOT_FOUND', 'Invalid tenant code');
      if (!/^[A-Z0-9]{4,40}$/.test(tenantCode)) throw invalid();
      const code = await createTenantsRepo(db).codeByText(tenantCode, companyId);
      if (!code) throw invalid();
      const row = await createTenantsRepo(db).find(code.companyId, code.tenantId);
      if (!row || row.tenancyStatus === 'moved_out' || row.tenancyStatus === 'rejected') throw invalid();
      return portalOf(row);
    },
  };

  function codeDto(code: typeof tenantCodes.$inferSelect): TenantCodeDto {
    return {
      rentalUnitUserId: code.tenantId,
      tenantCode: code.code,
      companyId: code.companyId,
      portalUrl: `${config.appUrl}/tenant-portal/${code.code}?companyId=${code.companyId}`,
      createdAt: iso(code.createdAt),
    };
  }
}

export type TenantsService = ReturnType<typeof createTenantsService>;
