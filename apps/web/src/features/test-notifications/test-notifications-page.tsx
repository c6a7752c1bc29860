import { zodResolver } from '@hookform/resolvers/zod';
import { type TestNotificationResult, ZTestNotificationBody } from '@rentora/shared';
import { Bell, CheckCircle2, Mail, RefreshCw, Send, XCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { Field, FormError, Input, Textarea } from '../../components/field';
import { emptyToUndefined } from '../../components/form-values';
import { SearchInput } from '../../components/search-input';
import { Skeleton } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { humanize } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useAdminUsers } from '../admin/admin.api';
import { useAuth } from '../auth/auth-provider';
import { COMPANY_USER_FALLBACK_MESSAGES, useLimitedCompanyUsers } from '../company-users/company-users.api';
import { TEST_NOTIFICATION_FALLBACK_MESSAGE, useSendTestNotification } from './test-notifications.api';

interface Recipient {
  userId: string;
  name: string;
  email: string;
  detail: string;
  avatar: string | null;
}

/** Super admin: any active account (searched on the server). Others: active members of the current company (cached list). */
function useRecipients(search: string) {
  const { user } = useAuth();
  const superAdmin = user?.role === 'super_admin';
  const debounced = useDebouncedValue(search.trim());
  const platform = useAdminUsers(
    { page: 1, limit: 10, search: debounced || undefined, isActive: 'true' },
    superAdmin,
  );
  const company = useLimitedCompanyUsers({ enabled: !superAdmin });
  const recipients = useMemo<Recipient[]>(() => {
    if (superAdmin) {
      return (platform.data?.data ?? []).map((account) => ({
        userId: account._id,
        name: `${account.firstName} ${account.lastName}`.trim(),
        email: account.email,
        detail: humanize(account.role),
        avatar: account.avatar,
      }));
    }
    const needle = search.trim().toLowerCase();
    return (company.data ?? [])
      .filter((member) =>
        needle
          ? `${member.firstName} ${member.lastName} ${member.email}`.toLowerCase().includes(needle)
          : true,
      )
      .map((member) => ({
        userId: member.userId,
        name: `${member.firstName} ${member.lastName}`.trim(),
        email: member.email,
        detail: humanize(member.role),
        avatar: member.avatar,
      }));
  }, [superAdmin, platform.data, company.data, search]);
  const source = superAdmin ? platform : company;
  return {
    superAdmin,
    recipients,
    isPending: source.isPending,
    error: source.isError
      ? apiErrorMessage(
          source.error,
          superAdmin ? 'Failed to fetch users' : COMPANY_USER_FALLBACK_MESSAGES.limited,
        )
      : null,
    refresh: superAdmin ? () => void platform.refetch() : () => void company.refresh(),
    isRefreshing: source.isFetching,
  };
}

