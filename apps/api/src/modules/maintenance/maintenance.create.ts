import type {
  MaintenancePriority,
  MaintenanceRequestCreateBody,
  MaintenanceRequestDto,
  MaintenanceSource,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import { badRequest } from '../../core/errors';
import { emitEvent } from '../../core/events';
import type { Db, Tx } from '../../db/client';
import { type Actor, actorOfStaff } from './maintenance.actors';
import { pickAssignee } from './maintenance.assignments';
import { activeMembers, eligibleMembers, fullName } from './maintenance.members';
import type { MaintenanceNotifications } from './maintenance.notify';
import { createMaintenanceRepo, type RequestRow } from './maintenance.repo';
import type { MaintenanceTypesService } from './maintenance.types';
import type { RequestViews } from './maintenance.views';

const HOUR_MS = 3_600_000;

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

/**
 * Filing a request, by staff or (through `create` and `createInTx`) by tenants, portals and public forms: the request's
 * number, its type's SLA, auto-assignment and watchers, and its first timeline events.
 */
export function requestCreation(
  deps: { db: Db; types: MaintenanceTypesService; notify: MaintenanceNotifications },
  views: RequestViews,
) {
  const { db, types, notify } = deps;

  /** Creates a request inside the caller's transaction: number, type's SLA, auto-assignment, first events. */
  async function createInTx(tx: Tx, input: CreateRequestInput): Promise<RequestRow> {
    const txRepo = createMaintenanceRepo(tx);
    const type = await types.requireActiveRef(tx, input.companyId, input.type);
    const property = await txRepo.propertyOf(input.companyId, input.propertyId);
    if (!property) throw badRequest('Unknown property', 'propertyId');
    if (input.rentalUnitId) {
      const unit = await txRepo.unitOfProperty(input.companyId, input.propertyId, input.rentalUnitId);
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
    await emitEvent(tx, {
      companyId: input.companyId,
      type: 'maintenance.created',
      data: {
        requestId: row.id,
        number: row.number,
        title: row.title,
        status: row.status,
        priority: row.priority,
        source: row.source,
        propertyId: row.propertyId,
        rentalUnitId: row.rentalUnitId,
        tenantId: row.tenantId,
        assigneeId: row.assigneeId,
        dueAt: row.dueAt,
      },
    });
    return row;
  }

  async function create(input: CreateRequestInput): Promise<RequestRow> {
    const row = await db.transaction((tx) => createInTx(tx, input));
    if (row.assigneeId) await notify.assigned(row, input.actor.userId);
    return row;
  }

  return {
    createInTx,
    create,

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
      return views.staffDto(ctx.companyId, row.id);
    },
  };
}
