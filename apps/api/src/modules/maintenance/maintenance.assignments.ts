import {
  type AssignmentDto,
  type AssignmentSaveBody,
  type AssignmentSettings,
  type AvailableUserDto,
  DEFAULT_ASSIGNMENT_SETTINGS,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { badRequest, conflict, notFound } from '../../core/errors';
import { iso } from '../../core/http';
import type { DbOrTx, Tx } from '../../db/client';
import type { AssignmentAssignee } from '../../db/schema';
import { type AssignmentRow, createMaintenanceAssignmentsRepo } from './maintenance.assignments.repo';
import { activeMembers, eligibleMembers, openCounts, peopleByIds } from './maintenance.members';
import { assertOwnCompany, findTypeByRef } from './maintenance.types';

type TypeSummary = { id: string; name: string; key: string; isActive: boolean };

async function toDtos(
  db: DbOrTx,
  companyId: string,
  rows: { assignment: AssignmentRow; typeName: string; typeKey: string; typeActive: boolean }[],
): Promise<AssignmentDto[]> {
  const userIds = rows.flatMap((row) => [
    ...row.assignment.assignees.map((a) => a.userId),
    ...row.assignment.watchers,
  ]);
  const [people, open] = await Promise.all([
    peopleByIds(db, userIds),
    openCounts(
      db,
      companyId,
      rows.flatMap((row) => row.assignment.assignees.map((a) => a.userId)),
    ),
  ]);
  return rows.map(({ assignment, typeName, typeKey, typeActive }) => ({
    _id: assignment.id,
    company: assignment.companyId,
    maintenanceType: { _id: assignment.typeId, name: typeName, key: typeKey, isActive: typeActive },
    isActive: assignment.isActive,
    assignees: assignment.assignees.map((a) => ({
      userId: a.userId,
      isActive: a.isActive,
      name: people.get(a.userId)?.name ?? 'Former member',
      email: people.get(a.userId)?.email ?? '',
      openCount: open.get(a.userId) ?? 0,
    })),
    watchers: assignment.watchers.map((userId) => ({
      _id: userId,
      name: people.get(userId)?.name ?? 'Former member',
      email: people.get(userId)?.email ?? '',
    })),
    settings: assignment.settings,
    createdAt: iso(assignment.createdAt),
    updatedAt: iso(assignment.updatedAt),
  }));
}

/**
 * Picks the assignee of a new request of `typeId` by the assignment's strategy, inside the create transaction
 * (the assignment row is locked, so concurrent creates take turns). Null when auto-assignment is off or nobody
 * active may take it. Also answers the watchers the request starts with.
 */
export async function pickAssignee(
  tx: Tx,
  companyId: string,
  typeId: string,
  choose = true,
): Promise<{ assigneeId: string | null; watcherIds: string[]; slaHours: number | null }> {
  const assignments = createMaintenanceAssignmentsRepo(tx);
  const assignment = await assignments.lockByType(companyId, typeId);
  if (!assignment?.isActive) return { assigneeId: null, watcherIds: [], slaHours: null };
  const { settings } = assignment;
  const watcherIds = settings.notifyWatchers
    ? (await activeMembers(tx, companyId, assignment.watchers)).map((m) => m.userId)
    : [];
  if (!settings.autoAssign || !choose) return { assigneeId: null, watcherIds, slaHours: settings.slaHours };
  const listed = assignment.assignees.filter((a) => a.isActive).map((a) => a.userId);
  const eligible = new Set((await eligibleMembers(tx, companyId, listed)).map((m) => m.userId));
  const candidates = listed.filter((userId) => eligible.has(userId));
  if (candidates.length === 0) return { assigneeId: null, watcherIds, slaHours: settings.slaHours };
  let chosen: string;
  if (settings.strategy === 'least_open') {
    const open = await openCounts(tx, companyId, candidates);
    chosen = candidates.reduce((best, userId) =>
      (open.get(userId) ?? 0) < (open.get(best) ?? 0) ? userId : best,
    );
  } else {
    const last = assignment.lastAssignedUserId ? listed.indexOf(assignment.lastAssignedUserId) : -1;
    // The next candidate after the last one in list order (wrapping), skipping inactive or ineligible people.
    const ordered = [...listed.slice(last + 1), ...listed.slice(0, last + 1)];
    chosen = ordered.find((userId) => eligible.has(userId)) ?? candidates[0]!;
  }
  await assignments.update(companyId, assignment.id, { lastAssignedUserId: chosen });
  return { assigneeId: chosen, watcherIds, slaHours: settings.slaHours };
}

export function createMaintenanceAssignmentsService(deps: Pick<AppDeps, 'db'>) {
  const { db } = deps;

  const repo = createMaintenanceAssignmentsRepo(db);

  async function dtoOf(tx: DbOrTx, companyId: string, id: string): Promise<AssignmentDto> {
    const rows = await createMaintenanceAssignmentsRepo(tx).withTypeById(companyId, id);
    if (rows.length === 0) throw notFound('Assignment');
    return (await toDtos(tx, companyId, rows))[0]!;
  }

  /** Locks and returns the assignment; runs `change` on it and stores what it returns. */
  async function mutate(
    ctx: CompanyContext,
    id: string,
    change: (row: AssignmentRow, tx: Tx) => Promise<Partial<AssignmentRow>>,
  ): Promise<AssignmentDto> {
    return db.transaction(async (tx) => {
      const txRepo = createMaintenanceAssignmentsRepo(tx);
      const row = await txRepo.lock(ctx.companyId, id);
      if (!row) throw notFound('Assignment');
      const patch = await change(row, tx);
      await txRepo.update(ctx.companyId, id, { ...patch, updatedAt: new Date() });
      return dtoOf(tx, ctx.companyId, id);
    });
  }

  async function requireEligible(tx: DbOrTx, companyId: string, userIds: readonly string[], path: string) {
    const eligible = new Set((await eligibleMembers(tx, companyId, userIds)).map((m) => m.userId));
    const missing = userIds.find((userId) => !eligible.has(userId));
    if (missing) {
      throw badRequest('Assignees must be active members who may work maintenance requests', path);
    }
  }

  async function requireMembers(tx: DbOrTx, companyId: string, userIds: readonly string[], path: string) {
    const members = new Set((await activeMembers(tx, companyId, userIds)).map((m) => m.userId));
    if (userIds.some((userId) => !members.has(userId))) {
      throw badRequest('Watchers must be active members of the company', path);
    }
  }

  return {
    async list(ctx: CompanyContext, companyId: string, isActive?: boolean): Promise<AssignmentDto[]> {
      assertOwnCompany(ctx, companyId);
      const rows = await repo.list(companyId, isActive);
      return toDtos(db, companyId, rows);
    },

    async byType(ctx: CompanyContext, companyId: string, typeRef: string): Promise<AssignmentDto> {
      assertOwnCompany(ctx, companyId);
      const type = await findTypeByRef(db, companyId, typeRef);
      if (!type) throw notFound('Maintenance type');
      const rows = await repo.withTypeByType(companyId, type.id);
      if (rows.length === 0) throw notFound('Assignment');
      return (await toDtos(db, companyId, rows))[0]!;
    },

    /** Creates the type's assignment or replaces its assignees, watchers and (given) settings. */
    async save(ctx: CompanyContext, input: AssignmentSaveBody): Promise<AssignmentDto> {
      assertOwnCompany(ctx, input.companyId);
      return db.transaction(async (tx) => {
        const type: TypeSummary | undefined = await findTypeByRef(tx, ctx.companyId, input.maintenanceType);
        if (!type) throw badRequest('Unknown maintenance type', 'maintenanceType');
        const now = new Date().toISOString();
        const assignees: AssignmentAssignee[] = [];
        for (const entry of input.assignees) {
          const item = typeof entry === 'string' ? { userId: entry, isActive: true } : entry;
          if (!assignees.some((a) => a.userId === item.userId)) assignees.push({ ...item, addedAt: now });
        }
        const watchers = [...new Set(input.watchers)];
        await requireEligible(
          tx,
          ctx.companyId,
          assignees.map((a) => a.userId),
          'assignees',
        );
        await requireMembers(tx, ctx.companyId, watchers, 'watchers');
        const txRepo = createMaintenanceAssignmentsRepo(tx);
        const existing = await txRepo.lockByType(ctx.companyId, type.id);
        if (existing) {
          const kept = new Map(existing.assignees.map((a) => [a.userId, a.addedAt]));
          await txRepo.update(ctx.companyId, existing.id, {
            assignees: assignees.map((a) => ({ ...a, addedAt: kept.get(a.userId) ?? a.addedAt })),
            watchers,
            settings: { ...existing.settings, ...input.settings },
            ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
            updatedAt: new Date(),
          });
          return dtoOf(tx, ctx.companyId, existing.id);
        }
        const created = await txRepo.insert({
          companyId: ctx.companyId,
          typeId: type.id,
          assignees,
          watchers,
          settings: { ...DEFAULT_ASSIGNMENT_SETTINGS, ...input.settings },
          isActive: input.isActive ?? true,
        });
        return dtoOf(tx, ctx.companyId, created!.id);
      });
    },

    updateSettings(ctx: CompanyContext, id: string, settings: Partial<AssignmentSettings>) {
      return mutate(ctx, id, async (row) => ({ settings: { ...row.settings, ...settings } }));
    },

    addAssignee(ctx: CompanyContext, id: string, userId: string) {
      return mutate(ctx, id, async (row, tx) => {
        if (row.assignees.some((a) => a.userId === userId))
          throw conflict('This person is already an assignee');
        await requireEligible(tx, ctx.companyId, [userId], 'userId');
        return {
          assignees: [...row.assignees, { userId, isActive: true, addedAt: new Date().toISOString() }],
        };
      });
    },

    removeAssignee(ctx: CompanyContext, id: string, userId: string) {
      return mutate(ctx, id, async (row) => {
        if (!row.assignees.some((a) => a.userId === userId)) throw notFound('Assignee');
        return { assignees: row.assignees.filter((a) => a.userId !== userId) };
      });
    },

    setAssigneeActive(ctx: CompanyContext, id: string, userId: string, isActive: boolean) {
      return mutate(ctx, id, async (row) => {
        if (!row.assignees.some((a) => a.userId === userId)) throw notFound('Assignee');
        return { assignees: row.assignees.map((a) => (a.userId === userId ? { ...a, isActive } : a)) };
      });
    },

    addWatcher(ctx: CompanyContext, id: string, userId: string) {
      return mutate(ctx, id, async (row, tx) => {
        if (row.watchers.includes(userId)) throw conflict('This person is already a watcher');
        await requireMembers(tx, ctx.companyId, [userId], 'userId');
        return { watchers: [...row.watchers, userId] };
      });
    },

    removeWatcher(ctx: CompanyContext, id: string, userId: string) {
      return mutate(ctx, id, async (row) => {
        if (!row.watchers.includes(userId)) throw notFound('Watcher');
        return { watchers: row.watchers.filter((w) => w !== userId) };
      });
    },

    /** Active members who may work maintenance and are not yet assignees of this assignment. */
    async availableUsers(ctx: CompanyContext, id: string): Promise<AvailableUserDto[]> {
      const row = await repo.assigneesOf(ctx.companyId, id);
      if (!row) throw notFound('Assignment');
      const taken = new Set(row.assignees.map((a) => a.userId));
      return (await eligibleMembers(db, ctx.companyId))
        .filter((m) => !taken.has(m.userId))
        .map((m) => ({ _id: m.userId, name: m.name, email: m.email, role: m.role }));
    },

    /** Everyone who may be assigned a request (the assign picker). */
    async assignableUsers(ctx: CompanyContext): Promise<AvailableUserDto[]> {
      return (await eligibleMembers(db, ctx.companyId)).map((m) => ({
        _id: m.userId,
        name: m.name,
        email: m.email,
        role: m.role,
      }));
    },
  };
}
