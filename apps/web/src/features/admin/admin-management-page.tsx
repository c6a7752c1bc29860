import { type AdminUserDto, PAGE_SIZES, PLATFORM_ROLES, type PlatformRole } from '@rentora/shared';
import { BadgeCheck, ShieldPlus, UserCheck, Users } from 'lucide-react';
import { useState } from 'react';
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
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, humanize, timeAgo } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useSearchBox, useUrlFilters } from '../../lib/url-filters';
import { useAuth } from '../auth/auth-provider';
import { ActiveBadge, RoleBadge, roleLabel } from '../company-users/role-badge';
import {
  ADMIN_FALLBACK_MESSAGES,
  type AdminUserFilters,
  useAdminStats,
  useAdminUsers,
  useDeleteAdminUser,
  useSetAdminUserStatus,
} from './admin.api';
import { CreateAdminDialog, fullName, RoleDialog } from './admin-dialogs';

type StatusFilter = 'all' | 'true' | 'false';

const FILTER_KEYS = ['search', 'role', 'status'] as const;
const isPlatformRole = (value: string): value is PlatformRole =>
  (PLATFORM_ROLES as readonly string[]).includes(value);

/** /dashboard/admin and /dashboard/admin-management (super admin): every platform account. */
export function AdminManagementPage() {
  const auth = useAuth();
  const { values, page, set } = useUrlFilters(FILTER_KEYS);
  const [search, setSearch] = useSearchBox(values.search, (next) => set({ search: next }));
  const role = isPlatformRole(values.role) ? values.role : '';
  const status: StatusFilter = values.status === 'true' || values.status === 'false' ? values.status : 'all';
  const [creating, setCreating] = useState(false);
  const [roleOf, setRoleOf] = useState<AdminUserDto | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'status' | 'delete'; user: AdminUserDto } | null>(null);
  const filters: AdminUserFilters = {
    page,
    limit: PAGE_SIZES.adminUsers,
    search: values.search || undefined,
    role: role || undefined,
    isActive: status === 'all' ? undefined : status,
  };
  const users = useAdminUsers(filters);
  const stats = useAdminStats();
  const setStatusMutation = useSetAdminUserStatus();
  const remove = useDeleteAdminUser();
  const filtered = Boolean(filters.search || filters.role || filters.isActive);

  const columns: DataTableColumn<AdminUserDto>[] = [
    {
      id: 'user',
      header: 'User',
      cell: (user) => (
        <div className="flex min-w-0 items-center gap-3">
          <Avatar firstName={user.firstName} lastName={user.lastName} src={user.avatar} size="sm" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">
              {fullName(user)}
              {user._id === auth.user?._id ? (
                <span className="ml-1 text-xs font-normal text-slate-400">(you)</span>
              ) : null}
            </p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
        </div>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      cell: (user) => (
        <div className="space-y-0.5">
          <RoleBadge role={user.role} />
          {user.subRole ? <p className="text-xs text-slate-500">{humanize(user.subRole)}</p> : null}
        </div>
      ),
    },
    { id: 'status', header: 'Status', cell: (user) => <ActiveBadge isActive={user.isActive} /> },
    {
      id: 'companies',
      header: 'Companies',
      cell: (user) => <span className="tabular-nums text-slate-600">{user.companiesCount}</span>,
    },
    {
      id: 'lastLogin',
      header: 'Last sign-in',
      cell: (user) => (
        <span className="whitespace-nowrap text-slate-500">
          {user.lastLoginAt ? timeAgo(user.lastLoginAt) : 'Never'}
        </span>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      cell: (user) => <span className="whitespace-nowrap text-slate-500">{formatDate(user.createdAt)}</span>,
    },
  ];

  const runStatus = (user: AdminUserDto) =>
    setStatusMutation.mutate(
      { id: user._id, isActive: !user.isActive },
      {
        onSuccess: (answer) => {
          toast.success(
            answer.message ?? (user.isActive ? 'User deactivated' : 'User activated'),
            fullName(user),
          );
          setConfirm(null);
        },
        onError: (error) => toast.error(apiErrorMessage(error, ADMIN_FALLBACK_MESSAGES.status)),
      },
    );

  return (
    <div>
      <PageHeader
        title="Admin Management"
        description="Platform accounts: administrators, staff and tenants."
        actions={
          <Button icon={<ShieldPlus className="h-4 w-4" aria-hidden />} onClick={() => setCreating(true)}>
            Create admin
          </Button>
        }
      />
      <StatCards
        loading={stats.isPending}
        error={stats.isError ? apiErrorMessage(stats.error, ADMIN_FALLBACK_MESSAGES.stats) : null}
        cards={[
          {
            label: 'Accounts',
            value: stats.data?.total ?? '—',
            icon: Users,
            hint: stats.data ? `${stats.data.newLast30Days} new in 30 days` : undefined,
          },
          {
            label: 'Active',
            value: stats.data?.active ?? '—',
            icon: UserCheck,
            tone: 'success',
            hint: stats.data ? `${stats.data.inactive} inactive` : undefined,
          },
          {
            label: 'Administrators',
            value: stats.data ? stats.data.byRole.super_admin + stats.data.byRole.admin : '—',
            icon: ShieldPlus,
            tone: 'danger',
            hint: stats.data
              ? `${stats.data.byRole.super_admin} super admin${stats.data.byRole.super_admin === 1 ? '' : 's'}`
              : undefined,
          },
          {
            label: 'Verified emails',
            value: stats.data?.verified ?? '—',
            icon: BadgeCheck,
            tone: 'neutral',
            hint: stats.data
              ? `${stats.data.byRole.user} staff · ${stats.data.byRole.tenant} tenants`
              : undefined,
          },
        ]}
      />

      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <SearchInput
          label="Search accounts"
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
          {PLATFORM_ROLES.map((value) => (
            <option key={value} value={value}>
              {value === 'user' ? 'Staff (user)' : roleLabel(value)}
            </option>
          ))}
        </Select>
        <ActiveFilter value={status} onChange={(next) => set({ status: next })} />
      </div>

      <ListView
        list={users}
        errorTitle="Accounts could not be loaded"
        errorFallback={ADMIN_FALLBACK_MESSAGES.list}
        empty={
          <EmptyState
            icon={Users}
            title={filtered ? 'No accounts match' : 'No accounts yet'}
            description={filtered ? 'Try another search or filter.' : undefined}
          />
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel="accounts"
      >
        {tableRows({
          caption: 'Platform accounts',
          columns,
          rowKey: (user) => user._id,
          actions: (user) => {
            const self = user._id === auth.user?._id;
            return (
              <ActionMenu
                label={`Actions for ${fullName(user)}`}
                items={[
                  { label: 'Change role', hidden: self, onSelect: () => setRoleOf(user) },
                  {
                    label: user.isActive ? 'Deactivate' : 'Activate',
                    hidden: self,
                    onSelect: () => (user.isActive ? setConfirm({ kind: 'status', user }) : runStatus(user)),
                  },
                  {
                    label: 'Delete account',
                    tone: 'danger',
                    hidden: self,
                    onSelect: () => setConfirm({ kind: 'delete', user }),
                  },
                ]}
              />
            );
          },
        })}
      </ListView>

      {creating ? <CreateAdminDialog onClose={() => setCreating(false)} /> : null}
      {roleOf ? <RoleDialog user={roleOf} onClose={() => setRoleOf(null)} /> : null}
      <ConfirmDialog
        open={confirm?.kind === 'status'}
        title="Deactivate this account?"
        description={
          confirm
            ? `${fullName(confirm.user)} is signed out everywhere and cannot sign in until reactivated.`
            : undefined
        }
        confirmLabel="Deactivate"
        loading={setStatusMutation.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => confirm && runStatus(confirm.user)}
      />
      <ConfirmDialog
        open={confirm?.kind === 'delete'}
        title="Delete this account?"
        description={
          confirm
            ? `${fullName(confirm.user)} (${confirm.user.email}) is deleted for good. This cannot be undone.`
            : undefined
        }
        confirmLabel="Delete account"
        loading={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          confirm &&
          remove.mutate(confirm.user._id, {
            onSuccess: (answer) => {
              toast.success(answer.message ?? 'User deleted', fullName(confirm.user));
              setConfirm(null);
            },
            onError: (error) => toast.error(apiErrorMessage(error, ADMIN_FALLBACK_MESSAGES.delete)),
          })
        }
      />
    </div>
  );
}
