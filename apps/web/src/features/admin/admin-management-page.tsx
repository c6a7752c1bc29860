import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_ACCOUNT_ROLES,
  type AdminUserDto,
  PAGE_SIZES,
  PLATFORM_ROLES,
  type PlatformRole,
  ZAdminCreateBody,
  ZAdminUserRoleBody,
} from '@rentora/shared';
import { BadgeCheck, ShieldPlus, UserCheck, Users, UserX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ActionMenu } from '../../components/action-menu';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Field, FormError, Input, Select } from '../../components/field';
import { emptyToNull, emptyToUndefined } from '../../components/form-values';
import { Pagination } from '../../components/pagination';
import { SearchInput } from '../../components/search-input';
import { StatCard } from '../../components/stat-card';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, humanize, timeAgo } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useAuth } from '../auth/auth-provider';
import { PasswordInput } from '../auth/password-input';
import { ActiveBadge, RoleBadge, roleLabel } from '../company-users/role-badge';
import {
  ADMIN_FALLBACK_MESSAGES,
  type AdminUserFilters,
  useAdminStats,
  useAdminUsers,
  useCreateAdmin,
  useDeleteAdminUser,
  useSetAdminUserRole,
  useSetAdminUserStatus,
} from './admin.api';

type StatusFilter = 'all' | 'true' | 'false';