/** /dashboard/test-notifications: send one in-app notification or email and see whether it was delivered. */
export function TestNotificationsPage() {
  const auth = useAuth();
  const send = useSendTestNotification();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Recipient | null>(null);
  const [result, setResult] = useState<TestNotificationResult | null>(null);
  const people = useRecipients(search);
  const form = useForm({
    resolver: zodResolver(ZTestNotificationBody),
    defaultValues: { userId: '', channel: 'in_app' as const },
  });
  const { errors } = form.formState;
  const channel = form.watch('channel');

  const choose = (recipient: Recipient) => {
    setChosen(recipient);
    form.setValue('userId', recipient.userId, { shouldValidate: true });
  };
  const me: Recipient | null = auth.user
    ? {
        userId: auth.user._id,
        name: `${auth.user.firstName} ${auth.user.lastName}`,
        email: auth.user.email,
        detail: 'You',
        avatar: auth.user.avatar,
      }
    : null;

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: (answer) => {
        setResult(answer.data);
        if (answer.data.status === 'sent')
          toast.success(answer.message ?? 'Test notification sent', answer.data.recipient.email);
        else
          toast.error(
            answer.message ?? 'The test notification could not be delivered',
            answer.data.error ?? undefined,
          );
      },
      onError: (error) => toast.error(apiErrorMessage(error, TEST_NOTIFICATION_FALLBACK_MESSAGE)),
    }),
  );

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Test Notifications"
        description={
          people.superAdmin
            ? 'Send a test to any active account to check in-app delivery and email.'
            : `Send a test to an active member of ${auth.currentCompany?.name ?? 'your company'}.`
        }
      />
      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="p-5 lg:col-span-2">
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 className="text-sm font-semibold text-slate-900">Recipient</h2>
            <Button
              size="sm"
              variant="ghost"
              icon={
                <RefreshCw className={cn('h-4 w-4', people.isRefreshing && 'animate-spin')} aria-hidden />
              }
              onClick={people.refresh}
              aria-label="Refresh the list"
            >
              Refresh
            </Button>
          </div>
          <SearchInput
            label="Search people"
            placeholder="Name or email"
            value={search}
            onChange={setSearch}
          />
          {me ? (
            <button
              type="button"
              onClick={() => choose(me)}
              className="mt-2 text-xs font-medium text-brand-600 hover:underline"
            >
              Send to myself
            </button>
          ) : null}
          <div className="mt-3 max-h-96 overflow-y-auto" role="listbox" aria-label="People">
            {people.isPending ? (
              <div className="space-y-2">
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            ) : people.error ? (
              <p className="rounded-lg bg-red-50 p-3 text-sm text-red-700" role="alert">
                {people.error}
              </p>
            ) : people.recipients.length === 0 ? (
              <p className="p-3 text-sm text-slate-500">No active people match.</p>
            ) : (
              people.recipients.map((person) => {
                const selected = chosen?.userId === person.userId;
                return (
                  <button
                    key={person.userId}
                    type="button"
                    role="option"
                    aria-selected={selected}
                    onClick={() => choose(person)}
                    className={cn(
                      'flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left',
                      selected ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-50',
                    )}
                  >
                    <Avatar
                      firstName={person.name.split(' ')[0]}
                      lastName={person.name.split(' ').slice(1).join(' ')}
                      src={person.avatar}
                      size="sm"
                    />
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-slate-900">{person.name}</span>
                      <span className="block truncate text-xs text-slate-500">
                        {person.email} · <span className="capitalize">{person.detail}</span>
                      </span>
                    </span>
                  </button>
                );
              })
            )}
          </div>
        </Card>

        <div className="space-y-6 lg:col-span-3">
          <Card className="p-5">
            <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Send a test notification">
              <FormError
                message={
                  send.isError ? apiErrorMessage(send.error, TEST_NOTIFICATION_FALLBACK_MESSAGE) : null
                }
              />
              <div>
                <p className="text-sm font-medium text-slate-700">To</p>
                {chosen ? (
                  <p className="mt-1 text-sm text-slate-900">
                    {chosen.name} <span className="text-slate-500">({chosen.email})</span>
                  </p>
                ) : (
                  <p className="mt-1 text-sm text-slate-400">Choose someone from the list.</p>
                )}
                {errors.userId ? (
                  <p className="mt-1 text-xs font-medium text-red-600" role="alert">
                    Choose a recipient
                  </p>
                ) : null}
              </div>
              <fieldset>
                <legend className="text-sm font-medium text-slate-700">Channel</legend>
                <div className="mt-2 grid grid-cols-2 gap-2">
                  {(
                    [
                      ['in_app', 'In-app', Bell],
                      ['email', 'Email', Mail],
                    ] as const
                  ).map(([value, label, Icon]) => (
                    <label
                      key={value}
                      className={cn(
                        'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm',
                        channel === value
                          ? 'border-brand-500 bg-brand-50 text-brand-700'
                          : 'border-slate-300 text-slate-700',
                      )}
                    >
                      <input type="radio" value={value} className="sr-only" {...form.register('channel')} />
                      <Icon className="h-4 w-4" aria-hidden />
                      {label}
                    </label>
                  ))}
                </div>
              </fieldset>
              <Field
                label="Title"
                error={errors.title?.message}
                hint="Optional; a default test title is used."
              >
                {(control) => (
                  <Input {...control} {...form.register('title', { setValueAs: emptyToUndefined })} />
                )}
              </Field>
              <Field label="Message" error={errors.message?.message}>
                {(control) => (
                  <Textarea
                    {...control}
                    rows={3}
                    {...form.register('message', { setValueAs: emptyToUndefined })}
                  />
                )}
              </Field>
              <div className="flex justify-end">
                <Button
                  type="submit"
                  loading={send.isPending}
                  icon={<Send className="h-4 w-4" aria-hidden />}
                >
                  Send test
                </Button>
              </div>
            </form>
          </Card>
          {result ? (
            <Card
              className={cn(
                'flex items-start gap-3 p-5',
                result.status === 'sent' ? 'border-emerald-200' : 'border-red-200',
              )}
              role="status"
            >
              {result.status === 'sent' ? (
                <CheckCircle2 className="h-6 w-6 shrink-0 text-emerald-500" aria-hidden />
              ) : (
                <XCircle className="h-6 w-6 shrink-0 text-red-500" aria-hidden />
              )}
              <div className="text-sm">
                <p className="font-semibold text-slate-900">
                  {result.status === 'sent' ? 'Delivered' : 'Not delivered'} (
                  {result.channel === 'email' ? 'email' : 'in-app'})
                </p>
                <p className="text-slate-600">To {result.recipient.email}</p>
                {result.error ? <p className="mt-1 text-red-600">{result.error}</p> : null}
                {people.superAdmin ? (
                  <Link
                    to="/dashboard/notification-logs"
                    className="mt-2 inline-block font-medium text-brand-600 hover:underline"
                  >
                    See it in the notification logs →
                  </Link>
                ) : null}
              </div>
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  );
}
