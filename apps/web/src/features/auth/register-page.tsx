import { AUTH_FALLBACK_MESSAGES } from '@rentora/shared';
import { Building2, UserRound } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button';
import { Field, FormError, Input } from '../../components/field';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useLightForm } from '../../lib/light-form';
import { useRegister, useRegisterCompany } from './auth.actions';
import { PasswordInput } from './password-input';

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
// Validation (zod + the shared schemas, see auth-resolvers.ts) loads on the first input or submit.
const registerResolver = lazyResolver(() =>
  import('./auth-resolvers').then((module) => module.registerResolver),
);
const registerCompanyResolver = lazyResolver(() =>
  import('./auth-resolvers').then((module) => module.registerCompanyResolver),
);

function PersonForm() {
  const register = useRegister();
  const navigate = useNavigate();
  const form = useLightForm({
    resolver: registerResolver,
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) =>
    register.mutate(body, {
      onSuccess: (answer) =>
        navigate('/auth/verify-email-pending', { replace: true, state: { email: answer.user.email } }),
    }),
  );
  return (
    <form
      onSubmit={onSubmit}
      onInput={registerResolver.preload}
      onPointerDown={registerResolver.preload}
      noValidate
      className="space-y-4"
      aria-label="Create a renter account"
    >
      <FormError
        message={register.isError ? apiErrorMessage(register.error, AUTH_FALLBACK_MESSAGES.register) : null}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" error={errors.firstName?.message}>
          {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
        </Field>
        <Field label="Last name" error={errors.lastName?.message}>
          {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
        </Field>
      </div>
      <Field label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field label="Phone" hint="Optional" error={errors.phone?.message}>
        {(control) => (
          <Input
            {...control}
            type="tel"
            autoComplete="tel"
            {...form.register('phone', { setValueAs: emptyToUndefined })}
          />
        )}
      </Field>
      <Field label="Password" hint="At least 8 characters" error={errors.password?.message}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />
        )}
      </Field>
      <Field label="Confirm password" error={errors.confirmPassword?.message}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...form.register('confirmPassword')} />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={register.isPending}>
        Create account
      </Button>
    </form>
  );
}

function CompanyForm() {
  const registerCompany = useRegisterCompany();
  const navigate = useNavigate();
  const form = useLightForm({
    resolver: registerCompanyResolver,
    defaultValues: {
      company: { name: '' },
      owner: { firstName: '', lastName: '', email: '', password: '' },
      confirmPassword: '',
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) =>
    registerCompany.mutate(body, {
      onSuccess: (answer) =>
        navigate('/auth/verify-email-pending', { replace: true, state: { email: answer.user.email } }),
    }),
  );
  return (
    <form
      onSubmit={onSubmit}
      onInput={registerCompanyResolver.preload}
      onPointerDown={registerCompanyResolver.preload}
      noValidate
      className="space-y-4"
      aria-label="Register your company"
    >
      <FormError
        message={
          registerCompany.isError
            ? apiErrorMessage(registerCompany.error, AUTH_FALLBACK_MESSAGES.registerCompany)
            : null
        }
      />
      <Field label="Company name" error={errors.company?.name?.message}>
        {(control) => <Input {...control} autoComplete="organization" {...form.register('company.name')} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Your first name" error={errors.owner?.firstName?.message}>
          {(control) => (
            <Input {...control} autoComplete="given-name" {...form.register('owner.firstName')} />
          )}
        </Field>
        <Field label="Your last name" error={errors.owner?.lastName?.message}>
          {(control) => (
            <Input {...control} autoComplete="family-name" {...form.register('owner.lastName')} />
          )}
        </Field>
      </div>
      <Field label="Work email" error={errors.owner?.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" {...form.register('owner.email')} />
        )}
      </Field>
      <Field label="Phone" hint="Optional" error={errors.owner?.phone?.message}>
        {(control) => (
          <Input
            {...control}
            type="tel"
            autoComplete="tel"
            {...form.register('owner.phone', { setValueAs: emptyToUndefined })}
          />
        )}
      </Field>
      <Field label="Password" hint="At least 8 characters" error={errors.owner?.password?.message}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...form.register('owner.password')} />
        )}
      </Field>
      <Field label="Confirm password" error={errors.confirmPassword?.message}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...form.register('confirmPassword')} />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={registerCompany.isPending}>
        Create company
      </Button>
    </form>
  );
}

export function RegisterPage() {
  useDocumentTitle('Create an account');
  const [params, setParams] = useSearchParams();
  const isCompany = params.get('type') === 'company';
  const tabs = [
    { id: 'person', label: 'I’m renting', icon: UserRound },
    { id: 'company', label: 'I manage properties', icon: Building2 },
  ] as const;
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {isCompany ? 'Register your company' : 'Create your account'}
      </h1>
      <p className="mt-1 text-sm text-slate-500">
        {isCompany
          ? 'Set up your company and become its owner. You can invite your team next.'
          : 'Browse homes, book units and follow your lease in one place.'}
      </p>
      <div
        role="tablist"
        aria-label="Account type"
        className="mt-6 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
      >
        {tabs.map(({ id, label, icon: Icon }) => {
          const selected = (id === 'company') === isCompany;
          return (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={selected}
              onClick={() => setParams(id === 'company' ? { type: 'company' } : {}, { replace: true })}
              className={cn(
                'flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition',
                selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500 hover:text-slate-700',
              )}
            >
              <Icon className="h-4 w-4" aria-hidden />
              {label}
            </button>
          );
        })}
      </div>
      <div className="mt-6" role="tabpanel">
        {isCompany ? <CompanyForm /> : <PersonForm />}
      </div>
      <p className="mt-8 text-center text-sm text-slate-500">
        Already have an account?{' '}
        <Link to="/auth/login" className="font-medium text-brand-600 hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