function fullName(user: Pick<AdminUserDto, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** /dashboard/admin and /dashboard/admin-management (super admin): every platform account. */
export function AdminManagementPage() {
  const auth = useAuth();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<PlatformRole | ''>('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [roleOf, setRoleOf] = useState<AdminUserDto | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'status' | 'delete'; user: AdminUserDto } | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());
  const filters: AdminUserFilters = {
    page,
    limit: PAGE_SIZES.adminUsers,
    search: debouncedSearch || undefined,
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
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Accounts"
          value={stats.data?.total ?? '—'}
          icon={Users}
          loading={stats.isPending}
          hint={stats.data ? `${stats.data.newLast30Days} new in 30 days` : undefined}
        />
        <StatCard
          label="Active"
          value={stats.data?.active ?? '—'}
          icon={UserCheck}
          tone="success"
          loading={stats.isPending}
          hint={stats.data ? `${stats.data.inactive} inactive` : undefined}
        />
        <StatCard
          label="Administrators"
          value={stats.data ? stats.data.byRole.super_admin + stats.data.byRole.admin : '—'}
          icon={ShieldPlus}
          tone="danger"
          loading={stats.isPending}
          hint={
            stats.data
              ? `${stats.data.byRole.super_admin} super admin${stats.data.byRole.super_admin === 1 ? '' : 's'}`
              : undefined
          }
        />
        <StatCard
          label="Verified emails"
          value={stats.data?.verified ?? '—'}
          icon={BadgeCheck}
          tone="neutral"
          loading={stats.isPending}
          hint={
            stats.data ? `${stats.data.byRole.user} staff · ${stats.data.byRole.tenant} tenants` : undefined
          }
        />
      </div>
      {stats.isError ? (
        <p className="-mt-3 mb-4 text-xs text-slate-500">
          {apiErrorMessage(stats.error, ADMIN_FALLBACK_MESSAGES.stats)}
        </p>
      ) : null}

      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <SearchInput
          label="Search accounts"
          placeholder="Search by name or email"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <Select
          aria-label="Filter by role"
          value={role}
          onChange={(event) => {
            setRole(event.target.value as PlatformRole | '');
            setPage(1);
          }}
        >
          <option value="">All roles</option>
          {PLATFORM_ROLES.map((value) => (
            <option key={value} value={value}>
              {value === 'user' ? 'Staff (user)' : roleLabel(value)}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Filter by status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as StatusFilter);
            setPage(1);
          }}
        >
          <option value="all">All statuses</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </Select>
      </div>

      {users.isError ? (
        <ErrorState
          title="Accounts could not be loaded"
          message={apiErrorMessage(users.error, ADMIN_FALLBACK_MESSAGES.list)}
          onRetry={() => void users.refetch()}
        />
      ) : !users.isPending && users.data.data.length === 0 ? (
        <EmptyState
          icon={Users}
          title={filtered ? 'No accounts match' : 'No accounts yet'}
          description={filtered ? 'Try another search or filter.' : undefined}
        />
      ) : (
        <>
          <DataTable
            caption="Platform accounts"
            columns={columns}
            rows={users.data?.data ?? []}
            rowKey={(user) => user._id}
            loading={users.isPending}
            fetching={users.isFetching && !users.isPending}
            actions={(user) => {
              const self = user._id === auth.user?._id;
              return (
                <ActionMenu
                  label={`Actions for ${fullName(user)}`}
                  items={[
                    { label: 'Change role', hidden: self, onSelect: () => setRoleOf(user) },
                    {
                      label: user.isActive ? 'Deactivate' : 'Activate',
                      hidden: self,
                      onSelect: () =>
                        user.isActive ? setConfirm({ kind: 'status', user }) : runStatus(user),
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
            }}
          />
          {users.data ? (
            <Pagination
              className="mt-4"
              pagination={users.data.pagination}
              onPageChange={setPage}
              itemLabel="accounts"
            />
          ) : null}
        </>
      )}

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

function CreateAdminDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateAdmin();
  const form = useForm({
    resolver: zodResolver(ZAdminCreateBody),
    defaultValues: { email: '', firstName: '', lastName: '', role: 'admin' as const },
  });
  const { errors } = form.formState;
  const optional = { setValueAs: emptyToUndefined };
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => {
        toast.success(
          answer.message ?? 'Admin account created',
          values.password
            ? answer.data.email
            : `${answer.data.email} was mailed a link to choose a password.`,
        );
        onClose();
      },
    }),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title="Create admin account"
      description="Administrators manage the platform. Without a password, they get an email to choose one."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="create-admin-form" loading={create.isPending}>
            Create account
          </Button>
        </>
      }
    >
      <form
        id="create-admin-form"
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
        aria-label="Create admin account"
      >
        <FormError
          message={create.isError ? apiErrorMessage(create.error, ADMIN_FALLBACK_MESSAGES.create) : null}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" required error={errors.firstName?.message}>
            {(control) => <Input {...control} data-autofocus {...form.register('firstName')} />}
          </Field>
          <Field label="Last name" required error={errors.lastName?.message}>
            {(control) => <Input {...control} {...form.register('lastName')} />}
          </Field>
        </div>
        <Field label="Email" required error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="off" {...form.register('email')} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Role" error={errors.role?.message}>
            {(control) => (
              <Select {...control} {...form.register('role')}>
                {ADMIN_ACCOUNT_ROLES.map((value) => (
                  <option key={value} value={value}>
                    {roleLabel(value)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Sub role" error={errors.subRole?.message} hint="Optional, e.g. support or billing.">
            {(control) => <Input {...control} {...form.register('subRole', optional)} />}
          </Field>
        </div>
        <Field label="Phone" error={errors.phone?.message}>
          {(control) => <Input {...control} type="tel" {...form.register('phone', optional)} />}
        </Field>
        <Field
          label="Password"
          error={errors.password?.message}
          hint="Leave empty to send a set-password email."
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              {...form.register('password', optional)}
            />
          )}
        </Field>
      </form>
    </Dialog>
  );
}

function RoleDialog({ user, onClose }: { user: AdminUserDto; onClose: () => void }) {
  const setRole = useSetAdminUserRole();
  const form = useForm({
    resolver: zodResolver(ZAdminUserRoleBody),
    defaultValues: { role: user.role, subRole: user.subRole },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    setRole.mutate(
      { id: user._id, role: values.role, subRole: values.subRole ?? null },
      {
        onSuccess: (answer) => {
          toast.success(
            answer.message ?? 'Role updated',
            `${fullName(user)} is now ${humanize(values.role)}`,
          );
          onClose();
        },
      },
    ),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title="Change platform role"
      description={`${fullName(user)} (${user.email})`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="admin-role-form" loading={setRole.isPending}>
            Save role
          </Button>
        </>
      }
    >
      <form
        id="admin-role-form"
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
        aria-label="Change platform role"
      >
        <FormError
          message={setRole.isError ? apiErrorMessage(setRole.error, ADMIN_FALLBACK_MESSAGES.role) : null}
        />
        <Field label="Role" error={errors.role?.message}>
          {(control) => (
            <Select {...control} data-autofocus {...form.register('role')}>
              {PLATFORM_ROLES.map((value) => (
                <option key={value} value={value}>
                  {value === 'user' ? 'Staff (user)' : roleLabel(value)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Sub role" error={errors.subRole?.message} hint="Empty clears it.">
          {(control) => <Input {...control} {...form.register('subRole', { setValueAs: emptyToNull })} />}
        </Field>
        <p className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-xs text-slate-500">
          <UserX className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Company roles are managed in each company’s users page; this is the account’s platform role.
        </p>
      </form>
    </Dialog>
  );
}
