import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPANY_ROLES,
  type CompanyRole,
  type CompanyUserDetailDto,
  ZCompanyUserUpdateBody,
} from '@rentora/shared';
import {
  ArrowLeft,
  CalendarDays,
  History,
  KeyRound,
  LogIn,
  Mail,
  MessageSquareText,
  Pencil,
  Phone,
  ShieldCheck,
  Target,
  UserMinus,
  UserRoundCog,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { Avatar } from '../../components/avatar';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { ErrorState } from '../../components/empty-state';
import { Field, FormError, Input, Select } from '../../components/field';
import { emptyToNull } from '../../components/form-values';
import { Skeleton, SkeletonList } from '../../components/skeleton';
import { Tabs } from '../../components/tabs';
import { ApiError, apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, humanize, timeAgo } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/auth-provider';
import { usePermissions } from '../auth/use-permissions';
import {
  COMPANY_USER_ACTION_MESSAGES,
  COMPANY_USER_FALLBACK_MESSAGES,
  useCompanyUser,
  useCompanyUserNotes,
  useRemoveCompanyUser,
  useSetActive,
  useSetRole,
  useUpdateCompanyUser,
} from './company-users.api';
import { memberName } from './company-users-page';
import { GoalsPanel } from './goals-panel';
import { NotesPanel } from './notes-panel';
import { PermissionEditor } from './permission-editor';
import { ActiveBadge, RoleBadge, roleLabel } from './role-badge';

type Section = 'permissions' | 'goals' | 'notes' | 'activity';

/** /dashboard/company-users/:userId (the company-user record id): profile, role, permissions, goals, notes, activity. */
export function CompanyUserDetailPage() {
  const { userId = '' } = useParams();
  const member = useCompanyUser(userId);
  useDocumentTitle(member.data ? memberName(member.data) : 'Company User');

  if (member.isPending) {
    return (
      <div className="space-y-6">
        <Skeleton className="h-5 w-32" />
        <Card className="flex items-center gap-4 p-6">
          <Skeleton className="h-16 w-16 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-4 w-64" />
          </div>
        </Card>
        <SkeletonList rows={4} />
      </div>
    );
  }
  if (member.isError) {
    const missing = member.error instanceof ApiError && member.error.status === 404;
    return (
      <div className="space-y-4">
        <BackLink />
        <ErrorState
          title={missing ? 'This user is not in your company' : 'The user could not be loaded'}
          message={
            missing
              ? 'They may have been removed, or they belong to another company. Switch company to see them.'
              : apiErrorMessage(member.error, COMPANY_USER_FALLBACK_MESSAGES.get)
          }
          onRetry={missing ? undefined : () => void member.refetch()}
        />
      </div>
    );
  }
  return <MemberView member={member.data} />;
}

function BackLink() {
  return (
    <Link
      to="/dashboard/company-users"
      className="inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> Company users
    </Link>
  );
}

function MemberView({ member }: { member: CompanyUserDetailDto }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const { canUseAny } = usePermissions();
  const [section, setSection] = useState<Section>('permissions');
  const [dialog, setDialog] = useState<'role' | 'details' | 'remove' | null>(null);
  const setActive = useSetActive();
  const remove = useRemoveCompanyUser();
  const platformStaff = auth.user?.role === 'super_admin' || auth.user?.role === 'admin';
  const viewerIsOwner = auth.currentCompanyUser?.role === 'owner';
  const self = member.userId === auth.user?._id;
  // Only owners (and platform staff) change an owner's record (the API says the same).
  const mayTouch = platformStaff || viewerIsOwner || member.role !== 'owner';
  const canEdit = canUseAny(['users_write', 'users_update']) && mayTouch;
  const canRemove = canUseAny(['users_write', 'users_delete']) && mayTouch && !self;
  const name = memberName(member);

  return (
    <div className="space-y-6">
      <BackLink />
      <Card className="p-6">
        <div className="flex flex-col gap-5 md:flex-row md:items-start">
          <Avatar
            firstName={member.user.firstName}
            lastName={member.user.lastName}
            src={member.user.avatar}
            size="lg"
          />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">{name}</h1>
              <RoleBadge role={member.role} />
              <ActiveBadge isActive={member.isActive} />
              {self ? <span className="text-xs font-medium text-slate-400">(you)</span> : null}
            </div>
            <p className="mt-1 text-sm text-slate-500">
              {[member.designation, member.department].filter(Boolean).join(' · ') ||
                'No designation or department'}
            </p>
            <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 2xl:grid-cols-4">
              <InfoItem icon={Mail} label="Email">
                <a href={`mailto:${member.user.email}`} className="hover:underline">
                  {member.user.email}
                </a>
              </InfoItem>
              <InfoItem icon={Phone} label="Phone">
                {member.user.phone ?? '—'}
              </InfoItem>
              <InfoItem icon={CalendarDays} label="Joined">
                {formatDate(member.joinedAt)}
                {member.invitedBy
                  ? ` · invited by ${member.invitedBy.firstName} ${member.invitedBy.lastName}`
                  : ''}
              </InfoItem>
              <InfoItem icon={LogIn} label="Last sign-in">
                {member.lastLoginAt ? timeAgo(member.lastLoginAt) : 'Never'}
              </InfoItem>
            </dl>
          </div>
          {canEdit || canRemove ? (
            <div className="flex flex-wrap gap-2 md:flex-col md:items-stretch">
              {canEdit ? (
                <>
                  <Button
                    variant="outline"
                    size="sm"
                    icon={<UserRoundCog className="h-4 w-4" aria-hidden />}
                    onClick={() => setDialog('role')}
                  >
                    Change role
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    icon={<Pencil className="h-4 w-4" aria-hidden />}
                    onClick={() => setDialog('details')}
                  >
                    Edit details
                  </Button>
                  {self ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      loading={setActive.isPending}
                      onClick={() =>
                        setActive.mutate(
                          { id: member._id, isActive: !member.isActive },
                          {
                            onSuccess: (answer) => toast.success(answer.message ?? 'User updated', name),
                            onError: (error) =>
                              toast.error(apiErrorMessage(error, COMPANY_USER_ACTION_MESSAGES.status)),
                          },
                        )
                      }
                    >
                      {member.isActive ? 'Deactivate' : 'Reactivate'}
                    </Button>
                  )}
                </>
              ) : null}
              {canRemove ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="text-red-600 hover:bg-red-50"
                  icon={<UserMinus className="h-4 w-4" aria-hidden />}
                  onClick={() => setDialog('remove')}
                >
                  Remove
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      </Card>

      <Tabs
        label="Member sections"
        idPrefix="member"
        value={section}
        onChange={setSection}
        tabs={[
          {
            id: 'permissions',
            label: 'Permissions',
            icon: <ShieldCheck className="h-4 w-4" aria-hidden />,
            count: member.featurePermissions.length,
          },
          {
            id: 'goals',
            label: 'Goals',
            icon: <Target className="h-4 w-4" aria-hidden />,
            count: member.goals.length,
          },
          {
            id: 'notes',
            label: 'Notes',
            icon: <MessageSquareText className="h-4 w-4" aria-hidden />,
            count: member.notesCount,
          },
          { id: 'activity', label: 'Activity', icon: <History className="h-4 w-4" aria-hidden /> },
        ]}
      />
      <div id={`member-panel-${section}`} role="tabpanel" aria-labelledby={`member-tab-${section}`}>
        {section === 'permissions' ? (
          <PermissionEditor
            memberId={member._id}
            memberRole={member.role}
            featurePermissions={member.featurePermissions}
            editable={canEdit}
          />
        ) : null}
        {section === 'goals' ? (
          <GoalsPanel memberId={member._id} goals={member.goals} editable={canEdit} />
        ) : null}
        {section === 'notes' ? <NotesPanel memberId={member._id} editable={canEdit} /> : null}
        {section === 'activity' ? <ActivityPanel member={member} /> : null}
      </div>

      {dialog === 'role' ? (
        <RoleDialog
          member={member}
          mayGiveOwner={platformStaff || viewerIsOwner}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'details' ? <DetailsDialog member={member} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={dialog === 'remove'}
        title={`Remove ${name}?`}
        description={`${name} loses access to ${auth.currentCompany?.name ?? 'the company'} at once. Their account stays; the seat is freed.`}
        confirmLabel="Remove user"
        loading={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          remove.mutate(member, {
            onSuccess: (answer) => {
              toast.success(answer.message ?? 'User removed from company', name);
              navigate('/dashboard/company-users', { replace: true });
            },
            onError: (error) => toast.error(apiErrorMessage(error, COMPANY_USER_ACTION_MESSAGES.remove)),
          })
        }
      />
    </div>
  );
}

function InfoItem({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof Mail;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden />
      <div className="min-w-0">
        <dt className="text-xs text-slate-400">{label}</dt>
        <dd className="truncate text-slate-700">{children}</dd>
      </div>
    </div>
  );
}

function RoleDialog({
  member,
  mayGiveOwner,
  onClose,
}: {
  member: CompanyUserDetailDto;
  mayGiveOwner: boolean;
  onClose: () => void;
}) {
  const setRole = useSetRole(member._id);
  const [role, setRoleValue] = useState<CompanyRole>(member.role);
  const [keep, setKeep] = useState(false);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Change role"
      description={`${memberName(member)} is ${humanize(member.role)}.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={setRole.isPending}
            disabled={role === member.role}
            onClick={() =>
              setRole.mutate(
                { role, keepPermissions: keep },
                {
                  onSuccess: (answer) => {
                    toast.success(
                      answer.message ?? 'Role updated',
                      `${memberName(member)} is now ${humanize(role)}`,
                    );
                    onClose();
                  },
                },
              )
            }
          >
            Change role
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <FormError
          message={setRole.isError ? apiErrorMessage(setRole.error, COMPANY_USER_ACTION_MESSAGES.role) : null}
        />
        <Field label="Role">
          {(control) => (
            <Select
              {...control}
              value={role}
              onChange={(event) => setRoleValue(event.target.value as CompanyRole)}
              data-autofocus
            >
              {COMPANY_ROLES.map((value) => (
                <option key={value} value={value} disabled={value === 'owner' && !mayGiveOwner}>
                  {roleLabel(value)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={keep}
            onChange={(event) => setKeep(event.target.checked)}
            className="mt-0.5 accent-brand-600"
          />
          <span>
            Keep the current permissions
            <span className="block text-xs text-slate-500">
              Otherwise they are reset to the new role’s defaults.
            </span>
          </span>
        </label>
      </div>
    </Dialog>
  );
}

function DetailsDialog({ member, onClose }: { member: CompanyUserDetailDto; onClose: () => void }) {
  const update = useUpdateCompanyUser(member._id);
  const form = useForm({
    resolver: zodResolver(ZCompanyUserUpdateBody),
    defaultValues: { designation: member.designation, department: member.department },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { designation: values.designation, department: values.department },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? 'Company user updated');
          onClose();
        },
      },
    ),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title="Edit details"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="member-details-form" loading={update.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form
        id="member-details-form"
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
        aria-label="Edit details"
      >
        <FormError
          message={update.isError ? apiErrorMessage(update.error, COMPANY_USER_ACTION_MESSAGES.update) : null}
        />
        <Field label="Designation" error={errors.designation?.message}>
          {(control) => (
            <Input
              {...control}
              data-autofocus
              {...form.register('designation', { setValueAs: emptyToNull })}
            />
          )}
        </Field>
        <Field label="Department" error={errors.department?.message}>
          {(control) => <Input {...control} {...form.register('department', { setValueAs: emptyToNull })} />}
        </Field>
      </form>
    </Dialog>
  );
}

interface ActivityEntry {
  id: string;
  at: string;
  icon: typeof Mail;
  text: string;
}

/** What happened to this membership, newest first: joining, sign-ins, goals, notes, changes. */
function ActivityPanel({ member }: { member: CompanyUserDetailDto }) {
  const notes = useCompanyUserNotes(member._id, 1);
  const entries: ActivityEntry[] = [
    {
      id: 'joined',
      at: member.joinedAt,
      icon: CalendarDays,
      text: `Joined as ${humanize(member.role)}${member.invitedBy ? `, invited by ${member.invitedBy.firstName} ${member.invitedBy.lastName}` : ''}`,
    },
    ...(member.lastLoginAt ? [{ id: 'login', at: member.lastLoginAt, icon: LogIn, text: 'Signed in' }] : []),
    ...(member.updatedAt !== member.createdAt
      ? [
          {
            id: 'updated',
            at: member.updatedAt,
            icon: KeyRound,
            text: 'Role, permissions or details last changed',
          },
        ]
      : []),
    ...member.goals.flatMap((goal) => [
      { id: `goal-${goal._id}`, at: goal.createdAt, icon: Target, text: `Goal set: ${goal.title}` },
      ...(goal.updatedAt !== goal.createdAt
        ? [
            {
              id: `goal-${goal._id}-u`,
              at: goal.updatedAt,
              icon: Target,
              text: `Goal “${goal.title}” is ${humanize(goal.status)}`,
            },
          ]
        : []),
    ]),
    ...(notes.data?.data ?? []).map((note) => ({
      id: `note-${note._id}`,
      at: note.createdAt,
      icon: MessageSquareText,
      text: `Note added${note.author ? ` by ${note.author.firstName} ${note.author.lastName}` : ''}`,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));

  return (
    <Card className="p-6">
      <ol className="relative space-y-5 border-l border-slate-200 pl-6">
        {entries.map((entry) => (
          <li key={entry.id} className="relative">
            <span className="absolute -left-[33px] flex h-6 w-6 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-4 ring-white">
              <entry.icon className="h-3.5 w-3.5" aria-hidden />
            </span>
            <p className="text-sm text-slate-800">{entry.text}</p>
            <time dateTime={entry.at} className="text-xs text-slate-400" title={formatDate(entry.at)}>
              {timeAgo(entry.at)} · {formatDate(entry.at)}
            </time>
          </li>
        ))}
      </ol>
      {notes.isPending ? <p className="mt-4 text-xs text-slate-400">Loading notes…</p> : null}
      <ButtonLink to="/dashboard/company-users" variant="link" className="mt-6">
        Back to the team
      </ButtonLink>
    </Card>
  );
}
