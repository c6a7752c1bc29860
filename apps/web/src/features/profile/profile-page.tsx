import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_FALLBACK_MESSAGES, ZChangePasswordBody, ZLoginBody, ZUpdateProfileBody } from '@rentora/shared';
import { BadgeCheck, MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Avatar } from '../../components/avatar';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card, PageHeader } from '../../components/card';
import { Field, FormError, Input } from '../../components/field';
import { ApiError, apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatDate, humanize } from '../../lib/format';
import { readThemePreference, saveThemePreference, type ThemePreference } from '../../lib/theme';
import { toast } from '../../lib/toast';
import { useChangePassword, useUpdateProfile } from '../auth/auth.api';
import { useAuth } from '../auth/auth-provider';
import { PasswordInput } from '../auth/password-input';
import { TwoFactorCard } from '../two-factor/two-factor-card';

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const ZChangePasswordForm = ZChangePasswordBody.safeExtend({
  confirmPassword: ZLoginBody.shape.password,
}).refine((values) => values.newPassword === values.confirmPassword, {
  message: 'Passwords do not match',
  path: ['confirmPassword'],
});

function ProfileForm() {
  const { user } = useAuth();
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(ZUpdateProfileBody),
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      phone: user?.phone ?? null,
      avatar: user?.avatar ?? null,
    },
  });
  const { errors, isDirty } = form.formState;
  useEffect(() => {
    if (user)
      form.reset({
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        avatar: user.avatar,
      });
  }, [user, form]);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (answer) =>
        toast.success('Profile updated', answer.message === 'Profile updated' ? undefined : answer.message),
      onError: (error) => {
        for (const detail of error instanceof ApiError ? error.details : []) {
          const field = detail.path as 'firstName' | 'lastName' | 'phone' | 'avatar';
          if (['firstName', 'lastName', 'phone', 'avatar'].includes(field))
            form.setError(field, { message: detail.message });
        }
      },
    }),
  );

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">Personal details</h2>
      <p className="text-sm text-slate-500">How you appear to your team and tenants.</p>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-label="Personal details">
        <FormError
          message={
            update.isError ? apiErrorMessage(update.error, AUTH_FALLBACK_MESSAGES.updateProfile) : null
          }
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" error={errors.firstName?.message}>
            {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
          </Field>
          <Field label="Last name" error={errors.lastName?.message}>
            {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
          </Field>
        </div>
        <Field label="Phone" error={errors.phone?.message}>
          {(control) => (
            <Input
              {...control}
              type="tel"
              autoComplete="tel"
              {...form.register('phone', { setValueAs: emptyToNull })}
            />
          )}
        </Field>
        <Field
          label="Avatar image URL"
          hint="Leave empty to use your initials."
          error={errors.avatar?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              placeholder="https://…"
              {...form.register('avatar', { setValueAs: emptyToNull })}
            />
          )}
        </Field>
        <div className="flex justify-end">
          <Button type="submit" loading={update.isPending} disabled={!isDirty}>
            Save changes
          </Button>
        </div>
      </form>
    </Card>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const form = useForm({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (answer) => {
          toast.success('Password changed', answer.message);
          form.reset();
        },
        onError: (error) => {
          for (const detail of error instanceof ApiError ? error.details : []) {
            if (detail.path === 'currentPassword' || detail.path === 'newPassword') {
              form.setError(detail.path, { message: detail.message });
            }
          }
        },
      },
    ),
  );
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">Change password</h2>
      <p className="text-sm text-slate-500">Other devices are signed out when you change it.</p>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-label="Change password">
        <FormError
          message={
            change.isError && !(change.error instanceof ApiError && change.error.details.length)
              ? apiErrorMessage(change.error, AUTH_FALLBACK_MESSAGES.changePassword)
              : null
          }
        />
        <Field label="Current password" error={errors.currentPassword?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              {...form.register('currentPassword')}
            />
          )}
        </Field>
        <Field label="New password" hint="At least 8 characters" error={errors.newPassword?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register('newPassword')} />
          )}
        </Field>
        <Field label="Confirm new password" error={errors.confirmPassword?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register('confirmPassword')} />
          )}
        </Field>
        <div className="flex justify-end">
          <Button type="submit" loading={change.isPending}>
            Update password
          </Button>
        </div>
      </form>
    </Card>
  );
}

function AppearanceCard() {
  const [theme, setTheme] = useState<ThemePreference>(readThemePreference);
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">Appearance</h2>
      <p className="text-sm text-slate-500">
        Your preference is saved on this device. The dashboard uses the light theme for now.
      </p>
      <fieldset className="mt-4 inline-flex rounded-lg bg-slate-100 p-1">
        <legend className="sr-only">Theme</legend>
        {(['light', 'dark'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={theme === option}
            onClick={() => {
              setTheme(option);
              saveThemePreference(option);
            }}
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-medium capitalize transition',
              theme === option ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500 hover:text-slate-700',
            )}
          >
            {option}
          </button>
        ))}
      </fieldset>
    </Card>
  );
}

/** /dashboard/profile and /tenant/profile: real profile update and password change. */
export function ProfilePage() {
  const { user, currentCompanyUser, currentCompany } = useAuth();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Profile"
        description="Manage your personal details, password and two-factor sign-in."
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="h-fit p-6 text-center">
          <Avatar
            firstName={user.firstName}
            lastName={user.lastName}
            src={user.avatar}
            size="lg"
            className="mx-auto"
          />
          <p className="mt-3 text-lg font-semibold text-slate-900">
            {user.firstName} {user.lastName}
          </p>
          <p className="text-sm text-slate-500">{user.email}</p>
          <div className="mt-3 flex flex-wrap justify-center gap-2">
            <Badge tone="brand" className="capitalize">
              {humanize(currentCompanyUser?.role ?? user.role)}
            </Badge>
            {user.isEmailVerified ? (
              <Badge tone="success">
                <BadgeCheck className="mr-1 h-3 w-3" aria-hidden /> Verified
              </Badge>
            ) : (
              <Badge tone="warning">
                <MailWarning className="mr-1 h-3 w-3" aria-hidden /> Email not verified
              </Badge>
            )}
          </div>
          <dl className="mt-6 space-y-2 border-t border-slate-100 pt-4 text-left text-sm">
            {currentCompany ? (
              <div className="flex justify-between gap-2">
                <dt className="text-slate-500">Company</dt>
                <dd className="truncate font-medium text-slate-800">{currentCompany.name}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-2">
              <dt className="text-slate-500">Member since</dt>
              <dd className="font-medium text-slate-800">{formatDate(user.createdAt)}</dd>
            </div>
          </dl>
        </Card>
        <div className="space-y-6 lg:col-span-2">
          <ProfileForm />
          <PasswordForm />
          {user.role === 'tenant' ? null : <TwoFactorCard />}
          <AppearanceCard />
        </div>
      </div>
    </div>
  );
}
