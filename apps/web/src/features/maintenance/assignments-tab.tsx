import {
  type AssignmentDto,
  type AssignmentSettings,
  ZAssignmentSaveBody,
  ZUserIdBody,
} from '@rentora/shared';
import { Eye, Plus, UserMinus, Users, X } from 'lucide-react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Select } from '../../components/field';
import { SkeletonList } from '../../components/skeleton';
import { Switch } from '../../components/switch';
import { apiErrorMessage } from '../../lib/api-client';
import { usePermissions } from '../auth/use-permissions';
import { AddChoiceForm } from './add-choice-form';
import {
  MAINTENANCE_FALLBACKS,
  maintenanceApi,
  useAssignableUsers,
  useAssignments,
  useCompanyId,
  useConfigMutation,
  useMaintenanceTypes,
} from './maintenance.api';

/** Per type: assignees (active or paused), watchers and the auto-assignment settings. */
export function AssignmentsTab() {
  const companyId = useCompanyId();
  const permissions = usePermissions();
  const canAssign = permissions.canUseFeature('maintenance_assign');
  const assignments = useAssignments();
  const types = useMaintenanceTypes();
  const create = useConfigMutation(
    (type: string) =>
      maintenanceApi.saveAssignment({ companyId, maintenanceType: type, assignees: [], watchers: [] }),
    MAINTENANCE_FALLBACKS.saveAssignment,
  );

  if (assignments.isError) {
    return (
      <ErrorState
        message={apiErrorMessage(assignments.error, MAINTENANCE_FALLBACKS.fetchAssignments)}
        onRetry={() => void assignments.refetch()}
      />
    );
  }
  if (assignments.isLoading) return <SkeletonList rows={3} />;
  const rows = assignments.data ?? [];
  const unassignedTypes = (types.data ?? []).filter(
    (t) => !rows.some((a) => a.maintenanceType._id === t._id),
  );

  return (
    <div className="space-y-4">
      {canAssign && unassignedTypes.length ? (
        <AddChoiceForm
          className="flex flex-wrap items-center gap-2"
          selectClassName="w-64"
          label="Type to set up"
          placeholder="Set up a type…"
          options={unassignedTypes.map((t) => ({ value: t.key, label: t.name }))}
          rule={ZAssignmentSaveBody.shape.maintenanceType}
          icon={<Plus className="h-4 w-4" aria-hidden />}
          loading={create.isPending}
          onAdd={(type, done) => create.mutate(type, { onSuccess: done })}
        >
          Add assignment
        </AddChoiceForm>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState
          icon={Users}
          title="No assignments yet"
          description="Choose who works each type of request, who watches it, and whether new requests are assigned automatically."
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {rows.map((assignment) => (
            <AssignmentCard key={assignment._id} assignment={assignment} canAssign={canAssign} />
          ))}
        </div>
      )}
    </div>
  );
}

