import type { CompanyUserDetailDto } from '@rentora/shared';
import {
  ArrowLeft,
  CalendarDays,
  History,
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
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Tabs } from '../../../components/tabs';
import { apiErrorMessage } from '../../../lib/api-client';
import { formatDate, timeAgo } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth/auth-provider';
import { usePermissions } from '../../auth/use-permissions';
import { COMPANY_USER_ACTION_MESSAGES, useRemoveCompanyUser, useSetActive } from '../company-users.api';
import { memberName } from '../company-users-page';
import { GoalsPanel } from '../goals-panel';
import { NotesPanel } from '../notes-panel';
import { PermissionEditor } from '../permission-editor';
import { ActiveBadge, RoleBadge } from '../role-badge';
import { ActivityPanel } from './activity-panel';
import { DetailsDialog } from './details-dialog';
import { RoleDialog } from './role-dialog';

type Section = 'permissions' | 'goals' | 'notes' | 'activity';

export function BackLink() {
  return (
    <Link
      to="/dashboard/company-users"
      className="inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> Company users
    </Link>
  );
}

export function MemberView({ member }: { member: CompanyUserDetailDto }) {
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
    <div className="relative min-w-0 pl-6">
      <dt className="text-xs text-slate-500">
        <Icon className="absolute left-0 top-0.5 h-4 w-4 text-slate-400" aria-hidden />
        {label}
      </dt>
      <dd className="truncate text-slate-700">{children}</dd>
    </div>
  );
}
