import type { AppDeps } from '../../core/app-deps';
import { createMediaSigner } from '../../core/media';
import { requestCreation } from './maintenance.create';
import { allowedStatuses } from './maintenance.dto';
import { requestEdits } from './maintenance.edit';
import { requestLists } from './maintenance.lists';
import { createMaintenanceNotifications, type EventLog } from './maintenance.notify';
import { createMaintenanceRepo } from './maintenance.repo';
import { requestStatistics } from './maintenance.stats';
import { requestTimeline } from './maintenance.timeline';
import type { MaintenanceTypesService } from './maintenance.types';
import { createRequestViews } from './maintenance.views';

export { type Actor, actorOfStaff, type Scope } from './maintenance.actors';
export type { CreateRequestInput } from './maintenance.create';
export { canWorkMaintenance, fullName } from './maintenance.members';
export { STATS_CACHE_MIN_TOTAL, STATS_CACHE_MS } from './maintenance.stats';

/** Maintenance requests: filing, the staff list and statistics, edits, the timeline, overdue reminders. */
type Deps = Pick<AppDeps, 'db' | 'storage' | 'config' | 'notifier' | 'mailer'> & {
  types: MaintenanceTypesService;
};

export function createMaintenanceRequestsService(deps: Deps, log?: EventLog) {
  const { db, storage, config } = deps;
  const repo = createMaintenanceRepo(db);
  const { types } = deps;
  const notify = createMaintenanceNotifications(deps, log);
  const signer = createMediaSigner(config.jwtSecret);
  const views = createRequestViews(db, repo, signer);
  const creation = requestCreation({ db, types, notify }, views);
  const timeline = requestTimeline({ db, storage, config, repo, notify, signer }, views);

  return {
    signer,
    notify,
    staffDto: views.staffDto,
    publicDtos: views.publicDtos,
    ...creation,
    ...requestLists({ db, repo }, views),
    ...requestEdits({ db, notify }, views),
    ...timeline,
    ...requestStatistics(repo),

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

    /** A request assigned to the person, in its public shape (no internal notes); undefined when it is not theirs. */
    async publicDtoOfAssigned(companyId: string, id: string, assigneeId: string) {
      const row = await repo.find(companyId, id);
      if (!row || row.request.assigneeId !== assigneeId) return undefined;
      const [dto] = await views.publicDtos([row]);
      return dto;
    },

    /** The requests assigned to the person, in their public shape: the open ones and those finished lately. */
    async publicDtosOfAssignee(companyId: string, userId: string) {
      return views.publicDtos(await repo.forAssignee(companyId, userId));
    },
  };
}

export type MaintenanceRequestsService = ReturnType<typeof createMaintenanceRequestsService>;
