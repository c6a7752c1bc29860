import type { CompanyContext } from '../../core/access';
import { notFound } from '../../core/errors';
import type { Tx } from '../../db/client';
import { fullName } from './maintenance.members';
import { createMaintenanceRepo, type RequestRow } from './maintenance.repo';

/** Who does something to a request; the timeline records it. */
export interface Actor {
  type: 'staff' | 'tenant' | 'public' | 'assignee' | 'system';
  userId: string | null;
  name: string;
}

/** Limits what a caller may do to a request it reaches by a restricted route (portal, tenant). */
export interface Scope {
  assigneeId?: string;
  requesterUserId?: string;
}

export function actorOfStaff(ctx: CompanyContext): Actor {
  return { type: 'staff', userId: ctx.userId, name: fullName(ctx.user) };
}

export function inScope(row: RequestRow, scope: Scope | undefined): boolean {
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

/** Locks the request for the transaction; 404 when it is not the company's or out of the caller's scope. */
export async function lockInScope(tx: Tx, companyId: string, id: string, scope?: Scope): Promise<RequestRow> {
  const row = await createMaintenanceRepo(tx).lock(companyId, id);
  if (!row || !inScope(row, scope)) throw notFound('Maintenance request');
  return row;
}
