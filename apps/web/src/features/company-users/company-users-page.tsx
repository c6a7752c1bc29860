import { COMPANY_ROLES, type CompanyRole, type CompanyUserDto, PAGE_SIZES } from '@rentora/shared';
import { Armchair, MailPlus, UserCheck, UserPlus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ActionMenu } from '../../components/action-menu';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Select } from '../../components/field';
import { ActiveFilter, ListView, tableRows } from '../../components/list-view';
import { SearchInput } from '../../components/search-input';
import { StatCards } from '../../components/stat-card';
import { Tabs } from '../../components/tabs';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, formatLimit } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useSearchBox, useUrlFilters } from '../../lib/url-filters';
import { useAuth } from '../auth/auth-provider';
import { usePermissions } from '../auth/use-permissions';
import { InviteDialog } from '../invitations/invite-dialog';
import { PendingInvitations } from '../invitations/pending-invitations';
import { CompanyScopePicker } from './company-scope-picker';
import {
  COMPANY_USER_ACTION_MESSAGES,
  COMPANY_USER_FALLBACK_MESSAGES,
  type CompanyUserFilters,
  useCompanyUsers,
  useCompanyUsersStats,
  useRemoveCompanyUser,
  useSetActive,
} from './company-users.api';
import { ActiveBadge, RoleBadge, roleLabel } from './role-badge';

type Section = 'members' | 'invitations';
type StatusFilter = 'all' | 'true' | 'false';

export function memberName(member: Pick<CompanyUserDto, 'user'>): string {
  return `${member.user.firstName} ${member.user.lastName}`.trim() || member.user.email;
}

const FILTER_KEYS = ['search', 'role', 'status'] as const;
const isCompanyRole = (value: string): value is CompanyRole =>
  (COMPANY_ROLES as readonly string[]).includes(value);