function AssignmentCard({ assignment, canAssign }: { assignment: AssignmentDto; canAssign: boolean }) {
  const people = useAssignableUsers(canAssign);
  const id = assignment._id;
  const settings = useConfigMutation(
    (patch: Partial<AssignmentSettings>) => maintenanceApi.updateSettings(id, patch),
    MAINTENANCE_FALLBACKS.updateSettings,
  );
  const addAssignee = useConfigMutation(
    (userId: string) => maintenanceApi.addAssignee(id, userId),
    MAINTENANCE_FALLBACKS.addAssignee,
  );
  const removeAssignee = useConfigMutation(
    (userId: string) => maintenanceApi.removeAssignee(id, userId),
    MAINTENANCE_FALLBACKS.removeAssignee,
  );
  const setActive = useConfigMutation(
    (args: { userId: string; isActive: boolean }) =>
      maintenanceApi.setAssigneeActive(id, args.userId, args.isActive),
    MAINTENANCE_FALLBACKS.updateAssigneeStatus,
  );
  const addWatcher = useConfigMutation(
    (userId: string) => maintenanceApi.addWatcher(id, userId),
    MAINTENANCE_FALLBACKS.addWatcher,
  );
  const removeWatcher = useConfigMutation(
    (userId: string) => maintenanceApi.removeWatcher(id, userId),
    MAINTENANCE_FALLBACKS.removeWatcher,
  );
  const candidates = (people.data ?? []).filter((p) => !assignment.assignees.some((a) => a.userId === p._id));
  const watcherCandidates = (people.data ?? []).filter(
    (p) => !assignment.watchers.some((w) => w._id === p._id),
  );

  return (
    <Card className="p-5" aria-label={`${assignment.maintenanceType.name} assignment`}>
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 className="text-base font-semibold text-slate-900">{assignment.maintenanceType.name}</h3>
          <p className="text-xs text-slate-500">
            {assignment.settings.autoAssign
              ? `Auto-assigns ${assignment.settings.strategy === 'round_robin' ? 'in turn (round robin)' : 'to the least busy'}`
              : 'Manual assignment'}
          </p>
        </div>
        {!assignment.maintenanceType.isActive ? <Badge tone="warning">Type inactive</Badge> : null}
      </div>

      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <Switch
          checked={assignment.settings.autoAssign}
          onChange={(autoAssign) => settings.mutate({ autoAssign })}
          label="Auto-assign new requests"
          text="Auto-assign"
          disabled={!canAssign}
          busy={settings.isPending}
        />
        <Switch
          checked={assignment.settings.notifyWatchers}
          onChange={(notifyWatchers) => settings.mutate({ notifyWatchers })}
          label="Notify watchers of every change"
          text="Notify watchers"
          disabled={!canAssign}
          busy={settings.isPending}
        />
        <Select
          aria-label="Strategy"
          value={assignment.settings.strategy}
          disabled={!canAssign}
          onChange={(e) => settings.mutate({ strategy: e.target.value as AssignmentSettings['strategy'] })}
        >
          <option value="round_robin">Round robin</option>
          <option value="least_open">Fewest open requests</option>
        </Select>
      </div>

      <h4 className="mt-5 text-xs font-semibold uppercase tracking-wide text-slate-500">Assignees</h4>
      <ul className="mt-2 space-y-2">
        {assignment.assignees.length === 0 ? <li className="text-sm text-slate-500">Nobody yet.</li> : null}
        {assignment.assignees.map((a) => (
          <li
            key={a.userId}
            className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2"
          >
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-slate-800">{a.name}</span>
              <span className="text-xs text-slate-500">{a.openCount} open</span>
            </span>
            <span className="flex items-center gap-1">
              <Switch
                checked={a.isActive}
                onChange={(isActive) => setActive.mutate({ userId: a.userId, isActive })}
                label={`${a.isActive ? 'Pause' : 'Resume'} ${a.name}`}
                disabled={!canAssign}
              />
              {canAssign ? (
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Remove ${a.name}`}
                  onClick={() => removeAssignee.mutate(a.userId)}
                >
                  <UserMinus className="h-4 w-4" aria-hidden />
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {canAssign && candidates.length ? (
        <AddChoiceForm
          className="mt-2 flex gap-2"
          label="Add assignee"
          placeholder="Add an assignee…"
          options={candidates.map((p) => ({
            value: p._id,
            label: `${p.name} (${p.role.replace(/_/g, ' ')})`,
          }))}
          rule={ZUserIdBody.shape.userId}
          variant="outline"
          onAdd={(userId, done) => addAssignee.mutate(userId, { onSuccess: done })}
        >
          Add
        </AddChoiceForm>
      ) : null}

      <h4 className="mt-5 flex items-center gap-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
        <Eye className="h-3.5 w-3.5" aria-hidden />
        Watchers
      </h4>
      <ul className="mt-2 flex flex-wrap gap-2">
        {assignment.watchers.length === 0 ? <li className="text-sm text-slate-500">No watchers.</li> : null}
        {assignment.watchers.map((w) => (
          <li
            key={w._id}
            className="inline-flex items-center rounded-full bg-slate-100 pl-3 text-sm text-slate-700"
          >
            {w.name}
            {canAssign ? (
              <button
                type="button"
                className="rounded-full p-1.5 text-slate-400 hover:text-red-600"
                aria-label={`Remove watcher ${w.name}`}
                onClick={() => removeWatcher.mutate(w._id)}
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            ) : (
              <span className="pr-3" />
            )}
          </li>
        ))}
      </ul>
      {canAssign && watcherCandidates.length ? (
        <AddChoiceForm
          className="mt-2 flex gap-2"
          label="Add watcher"
          placeholder="Add a watcher…"
          options={watcherCandidates.map((p) => ({ value: p._id, label: p.name }))}
          rule={ZUserIdBody.shape.userId}
          variant="outline"
          onAdd={(userId, done) => addWatcher.mutate(userId, { onSuccess: done })}
        >
          Add
        </AddChoiceForm>
      ) : null}
    </Card>
  );
}
