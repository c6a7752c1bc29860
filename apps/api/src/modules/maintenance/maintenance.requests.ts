import {
  canMoveMaintenance,
  MAINTENANCE_MEDIA_UPLOAD,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_SOURCES,
  MAINTENANCE_STATUS_LABELS,
  MAINTENANCE_STATUSES,
  type MaintenanceListQuery,
  type MaintenancePriority,
  type MaintenancePublicRequestDto,
  type MaintenanceRequestCreateBody,
  type MaintenanceRequestDto,
  type MaintenanceRequestListItemDto,
  type MaintenanceRequestUpdateBody,
  type MaintenanceSource,
  type MaintenanceStatsDto,
  type MaintenanceStatus,
  makePagePagination,
  type PagePagination,
} from '@rentora/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import { createMediaSigner, receiveMedia, removeMediaFiles } from '../../core/media';
import type { Tx } from '../../db/client';
import { properties, rentalUnits } from '../../db/schema';
import { pickAssignee } from './maintenance.assignments';
import { allowedStatuses, toListItemDto, toPublicRequestDto, toRequestDto } from './maintenance.dto';
import { activeMembers, eligibleMembers, fullName, peopleByIds } from './maintenance.members';
import { createMaintenanceNotifications, type EventLog } from './maintenance.notify';
import {
  createMaintenanceRepo,
  type EventRow,
  type ListFilters,
  type MediaRow,
  pageCount,
  type RequestJoinedRow,
  type RequestListRow,
  type RequestRow,
} from './maintenance.repo';
import { findTypeByRef, type MaintenanceTypesService } from './maintenance.types';

/** Who does something to a request; the timeline records it. */
export interface Actor {
  type: 'staff' | 'tenant' | 'public' | 'assignee' | 'system';
  userId: string | null;
  name: string;
}

export interface CreateRequestInput {
  companyId: string;
  type: string;
  priority?: MaintenancePriority;
  propertyId: string;
  rentalUnitId?: string | null;
  title: string;
  description: string;
  source: MaintenanceSource;
  requester: {
    type: 'staff' | 'tenant' | 'public';
    userId: string | null;
    name: string;
    email: string | null;
    phone: string | null;
  };
  tenantId?: string | null;
  formId?: string | null;
  trackingTokenHash?: string | null;
  assigneeId?: string;
  watcherIds?: readonly string[];
  actor: Actor;
}

/** Limits what a caller may do to a request it reaches by a restricted route (portal, tenant). */
export interface Scope {
  assigneeId?: string;
  requesterUserId?: string;
}

const HOUR_MS = 3_600_000;
/** See `stats`: large companies' statistics are cached this long per process. */
export const STATS_CACHE_MS = 30_000;
export const STATS_CACHE_MIN_TOTAL = 5_000;

export function actorOfStaff(ctx: CompanyContext): Actor {
  return { type: 'staff', userId: ctx.userId, name: fullName(ctx.user) };
}

type Deps = Pick<AppDeps, 'db' | 'storage' | 'config' | 'notifier' | 'mailer'> & {
  types: MaintenanceTypesService;
};

