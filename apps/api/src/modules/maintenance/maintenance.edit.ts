import {
  MAINTENANCE_STATUS_LABELS,
  type MaintenanceRequestDto,
  type MaintenanceRequestUpdateBody,
  type MaintenanceStatus,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import { badRequest, conflict } from '../../core/errors';
import { emitEvent } from '../../core/events';
import type { Db } from '../../db/client';
import { lockInScope } from './maintenance.actors';
import { activeMembers, eligibleMembers, fullName } from './maintenance.members';
import type { MaintenanceNotifications } from './maintenance.notify';
import { createMaintenanceRepo, type RequestRow } from './maintenance.repo';
import { findTypeByRef } from './maintenance.types';
import type { RequestViews } from './maintenance.views';

/** Staff edits of a request: its fields, due date and watchers, and who it is assigned to. */
export function requestEdits(deps: { db: Db; notify: MaintenanceNotifications }, views: RequestViews) {
  const { db, notify } = deps;

  return {
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
            const unit = await createMaintenanceRepo(tx).unitOfProperty(
              ctx.companyId,
              current.propertyId,
              input.rentalUnitId,
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
      return views.staffDto(ctx.companyId, id);
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
        if (status !== current.status)
          await emitEvent(tx, {
            companyId: ctx.companyId,
            type: 'maintenance.status_changed',
            data: {
              requestId: id,
              number: current.number,
              fromStatus: current.status,
              toStatus: status,
              note: null,
            },
          });
        return { ...current, ...patch } as RequestRow;
      });
      if (row.assigneeId) await notify.assigned(row, ctx.userId);
      return views.staffDto(ctx.companyId, id);
    },
  };
}
