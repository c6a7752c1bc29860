import { zodResolver } from '@hookform/resolvers/zod';
import { type CompanyUserGoalDto, GOAL_STATUSES, ZCompanyUserGoalCreateBody } from '@rentora/shared';
import { Pencil, Plus, Target, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { Field, FormError, Input, Select, Textarea } from '../../components/field';
import { emptyToNull, numberOrNull, numberOrUndefined } from '../../components/form-values';
import { ProgressBar } from '../../components/progress-bar';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, humanize } from '../../lib/format';
import { toast } from '../../lib/toast';
import { COMPANY_USER_ACTION_MESSAGES, useAddGoal, useDeleteGoal, useUpdateGoal } from './company-users.api';

const STATUS_TONES: Record<CompanyUserGoalDto['status'], BadgeTone> = {
  not_started: 'neutral',
  in_progress: 'info',
  completed: 'success',
  cancelled: 'danger',
};

type GoalFormInput = z.input<typeof ZCompanyUserGoalCreateBody>;

/** Performance goals of a member: progress, status, due date; add, edit, delete. */
export function GoalsPanel({
  memberId,
  goals,
  editable,
}: {
  memberId: string;
  goals: CompanyUserGoalDto[];
  editable: boolean;
}) {
  const [editing, setEditing] = useState<CompanyUserGoalDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CompanyUserGoalDto | null>(null);
  const remove = useDeleteGoal(memberId);

  return (
    <div className="space-y-4">
      {editable ? (
        <div className="flex justify-end">
          <Button size="sm" icon={<Plus className="h-4 w-4" aria-hidden />} onClick={() => setEditing('new')}>
            Add goal
          </Button>
        </div>
      ) : null}
      {goals.length === 0 ? (
        <EmptyState
          icon={Target}
          title="No goals yet"
          description="Set targets such as leases signed or requests resolved."
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {goals.map((goal) => {
            const percent = goal.targetValue
              ? (goal.currentValue / goal.targetValue) * 100
              : goal.status === 'completed'
                ? 100
                : 0;
            return (
              <li key={goal._id}>
                <Card className="h-full p-4">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900">{goal.title}</p>
                      {goal.description ? (
                        <p className="mt-0.5 text-sm text-slate-500">{goal.description}</p>
                      ) : null}
                    </div>
                    <Badge tone={STATUS_TONES[goal.status]} className="shrink-0 capitalize">
                      {humanize(goal.status)}
                    </Badge>
                  </div>
                  <div className="mt-4">
                    <div className="mb-1 flex justify-between text-xs text-slate-500">
                      <span>
                        {goal.currentValue.toLocaleString('en-IN')}
                        {goal.targetValue !== null ? ` of ${goal.targetValue.toLocaleString('en-IN')}` : ''}{' '}
                        {goal.unit ?? ''}
                      </span>
                      <span>{goal.dueDate ? `Due ${formatDate(goal.dueDate)}` : 'No due date'}</span>
                    </div>
                    <ProgressBar value={percent} label={`Progress of ${goal.title}`} />
                  </div>
                  {editable ? (
                    <div className="mt-3 flex justify-end gap-1">
                      <Button
                        size="sm"
                        variant="ghost"
                        icon={<Pencil className="h-4 w-4" aria-hidden />}
                        onClick={() => setEditing(goal)}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-600 hover:bg-red-50"
                        icon={<Trash2 className="h-4 w-4" aria-hidden />}
                        onClick={() => setDeleting(goal)}
                      >
                        Delete
                      </Button>
                    </div>
                  ) : null}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {editing ? (
        <GoalDialog
          memberId={memberId}
          goal={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this goal?"
        description={deleting ? `“${deleting.title}” and its progress are removed.` : undefined}
        confirmLabel="Delete goal"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              toast.success('Goal deleted');
              setDeleting(null);
            },
            onError: (error) => toast.error(apiErrorMessage(error, COMPANY_USER_ACTION_MESSAGES.goal)),
          })
        }
      />
    </div>
  );
}

function GoalDialog({
  memberId,
  goal,
  onClose,
}: {
  memberId: string;
  goal: CompanyUserGoalDto | null;
  onClose: () => void;
}) {
  const add = useAddGoal(memberId);
  const update = useUpdateGoal(memberId);
  const mutation = goal ? update : add;
  const form = useForm<GoalFormInput>({
    resolver: zodResolver(ZCompanyUserGoalCreateBody),
    defaultValues: {
      title: goal?.title ?? '',
      description: goal?.description ?? null,
      targetValue: goal?.targetValue ?? null,
      currentValue: goal?.currentValue ?? 0,
      unit: goal?.unit ?? null,
      dueDate: goal?.dueDate ? goal.dueDate.slice(0, 10) : null,
      status: goal?.status ?? 'not_started',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    const done = {
      onSuccess: () => {
        toast.success(goal ? 'Goal updated' : 'Goal added', values.title);
        onClose();
      },
    };
    if (goal) update.mutate({ goalId: goal._id, body: values }, done);
    else add.mutate(values, done);
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={goal ? 'Edit goal' : 'Add goal'}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="goal-form" loading={mutation.isPending}>
            {goal ? 'Save goal' : 'Add goal'}
          </Button>
        </>
      }
    >
      <form
        id="goal-form"
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
        aria-label={goal ? 'Edit goal' : 'Add goal'}
      >
        <FormError
          message={
            mutation.isError ? apiErrorMessage(mutation.error, COMPANY_USER_ACTION_MESSAGES.goal) : null
          }
        />
        <Field label="Title" required error={errors.title?.message}>
          {(control) => <Input {...control} data-autofocus {...form.register('title')} />}
        </Field>
        <Field label="Description" error={errors.description?.message}>
          {(control) => (
            <Textarea {...control} rows={2} {...form.register('description', { setValueAs: emptyToNull })} />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Current" error={errors.currentValue?.message}>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                {...form.register('currentValue', { setValueAs: numberOrUndefined })}
              />
            )}
          </Field>
          <Field label="Target" error={errors.targetValue?.message}>
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                {...form.register('targetValue', { setValueAs: numberOrNull })}
              />
            )}
          </Field>
          <Field label="Unit" error={errors.unit?.message}>
            {(control) => (
              <Input
                {...control}
                placeholder="leases"
                {...form.register('unit', { setValueAs: emptyToNull })}
              />
            )}
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Due date" error={errors.dueDate?.message}>
            {(control) => (
              <Input {...control} type="date" {...form.register('dueDate', { setValueAs: emptyToNull })} />
            )}
          </Field>
          <Field label="Status" error={errors.status?.message}>
            {(control) => (
              <Select {...control} {...form.register('status')}>
                {GOAL_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {humanize(status)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      </form>
    </Dialog>
  );
}