export function createMaintenanceRequestsService(deps: Deps, log?: EventLog) {
  const { db, storage, config } = deps;
  const repo = createMaintenanceRepo(db);
  const { types } = deps;
  const notify = createMaintenanceNotifications(deps, log);
  const signer = createMediaSigner(config.jwtSecret);
  const statsCache = new Map<string, { at: number; value: MaintenanceStatsDto }>();
  const countCache = new Map<string, { at: number; total: number }>();

  /**
   * The total of a filtered list. Counting a large company's requests costs more than the page itself, so a total of
   * STATS_CACHE_MIN_TOTAL or more is kept per process for STATS_CACHE_MS (a list total may lag half a minute there).
   */
  async function countOf(
    companyId: string,
    filters: Omit<ListFilters, 'page' | 'limit'>,
    now: Date,
  ): Promise<number> {
    const key = JSON.stringify([
      companyId,
      filters.status,
      filters.priority,
      filters.typeId,
      filters.propertyId,
      filters.rentalUnitId,
      filters.assignee,
      filters.source,
      filters.overdue,
      filters.search,
    ]);
    const cached = countCache.get(key);
    if (cached && Date.now() - cached.at < STATS_CACHE_MS) return cached.total;
    const total = await repo.count(companyId, filters, now);
    if (total >= STATS_CACHE_MIN_TOTAL) {
      if (countCache.size >= 5000) countCache.clear();
      countCache.set(key, { at: Date.now(), total });
    } else {
      countCache.delete(key);
    }
    return total;
  }

  function inScope(row: RequestRow, scope: Scope | undefined): boolean {
    if (!scope) return true;
    if (scope.assigneeId !== undefined && row.assigneeId !== scope.assigneeId) return false;
    if (
      scope.requesterUserId !== undefined &&
      (row.requesterUserId !== scope.requesterUserId || row.requesterType !== 'tenant')
    ) {
      return false;
    }
    return true;
  }

  async function lockInScope(tx: Tx, companyId: string, id: string, scope?: Scope): Promise<RequestRow> {
    const row = await createMaintenanceRepo(tx).lock(companyId, id);
    if (!row || !inScope(row, scope)) throw notFound('Maintenance request');
    return row;
  }

  async function joined(companyId: string, id: string): Promise<RequestJoinedRow> {
    const row = await repo.find(companyId, id);
    if (!row) throw notFound('Maintenance request');
    return row;
  }

  async function staffDto(companyId: string, id: string): Promise<MaintenanceRequestDto> {
    const row = await joined(companyId, id);
    const [events, media, watchers] = await Promise.all([
      repo.events(companyId, [id], false),
      repo.media(companyId, [id]),
      peopleByIds(db, row.request.watcherIds),
    ]);
    return toRequestDto(row, {
      events,
      media,
      signer,
      watchers: row.request.watcherIds.map((userId) => ({
        _id: userId,
        name: watchers.get(userId)?.name ?? 'Former member',
        email: watchers.get(userId)?.email ?? '',
      })),
    });
  }

  /** The view of tenants and portals: public timeline only (the query itself leaves internal rows out). */
  async function publicDtos(rows: readonly RequestListRow[]): Promise<MaintenancePublicRequestDto[]> {
    const byCompany = new Map<string, string[]>();
    for (const row of rows) {
      const ids = byCompany.get(row.request.companyId) ?? [];
      ids.push(row.request.id);
      byCompany.set(row.request.companyId, ids);
    }
    const events: EventRow[] = [];
    const media: MediaRow[] = [];
    for (const [companyId, ids] of byCompany) {
      events.push(...(await repo.events(companyId, ids, true)));
      media.push(...(await repo.media(companyId, ids)));
    }
    const now = new Date();
    return rows.map((row) =>
      toPublicRequestDto(
        row,
        {
          events: events.filter((e) => e.requestId === row.request.id),
          media: media.filter((m) => m.requestId === row.request.id),
          signer,
        },
        now,
      ),
    );
  }

  /** Creates a request inside the caller's transaction: number, type's SLA, auto-assignment, first events. */
  async function createInTx(tx: Tx, input: CreateRequestInput): Promise<RequestRow> {
    const txRepo = createMaintenanceRepo(tx);
    const type = await types.requireActiveRef(tx, input.companyId, input.type);
    const [property] = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.companyId, input.companyId), eq(properties.id, input.propertyId)));
    if (!property) throw badRequest('Unknown property', 'propertyId');
    if (input.rentalUnitId) {
      const [unit] = await tx
        .select({ id: rentalUnits.id })
        .from(rentalUnits)
        .where(
          and(
            eq(rentalUnits.companyId, input.companyId),
            eq(rentalUnits.propertyId, input.propertyId),
            eq(rentalUnits.id, input.rentalUnitId),
          ),
        );
      if (!unit) throw badRequest('This unit is not part of the property', 'rentalUnitId');
    }
    let assigneeId: string | null = null;
    let autoAssigned = false;
    const picked = await pickAssignee(tx, input.companyId, type.id, !input.assigneeId);
    if (input.assigneeId) {
      const [eligible] = await eligibleMembers(tx, input.companyId, [input.assigneeId]);
      if (!eligible)
        throw badRequest('Assignees must be active members who may work maintenance requests', 'assigneeId');
      assigneeId = input.assigneeId;
    } else if (picked.assigneeId) {
      assigneeId = picked.assigneeId;
      autoAssigned = true;
    }
    const requested = [...new Set(input.watcherIds ?? [])];
    const members = new Set((await activeMembers(tx, input.companyId, requested)).map((m) => m.userId));
    if (requested.some((id) => !members.has(id)))
      throw badRequest('Watchers must be active members of the company', 'watcherIds');
    const watcherIds = [...new Set([...requested, ...picked.watcherIds])];
    const now = new Date();
    const slaHours = picked.slaHours ?? type.slaHours;
    const number = await txRepo.nextNumber(input.companyId);
    const row = await txRepo.insert({
      companyId: input.companyId,
      number,
      title: input.title,
      description: input.description,
      typeId: type.id,
      priority: input.priority ?? type.defaultPriority,
      status: assigneeId ? 'assigned' : 'open',
      source: input.source,
      propertyId: input.propertyId,
      rentalUnitId: input.rentalUnitId ?? null,
      tenantId: input.tenantId ?? null,
      requesterType: input.requester.type,
      requesterUserId: input.requester.userId,
      requesterName: input.requester.name,
      requesterEmail: input.requester.email,
      requesterPhone: input.requester.phone,
      assigneeId,
      assignedAt: assigneeId ? now : null,
      watcherIds,
      formId: input.formId ?? null,
      trackingTokenHash: input.trackingTokenHash ?? null,
      dueAt: new Date(now.getTime() + slaHours * HOUR_MS),
      createdBy: input.actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    const author = {
      authorType: input.actor.type,
      authorUserId: input.actor.userId,
      authorName: input.actor.name,
    };
    await txRepo.addEvents([
      {
        companyId: input.companyId,
        requestId: row.id,
        kind: 'created',
        visibility: 'public',
        ...author,
        toStatus: 'open',
        data: { source: input.source },
        createdAt: now,
      },
      ...(assigneeId
        ? [
            {
              companyId: input.companyId,
              requestId: row.id,
              kind: 'assigned' as const,
              visibility: 'public' as const,
              ...(autoAssigned
                ? { authorType: 'system' as const, authorUserId: null, authorName: 'Auto-assignment' }
                : author),
              fromStatus: 'open',
              toStatus: 'assigned',
              data: { assigneeId, auto: autoAssigned },
              createdAt: new Date(now.getTime() + 1),
            },
          ]
        : []),
    ]);
    return row;
  }

  async function create(input: CreateRequestInput): Promise<RequestRow> {
    const row = await db.transaction((tx) => createInTx(tx, input));
    if (row.assigneeId) await notify.assigned(row, input.actor.userId);
    return row;
  }

  async function changeStatus(
    companyId: string,
    id: string,
    to: MaintenanceStatus,
    notes: string | undefined,
    actor: Actor,
    scope?: Scope,
  ): Promise<RequestRow> {
    const { before, after } = await db.transaction(async (tx) => {
      const row = await lockInScope(tx, companyId, id, scope);
      if (row.status === to)
        throw conflict(`The request is already ${MAINTENANCE_STATUS_LABELS[to].toLowerCase()}`);
      if (!canMoveMaintenance(row.status, to)) {
        throw conflict(
          `A request cannot move from ${MAINTENANCE_STATUS_LABELS[row.status].toLowerCase()} to ${MAINTENANCE_STATUS_LABELS[to].toLowerCase()}`,
        );
      }
      if (to === 'assigned' && !row.assigneeId)
        throw conflict('Assign someone before marking the request assigned');
      const now = new Date();
      const patch: Partial<RequestRow> = { status: to };
      if (to === 'resolved') patch.resolvedAt = now;
      if (to === 'closed') patch.closedAt = now;
      if (row.status === 'resolved' && to !== 'closed') patch.resolvedAt = null;
      const txRepo = createMaintenanceRepo(tx);
      await txRepo.update(companyId, id, patch);
      await txRepo.addEvents([
        {
          companyId,
          requestId: id,
          kind: 'status',
          visibility: 'public',
          authorType: actor.type,
          authorUserId: actor.userId,
          authorName: actor.name,
          body: notes?.trim() || null,
          fromStatus: row.status,
          toStatus: to,
        },
      ]);
      return { before: row, after: { ...row, ...patch } as RequestRow };
    });
    await notify.statusChanged(after, before.status, actor.userId);
    return after;
  }

  async function addComment(companyId: string, id: string, comment: string, actor: Actor, scope?: Scope) {
    const row = await db.transaction(async (tx) => {
      const locked = await lockInScope(tx, companyId, id, scope);
      const txRepo = createMaintenanceRepo(tx);
      await txRepo.addEvents([
        {
          companyId,
          requestId: id,
          kind: 'comment',
          visibility: 'public',
          authorType: actor.type,
          authorUserId: actor.userId,
          authorName: actor.name,
          body: comment,
        },
      ]);
      await txRepo.update(companyId, id, {});
      return locked;
    });
    await notify.commented(row, comment, actor.userId, actor.name);
    return row;
  }

  async function addMedia(
    companyId: string,
    id: string,
    request: FastifyRequest,
    actor: Actor,
    scope?: Scope,
  ): Promise<RequestRow> {
    const existing = await repo.find(companyId, id);
    if (!existing || !inScope(existing.request, scope)) throw notFound('Maintenance request');
    const room = MAINTENANCE_MEDIA_UPLOAD.maxPerRequest - existing.mediaCount;
    if (room <= 0) throw conflict(`At most ${MAINTENANCE_MEDIA_UPLOAD.maxPerRequest} files per request`);
    const files = await receiveMedia(request, storage, {
      keyPrefix: `maintenance/${companyId}/${id}`,
      maxFiles: room,
      limitBytes: Math.min(config.uploadLimitBytes, MAINTENANCE_MEDIA_UPLOAD.maxBytes),
    });
    try {
      return await db.transaction(async (tx) => {
        const row = await lockInScope(tx, companyId, id, scope);
        const txRepo = createMaintenanceRepo(tx);
        if (
          (await txRepo.mediaCount(companyId, id)) + files.length >
          MAINTENANCE_MEDIA_UPLOAD.maxPerRequest
        ) {
          throw conflict(`At most ${MAINTENANCE_MEDIA_UPLOAD.maxPerRequest} files per request`);
        }
        const uploaderType = actor.type === 'system' ? 'staff' : actor.type;
        await txRepo.insertMedia(
          files.map((file) => ({
            id: file.id,
            companyId,
            requestId: id,
            kind: file.kind,
            storageKey: file.storageKey,
            mimeType: file.mimeType,
            size: file.size,
            fileName: file.fileName,
            uploadedByType: uploaderType,
            uploadedBy: actor.userId,
          })),
        );
        await txRepo.addEvents([
          {
            companyId,
            requestId: id,
            kind: 'media',
            visibility: 'public',
            authorType: actor.type,
            authorUserId: actor.userId,
            authorName: actor.name,
            data: { count: files.length, kinds: [...new Set(files.map((f) => f.kind))] },
          },
        ]);
        await txRepo.update(companyId, id, {});
        return row;
      });
    } catch (error) {
      await removeMediaFiles(storage, files);
      throw error;
    }
  }

  return {
    signer,
    createInTx,
    create,
    changeStatus,
    addComment,
    addMedia,
    staffDto,
    publicDtos,
    notify,

    async createByStaff(
      ctx: CompanyContext,
      input: MaintenanceRequestCreateBody,
    ): Promise<MaintenanceRequestDto> {
      const requester = input.requester
        ? {
            type: 'staff' as const,
            userId: null,
            name: input.requester.name,
            email: input.requester.email ?? null,
            phone: input.requester.phone ?? null,
          }
        : {
            type: 'staff' as const,
            userId: ctx.userId,
            name: fullName(ctx.user),
            email: ctx.user.email,
            phone: ctx.user.phone,
          };
      const row = await create({
        companyId: ctx.companyId,
        type: input.type,
        priority: input.priority,
        propertyId: input.propertyId,
        rentalUnitId: input.rentalUnitId ?? null,
        title: input.title,
        description: input.description,
        source: 'staff',
        requester,
        assigneeId: input.assigneeId,
        watcherIds: input.watcherIds,
        actor: actorOfStaff(ctx),
      });
      return staffDto(ctx.companyId, row.id);
    },

    async list(
      ctx: CompanyContext,
      query: MaintenanceListQuery,
    ): Promise<{ data: MaintenanceRequestListItemDto[]; pagination: PagePagination }> {
      let typeId: string | undefined;
      if (query.type) {
        const type = await findTypeByRef(db, ctx.companyId, query.type);
        if (!type) return { data: [], pagination: makePagePagination(query.page, query.limit, 0) };
        typeId = type.id;
      }
      const now = new Date();
      const filters = { ...query, typeId };
      const offset = (query.page - 1) * query.limit;
      const rows = await repo.page(ctx.companyId, filters, now);
      const endsHere = rows.length < query.limit && (rows.length > 0 || offset === 0);
      const total = endsHere
        ? offset + rows.length
        : (pageCount(rows) ?? (await countOf(ctx.companyId, filters, now)));
      return {
        data: rows.map((row) => toListItemDto(row, now)),
        pagination: makePagePagination(query.page, query.limit, total),
      };
    },

    get: (ctx: CompanyContext, id: string) => staffDto(ctx.companyId, id),

    async update(
      ctx: CompanyContext,
      id: string,
      input: MaintenanceRequestUpdateBody,
    ): Promise<MaintenanceRequestDto> {
      const { row, changed } = await db.transaction(async (tx) => {
        const current = await lockInScope(tx, ctx.companyId, id);
        const patch: Partial<RequestRow> = {};
        const changed: string[] = [];
        if (input.title !== undefined && input.title !== current.title) {
          patch.title = input.title;
          changed.push('title');
        }
        if (input.description !== undefined && input.description !== current.description) {
          patch.description = input.description;
          changed.push('description');
        }
        if (input.priority !== undefined && input.priority !== current.priority) {
          patch.priority = input.priority;
          changed.push('priority');
        }
        if (input.type !== undefined) {
          const type = await findTypeByRef(tx, ctx.companyId, input.type);
          if (!type) throw badRequest('Unknown maintenance type', 'type');
          if (type.id !== current.typeId) {
            patch.typeId = type.id;
            changed.push('type');
          }
        }
        if (input.rentalUnitId !== undefined && input.rentalUnitId !== current.rentalUnitId) {
          if (input.rentalUnitId) {
            const [unit] = await tx
              .select({ id: rentalUnits.id })
              .from(rentalUnits)
              .where(
                and(
                  eq(rentalUnits.companyId, ctx.companyId),
                  eq(rentalUnits.propertyId, current.propertyId),
                  eq(rentalUnits.id, input.rentalUnitId),
                ),
              );
            if (!unit) throw badRequest('This unit is not part of the property', 'rentalUnitId');
          }
          patch.rentalUnitId = input.rentalUnitId;
          changed.push('unit');
        }
        if (input.dueDate !== undefined) {
          patch.dueAt = input.dueDate ? new Date(input.dueDate) : null;
          patch.overdueNotifiedAt = null;
          changed.push('due date');
        }
        if (input.watcherIds !== undefined) {
          const wanted = [...new Set(input.watcherIds)];
          const members = new Set((await activeMembers(tx, ctx.companyId, wanted)).map((m) => m.userId));
          if (wanted.some((w) => !members.has(w)))
            throw badRequest('Watchers must be active members of the company', 'watcherIds');
          patch.watcherIds = wanted;
          changed.push('watchers');
        }
        if (changed.length) {
          const txRepo = createMaintenanceRepo(tx);
          await txRepo.update(ctx.companyId, id, patch);
          await txRepo.addEvents([
            {
              companyId: ctx.companyId,
              requestId: id,
              kind: input.watcherIds !== undefined && changed.length === 1 ? 'watchers' : 'updated',
              visibility: 'internal',
              authorType: 'staff',
              authorUserId: ctx.userId,
              authorName: fullName(ctx.user),
              data: { fields: changed },
            },
          ]);
        }
        return { row: { ...current, ...patch } as RequestRow, changed };
      });
      if (changed.length) await notify.changed(row, `Changed: ${changed.join(', ')}`, ctx.userId);
      return staffDto(ctx.companyId, id);
    },

    async assign(ctx: CompanyContext, id: string, userId: string | null): Promise<MaintenanceRequestDto> {
      const row = await db.transaction(async (tx) => {
        const current = await lockInScope(tx, ctx.companyId, id);
        if (['resolved', 'closed', 'cancelled'].includes(current.status)) {
          throw conflict(
            `A ${MAINTENANCE_STATUS_LABELS[current.status].toLowerCase()} request cannot be reassigned`,
          );
        }
        if (userId) {
          const [eligible] = await eligibleMembers(tx, ctx.companyId, [userId]);
          if (!eligible)
            throw badRequest('Assignees must be active members who may work maintenance requests', 'userId');
        }
        if (userId === current.assigneeId) return current;
        const status: MaintenanceStatus =
          userId && current.status === 'open'
            ? 'assigned'
            : !userId && current.status === 'assigned'
              ? 'open'
              : current.status;
        const now = new Date();
        const patch: Partial<RequestRow> = { assigneeId: userId, assignedAt: userId ? now : null, status };
        const txRepo = createMaintenanceRepo(tx);
        await txRepo.update(ctx.companyId, id, patch);
        await txRepo.addEvents([
          {
            companyId: ctx.companyId,
            requestId: id,
            kind: 'assigned',
            visibility: 'public',
            authorType: 'staff',
            authorUserId: ctx.userId,
            authorName: fullName(ctx.user),
            fromStatus: current.status,
            toStatus: status,
            data: { assigneeId: userId, previousAssigneeId: current.assigneeId },
          },
        ]);
        return { ...current, ...patch } as RequestRow;
      });
      if (row.assigneeId) await notify.assigned(row, ctx.userId);
      return staffDto(ctx.companyId, id);
    },

    async setStatus(ctx: CompanyContext, id: string, status: MaintenanceStatus, notes?: string) {
      await changeStatus(ctx.companyId, id, status, notes, actorOfStaff(ctx));
      return staffDto(ctx.companyId, id);
    },

    async comment(ctx: CompanyContext, id: string, comment: string) {
      await addComment(ctx.companyId, id, comment, actorOfStaff(ctx));
      return staffDto(ctx.companyId, id);
    },

    /** Internal notes: staff-only, never in a tenant, portal or public view. */
    async note(ctx: CompanyContext, id: string, note: string) {
      const row = await db.transaction(async (tx) => {
        const locked = await lockInScope(tx, ctx.companyId, id);
        const txRepo = createMaintenanceRepo(tx);
        await txRepo.addEvents([
          {
            companyId: ctx.companyId,
            requestId: id,
            kind: 'note',
            visibility: 'internal',
            authorType: 'staff',
            authorUserId: ctx.userId,
            authorName: fullName(ctx.user),
            body: note,
          },
        ]);
        await txRepo.update(ctx.companyId, id, {});
        return locked;
      });
      await notify.changed(row, `${fullName(ctx.user)} added an internal note`, ctx.userId);
      return staffDto(ctx.companyId, id);
    },

    async media(ctx: CompanyContext, id: string, request: FastifyRequest) {
      await addMedia(ctx.companyId, id, request, actorOfStaff(ctx));
      return staffDto(ctx.companyId, id);
    },

    /**
     * Statistics of a large company (STATS_CACHE_MIN_TOTAL requests or more) are served from this process's memory for
     * STATS_CACHE_MS: they aggregate every request, and a dashboard needs them fresh to the half minute, not the
     * millisecond. Smaller companies (and so the tests) always get them fresh.
     */
    async stats(ctx: CompanyContext): Promise<MaintenanceStatsDto> {
      const cached = statsCache.get(ctx.companyId);
      if (cached && Date.now() - cached.at < STATS_CACHE_MS) return cached.value;
      const value = await this.freshStats(ctx);
      if (value.total >= STATS_CACHE_MIN_TOTAL) {
        if (statsCache.size >= 1000) statsCache.clear();
        statsCache.set(ctx.companyId, { at: Date.now(), value });
      } else {
        statsCache.delete(ctx.companyId);
      }
      return value;
    },

    async freshStats(ctx: CompanyContext): Promise<MaintenanceStatsDto> {
      const now = new Date();
      const raw = await repo.stats(ctx.companyId, now);
      const tally = <K extends string>(keys: readonly K[], rows: { key: string; total: number }[]) =>
        Object.fromEntries(
          keys.map((key) => [key, rows.find((row) => row.key === key)?.total ?? 0]),
        ) as Record<K, number>;
      const byStatus = tally(MAINTENANCE_STATUSES, raw.byStatus);
      const months: MaintenanceStatsDto['byMonth'] = [];
      for (let i = 0; i < 12; i++) {
        const date = new Date(Date.UTC(raw.since.getUTCFullYear(), raw.since.getUTCMonth() + i, 1));
        const month = date.toISOString().slice(0, 7);
        months.push({
          month,
          created: raw.created.find((row) => row.month === month)?.total ?? 0,
          resolved: raw.resolved.find((row) => row.month === month)?.total ?? 0,
        });
      }
      const hours = (seconds: number | null | undefined) =>
        seconds === null || seconds === undefined ? null : Math.round((Number(seconds) / 3600) * 10) / 10;
      return {
        total: Object.values(byStatus).reduce((sum, n) => sum + n, 0),
        open: byStatus.open + byStatus.assigned + byStatus.in_progress + byStatus.on_hold,
        overdue: raw.summary?.overdue ?? 0,
        byStatus,
        byPriority: tally(MAINTENANCE_PRIORITIES, raw.byPriority),
        bySource: tally(MAINTENANCE_SOURCES, raw.bySource),
        byType: raw.byType.map((row) => ({
          typeId: row.typeId,
          name: row.name ?? 'No type',
          count: row.total,
        })),
        averageResolutionHours: hours(raw.summary?.average),
        p90ResolutionHours: hours(raw.summary?.p90),
        byMonth: months,
      };
    },

    /** Staff may serve a media file by its signed link only. */
    async mediaFile(mediaId: string, exp: number | undefined, sig: string | undefined) {
      if (!signer.verify(mediaId, exp, sig)) {
        throw new AppError('FORBIDDEN', 'This link has expired or is not valid');
      }
      const row = await repo.mediaById(mediaId);
      if (!row) throw notFound('File');
      const file = await storage.read(row.storageKey);
      if (!file) throw notFound('File');
      return { media: row, file };
    },

    /** Overdue reminders (the `maintenance.overdue` job): each overdue request once, until its due date moves. */
    async remindOverdue(now = new Date()): Promise<number> {
      const due = await repo.dueReminders(now);
      for (const row of due) {
        await repo.markReminded(row.companyId, row.id, now);
        await notify.overdue(row);
      }
      return due.length;
    },

    allowedStatuses,
  };
}

export type MaintenanceRequestsService = ReturnType<typeof createMaintenanceRequestsService>;