/** /dashboard/company-users: the team of the current company (or several), invitations and the invite dialog. */
export function CompanyUsersPage() {
  const auth = useAuth();
  const { canUseAny, canUseFeature } = usePermissions();
  const canInvite = canUseFeature('users_write');
  const canManage = canUseAny(['users_write', 'users_update']);
  const canRemove = canUseAny(['users_write', 'users_delete']);
  const current = auth.currentCompany;
  const [section, setSection] = useState<Section>('members');
  const { values, page, set } = useUrlFilters(FILTER_KEYS);
  const [search, setSearch] = useSearchBox(values.search, (next) => set({ search: next }));
  const role = isCompanyRole(values.role) ? values.role : '';
  const status: StatusFilter = values.status === 'true' || values.status === 'false' ? values.status : 'all';
  const [scope, setScope] = useState<string[]>([]);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<CompanyUserDto | null>(null);
  const setActive = useSetActive();
  const remove = useRemoveCompanyUser();

  const scopeIds = useMemo(
    () => (current ? [current._id, ...scope.filter((id) => id !== current._id)] : scope),
    [current, scope],
  );
  const scopeCompanies = useMemo(
    () => auth.companies.filter((company) => scopeIds.includes(company._id)),
    [auth.companies, scopeIds],
  );
  const several = scopeIds.length > 1;

  const filters: CompanyUserFilters = {
    page,
    limit: PAGE_SIZES.companyUsers,
    search: values.search || undefined,
    role: role ? [role] : undefined,
    isActive: status === 'all' ? undefined : status,
    companyIds: several ? scopeIds : undefined,
  };
  const list = useCompanyUsers(filters);
  const stats = useCompanyUsersStats(current?._id);
  const filtered = Boolean(filters.search || filters.role || filters.isActive);
  const companyName = (id: string) => auth.companies.find((company) => company._id === id)?.name ?? '';
  const resetPage = () => set({ page: 1 });

  const columns: DataTableColumn<CompanyUserDto>[] = [
    {
      id: 'member',
      header: 'Member',
      cell: (member) => {
        const here = member.companyId === current?._id;
        const name = memberName(member);
        return (
          <div className="flex min-w-0 items-center gap-3">
            <Avatar
              firstName={member.user.firstName}
              lastName={member.user.lastName}
              src={member.user.avatar}
              size="sm"
            />
            <div className="min-w-0">
              {here ? (
                <Link
                  to={`/dashboard/company-users/${member._id}`}
                  className="block truncate font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {name}
                </Link>
              ) : (
                <p className="truncate font-semibold text-slate-900">{name}</p>
              )}
              <p className="truncate text-xs text-slate-500">{member.user.email}</p>
            </div>
          </div>
        );
      },
    },
    { id: 'role', header: 'Role', cell: (member) => <RoleBadge role={member.role} /> },
    {
      id: 'department',
      header: 'Department',
      cell: (member) =>
        member.designation || member.department ? (
          <div className="min-w-0 text-sm">
            <p className="truncate text-slate-700">{member.designation ?? '—'}</p>
            <p className="truncate text-xs text-slate-500">{member.department ?? ''}</p>
          </div>
        ) : (
          <span className="text-slate-400">—</span>
        ),
    },
    ...(several
      ? [
          {
            id: 'company',
            header: 'Company',
            cell: (member: CompanyUserDto) => (
              <span className="text-slate-600">{companyName(member.companyId)}</span>
            ),
          },
        ]
      : []),
    { id: 'status', header: 'Status', cell: (member) => <ActiveBadge isActive={member.isActive} /> },
    {
      id: 'joined',
      header: 'Joined',
      cell: (member) => (
        <span className="whitespace-nowrap text-slate-500">{formatDate(member.joinedAt)}</span>
      ),
    },
  ];

  const seats = stats.data?.seats;
  const seatsLeft = seats ? seats.remaining : undefined;

  return (
    <div>
      <PageHeader
        title="Company Users"
        description={current ? `The team of ${current.name}: roles, permissions and invitations.` : undefined}
        actions={
          canInvite && current ? (
            <Button icon={<UserPlus className="h-4 w-4" aria-hidden />} onClick={() => setInviting(true)}>
              Invite user
            </Button>
          ) : null
        }
      />

      <StatCards
        loading={stats.isPending && Boolean(current)}
        error={stats.isError ? apiErrorMessage(stats.error, COMPANY_USER_ACTION_MESSAGES.stats) : null}
        cards={[
          { label: 'Members', value: stats.data?.total ?? '—', icon: Users },
          {
            label: 'Active',
            value: stats.data?.active ?? '—',
            icon: UserCheck,
            tone: 'success',
            hint: stats.data ? `${stats.data.inactive} inactive` : undefined,
          },
          {
            label: 'Pending invitations',
            value: stats.data?.pendingInvitations ?? '—',
            icon: MailPlus,
            tone: 'warning',
          },
          {
            label: 'Seats',
            value: seats ? `${seats.used} / ${formatLimit(seats.limit)}` : '—',
            icon: Armchair,
            tone: 'neutral',
            hint: seats ? (seats.remaining === null ? 'Unlimited' : `${seats.remaining} left`) : undefined,
          },
        ]}
      />

      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <Tabs
          label="Team sections"
          tabs={[
            { id: 'members', label: 'Members', count: list.data?.pagination.totalCount },
            { id: 'invitations', label: 'Pending invitations', count: stats.data?.pendingInvitations },
          ]}
          value={section}
          onChange={setSection}
          idPrefix="team"
        />
        {auth.companies.length > 1 ? (
          <CompanyScopePicker
            companies={auth.companies}
            selected={scopeIds}
            requiredId={current?._id ?? null}
            onChange={(ids) => {
              setScope(ids);
              resetPage();
            }}
          />
        ) : null}
      </div>

      {section === 'members' ? (
        <div id="team-panel-members" role="tabpanel" aria-labelledby="team-tab-members">
          <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto]">
            <SearchInput
              label="Search members"
              placeholder="Search by name or email"
              value={search}
              onChange={setSearch}
            />
            <Select
              aria-label="Filter by role"
              value={role}
              onChange={(event) => set({ role: event.target.value })}
            >
              <option value="">All roles</option>
              {COMPANY_ROLES.map((value) => (
                <option key={value} value={value}>
                  {roleLabel(value)}
                </option>
              ))}
            </Select>
            <ActiveFilter value={status} onChange={(next) => set({ status: next })} />
          </div>
          <ListView
            list={list}
            errorTitle="Company users could not be loaded"
            errorFallback={COMPANY_USER_FALLBACK_MESSAGES.list}
            empty={
              <EmptyState
                icon={Users}
                title={filtered ? 'No members match' : 'No team members yet'}
                description={
                  filtered ? 'Try another search or filter.' : 'Invite your colleagues to work together.'
                }
                action={
                  !filtered && canInvite ? (
                    <Button
                      icon={<UserPlus className="h-4 w-4" aria-hidden />}
                      onClick={() => setInviting(true)}
                    >
                      Invite user
                    </Button>
                  ) : undefined
                }
              />
            }
            onPageChange={(next) => set({ page: next })}
            itemLabel="members"
          >
            {tableRows({
              caption: 'Company users',
              columns,
              rowKey: (member) => member._id,
              actions: (member) => {
                const here = member.companyId === current?._id;
                const self = member.userId === auth.user?._id;
                return (
                  <ActionMenu
                    label={`Actions for ${memberName(member)}`}
                    items={[
                      {
                        label: 'View details',
                        to: `/dashboard/company-users/${member._id}`,
                        hidden: !here,
                      },
                      {
                        label: member.isActive ? 'Deactivate' : 'Reactivate',
                        hidden: !here || !canManage || self,
                        onSelect: () =>
                          setActive.mutate(
                            { id: member._id, isActive: !member.isActive },
                            {
                              onSuccess: (answer) =>
                                toast.success(answer.message ?? 'User updated', memberName(member)),
                              onError: (error) =>
                                toast.error(apiErrorMessage(error, COMPANY_USER_ACTION_MESSAGES.status)),
                            },
                          ),
                      },
                      {
                        label: 'Remove from company',
                        tone: 'danger',
                        hidden: !here || !canRemove || self,
                        onSelect: () => setRemoving(member),
                      },
                      {
                        label: `Switch to ${companyName(member.companyId)} to manage`,
                        hidden: here,
                        onSelect: () => auth.switchCompany(member.companyId),
                      },
                    ]}
                  />
                );
              },
            })}
          </ListView>
        </div>
      ) : (
        <div id="team-panel-invitations" role="tabpanel" aria-labelledby="team-tab-invitations">
          <PendingInvitations companies={scopeCompanies} canManage={canInvite} />
        </div>
      )}

      {current && canInvite ? (
        <InviteDialog
          open={inviting}
          onClose={() => setInviting(false)}
          company={current}
          seatsLeft={seatsLeft}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this user from the company?"
        description={
          removing
            ? `${memberName(removing)} loses access to ${current?.name ?? 'the company'} at once. Their account stays; the seat is freed.`
            : undefined
        }
        confirmLabel="Remove user"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing, {
            onSuccess: (answer) => {
              toast.success(answer.message ?? 'User removed from company', memberName(removing));
              setRemoving(null);
            },
            onError: (error) => toast.error(apiErrorMessage(error, COMPANY_USER_ACTION_MESSAGES.remove)),
          })
        }
      />
    </div>
  );
}
