import {
  type AssignTenantBody,
  occupancyRate,
  type RentalUnitUserDto,
  type UnitAnalyticsDto,
  type UpdateTenantAssignmentBody,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { today } from '../../core/dates';
import { badRequest, conflict, notFound } from '../../core/errors';
import { escapeHtml } from '../../core/html';
import { iso, pageOf } from '../../core/http';
import { newOpaqueToken } from '../../core/tokens';
import type { AuthService, UserRow } from '../auth/auth.service';
import { findProperty } from '../properties/properties.service';
import { recordTenantStatus } from '../tenants/tenants.service';
import { lockUnit, settleOccupancy } from './rental-units.occupancy';
import { createRentalUnitsRepo, type UnitRow } from './rental-units.repo';
import { type AssignmentWithUser, createAssignmentsRepo } from './rental-units.tenants.repo';

const DAY_MS = 86_400_000;
const SET_PASSWORD_TTL_MS = 7 * DAY_MS;

const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

export function toRentalUnitUserDto({ assignment, user }: AssignmentWithUser): RentalUnitUserDto {
  return {
    _id: assignment.id,
    companyId: assignment.companyId,
    rentalUnitId: assignment.rentalUnitId,
    propertyId: assignment.propertyId,
    userId: assignment.userId,
    user: {
      _id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      avatar: user.avatar,
    },
    role: assignment.role,
    status: assignment.status,
    tenancyStatus: assignment.tenancyStatus,
    startDate: assignment.startDate,
    endDate: assignment.endDate,
    movedOutAt: assignment.movedOutAt,
    rent: assignment.rent,
    securityDeposit: assignment.securityDeposit,
    currency: assignment.currency,
    notes: assignment.notes,
    createdAt: iso(assignment.createdAt),
    updatedAt: iso(assignment.updatedAt),
  };
}

/**
 * Occupied days between `since` and `until` (inclusive day numbers): the union of the assignments' stays,
 * so that co-tenants sharing a unit are not counted twice.
 */
export function occupiedDays(
  stays: readonly { start: number; end: number }[],
  since: number,
  until: number,
): number {
  const clipped = stays
    .map((stay) => ({ start: Math.max(stay.start, since), end: Math.min(stay.end, until) }))
    .filter((stay) => stay.end > stay.start)
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let openStart = -1;
  let openEnd = -1;
  for (const stay of clipped) {
    if (stay.start > openEnd) {
      total += openEnd - openStart;
      openStart = stay.start;
      openEnd = stay.end;
    } else if (stay.end > openEnd) {
      openEnd = stay.end;
    }
  }
  return total + (openEnd - openStart);
}

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer'> & { auth: AuthService };

/** Tenant assignments of units (rental-unit-users) and the unit analytics built on them. */
export function createUnitTenantsService(deps: Deps) {
  const { db, config, mailer, auth } = deps;

  async function welcome(user: UserRow, unit: UnitRow, propertyName: string, token: string | null) {
    const place = `unit ${unit.unitNumber} at ${propertyName}`;
    const link = token ? `${config.appUrl}/auth/reset-password/${token}` : `${config.appUrl}/tenant`;
    const action = token
      ? 'Choose a password to open your tenant area (the link works once and expires in 7 days):'
      : 'Your tenant area:';
    await mailer.send({
      to: user.email,
      subject: `You have been added as a tenant of ${place}`,
      template: 'tenant_assigned',
      link,
      text: `Hello ${user.firstName},\n\nYou have been added as a tenant of ${place}.\n${action}\n${link}\n`,
      html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>You have been added as a tenant of ${escapeHtml(place)}.</p><p>${action}</p><p><a href="${link}">${link}</a></p>`,
    });
  }

  return {
    async list(
      ctx: CompanyContext,
      unitId: string,
      query: { type: 'current' | 'past' | 'all'; page: number; limit: number },
    ) {
      if (!(await createRentalUnitsRepo(db).find(ctx.companyId, unitId))) throw notFound('Rental unit');
      const { rows, total } = await createAssignmentsRepo(db).list(ctx.companyId, unitId, query.type, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { data: rows.map(toRentalUnitUserDto), pagination: pageOf(query.page, query.limit, total) };
    },

    /** Assigns a person to the unit and marks it Occupied. Refused while the unit is under maintenance or renovation. */
    async assign(ctx: CompanyContext, unitId: string, input: AssignTenantBody): Promise<RentalUnitUserDto> {
      const result = await db.transaction(async (tx) => {
        const unit = await lockUnit(tx, ctx.companyId, unitId);
        if (unit.status === 'Under_Maintenance' || unit.status === 'Renovation') {
          throw conflict(
            `This unit is ${unit.status === 'Renovation' ? 'under renovation' : 'under maintenance'}`,
          );
        }
        const { user, created } = await auth.tenancyPerson(tx, input.userId);
        const assignments = createAssignmentsRepo(tx);
        if (await assignments.findCurrentOfUser(ctx.companyId, unitId, user.id)) {
          throw conflict('This person is already a current tenant of this unit');
        }
        const startDate = input.startDate ?? today();
        if (input.endDate && input.endDate < startDate) {
          throw badRequest('The end date must not be before the start date', 'endDate');
        }
        const assignment = await assignments.insert({
          companyId: ctx.companyId,
          rentalUnitId: unitId,
          propertyId: unit.propertyId,
          userId: user.id,
          role: input.role,
          startDate,
          endDate: input.endDate,
          rent: input.rent ?? unit.rent,
          securityDeposit: input.securityDeposit ?? unit.securityDeposit,
          currency: unit.currency,
          notes: input.notes,
          createdBy: ctx.userId,
          tenancyStatus: 'active',
          source: 'unit',
          rentDueDay: 1,
        });
        await recordTenantStatus(tx, {
          companyId: ctx.companyId,
          tenantId: assignment.id,
          fromStatus: null,
          toStatus: 'active',
          actorUserId: ctx.userId,
        });
        await settleOccupancy(tx, ctx.companyId, unit);
        let token: string | null = null;
        if (created) {
          token = newOpaqueToken();
          await auth.saveSetPasswordToken(tx, user.id, token, SET_PASSWORD_TTL_MS);
        }
        const property = await findProperty(tx, ctx.companyId, unit.propertyId);
        return { assignment, user, unit, token, propertyName: property?.name ?? '' };
      });
      await welcome(result.user, result.unit, result.propertyName, result.token).catch(() => undefined);
      const row = await createAssignmentsRepo(db).find(ctx.companyId, unitId, result.assignment.id);
      return toRentalUnitUserDto(row!);
    },

    /** Edits an assignment; `status: 'past'` moves the tenant out, `'current'` moves them back in. */
    async update(
      ctx: CompanyContext,
      unitId: string,
      assignmentId: string,
      input: UpdateTenantAssignmentBody,
    ): Promise<RentalUnitUserDto> {
      await db.transaction(async (tx) => {
        const unit = await lockUnit(tx, ctx.companyId, unitId);
        const assignments = createAssignmentsRepo(tx);
        const found = await assignments.find(ctx.companyId, unitId, assignmentId);
        if (!found) throw notFound('Tenant assignment');
        const current = found.assignment;
        const startDate = input.startDate ?? current.startDate;
        const endDate = input.endDate !== undefined ? input.endDate : current.endDate;
        if (endDate && endDate < startDate) {
          throw badRequest('The end date must not be before the start date', 'endDate');
        }
        const status = input.status ?? current.status;
        let movedOutAt = current.movedOutAt;
        if (status === 'past') {
          movedOutAt = input.movedOutAt ?? (current.status === 'past' ? current.movedOutAt : today());
          if (movedOutAt && movedOutAt < startDate) {
            throw badRequest('The move-out date must not be before the start date', 'movedOutAt');
          }
        } else {
          movedOutAt = null;
          if (current.status === 'past') {
            if (unit.status === 'Under_Maintenance' || unit.status === 'Renovation') {
              throw conflict('This unit is under maintenance or renovation');
            }
            if (await assignments.findCurrentOfUser(ctx.companyId, unitId, current.userId)) {
              throw conflict('This person is already a current tenant of this unit');
            }
          }
        }
        const { movedOutAt: _given, ...rest } = input;
        const tenancyStatus =
          status === current.status ? current.tenancyStatus : status === 'past' ? 'moved_out' : 'active';
        await assignments.update(ctx.companyId, assignmentId, { ...rest, status, movedOutAt, tenancyStatus });
        if (status !== current.status) {
          await recordTenantStatus(tx, {
            companyId: ctx.companyId,
            tenantId: assignmentId,
            fromStatus: current.tenancyStatus,
            toStatus: tenancyStatus,
            actorUserId: ctx.userId,
          });
          await settleOccupancy(tx, ctx.companyId, unit);
        }
      });
      const row = await createAssignmentsRepo(db).find(ctx.companyId, unitId, assignmentId);
      return toRentalUnitUserDto(row!);
    },

    /** Moves the tenant out today (kept as history); the unit is freed when it was the last current tenant. */
    async end(ctx: CompanyContext, unitId: string, assignmentId: string): Promise<RentalUnitUserDto> {
      await db.transaction(async (tx) => {
        const unit = await lockUnit(tx, ctx.companyId, unitId);
        const assignments = createAssignmentsRepo(tx);
        const found = await assignments.find(ctx.companyId, unitId, assignmentId);
        if (!found) throw notFound('Tenant assignment');
        if (found.assignment.status === 'past') return;
        const movedOutAt = laterDate(today(), found.assignment.startDate);
        await assignments.update(ctx.companyId, assignmentId, {
          status: 'past',
          movedOutAt,
          tenancyStatus: 'moved_out',
        });
        await recordTenantStatus(tx, {
          companyId: ctx.companyId,
          tenantId: assignmentId,
          fromStatus: found.assignment.tenancyStatus,
          toStatus: 'moved_out',
          actorUserId: ctx.userId,
        });
        await settleOccupancy(tx, ctx.companyId, unit);
      });
      const row = await createAssignmentsRepo(db).find(ctx.companyId, unitId, assignmentId);
      return toRentalUnitUserDto(row!);
    },

    /** Occupancy history and vacancy from the assignments; revenue and maintenance are 0 until those modules record any. */
    async analytics(ctx: CompanyContext, unitId: string, now = new Date()): Promise<UnitAnalyticsDto> {
      const found = await createRentalUnitsRepo(db).find(ctx.companyId, unitId);
      if (!found) throw notFound('Rental unit');
      const unit = found.unit;
      const history = await createAssignmentsRepo(db).history(ctx.companyId, unitId);
      const asOf = today(now);
      const since = today(unit.createdAt);
      const firstDay = dayNumber(since);
      const lastDay = dayNumber(asOf);
      // A stay covers [start, end): the move-out day is vacant again; current stays run until today.
      const stays = history.map(({ assignment }) => ({
        start: dayNumber(assignment.startDate),
        end: assignment.status === 'current' ? lastDay + 1 : dayNumber(assignment.movedOutAt ?? asOf),
      }));
      const totalDays = Math.max(1, lastDay - firstDay + 1);
      const occupied = Math.min(totalDays, occupiedDays(stays, firstDay, lastDay + 1));
      const current = history.filter(({ assignment }) => assignment.status === 'current');
      const moveOuts = history
        .map(({ assignment }) => assignment.movedOutAt)
        .filter((date): date is string => Boolean(date))
        .sort();
      const lastMoveOutAt = moveOuts.at(-1) ?? null;
      const currentVacancyDays =
        current.length > 0
          ? 0
          : Math.max(0, lastDay - dayNumber(lastMoveOutAt && lastMoveOutAt > since ? lastMoveOutAt : since));
      const rentOfCurrent = current.reduce((sum, { assignment }) => sum + assignment.rent, 0);
      return {
        unitId,
        since,
        asOf,
        occupancy: {
          currentTenants: current.length,
          totalAssignments: history.length,
          occupiedDays: occupied,
          vacantDays: totalDays - occupied,
          occupancyRate: occupancyRate(occupied, totalDays),
          currentVacancyDays,
          lastMoveOutAt,
          history: history.slice(0, 50).map(({ assignment, user }) => {
            const end = assignment.status === 'current' ? asOf : (assignment.movedOutAt ?? asOf);
            return {
              assignmentId: assignment.id,
              userId: assignment.userId,
              name: `${user.firstName} ${user.lastName}`.trim(),
              role: assignment.role,
              status: assignment.status,
              startDate: assignment.startDate,
              endDate: assignment.status === 'current' ? null : assignment.movedOutAt,
              days: Math.max(0, dayNumber(end) - dayNumber(assignment.startDate)),
            };
          }),
        },
        revenue: {
          currency: unit.currency,
          expectedMonthly:
            current.length > 0 ? rentOfCurrent + (unit.maintenanceIncluded ? 0 : unit.maintenanceAmount) : 0,
          billed: 0,
          collected: 0,
        },
        maintenance: { total: 0, open: 0 },
      };
    },
  };
}

/** The later of two YYYY-MM-DD dates. */
function laterDate(a: string, b: string): string {
  return a.localeCompare(b) >= 0 ? a : b;
}
