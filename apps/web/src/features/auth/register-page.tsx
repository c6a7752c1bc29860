import { AUTH_FALLBACK_MESSAGES } from '@rentora/shared';
import { Building2, UserRound } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button';
import { EmailField, PhoneField } from '../../components/contact-fields';
import { Field, Input, type InputProps } from '../../components/field';
import { emptyToUndefined } from '../../components/form-values';
import { LightFormFrame } from '../../components/light-form-frame';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useLightForm } from '../../lib/light-form';
import { useRegister, useRegisterCompany } from './auth.actions';
import { PasswordInput } from './password-input';

// Validation (zod + the shared schemas, see auth-resolvers.ts) loads on the first input or submit.
const registerResolver = lazyResolver(() =>
  import('./auth-resolvers').then((module) => module.registerResolver),
);
const registerCompanyResolver = lazyResolver(() =>
  import('./auth-resolvers').then((module) => module.registerCompanyResolver),
);

type AccountField = 'firstName' | 'lastName' | 'email' | 'phone' | 'password' | 'confirmPassword';

/** The person part of both sign-ups: name, email, optional phone, password twice. */
function AccountFields({
  labels,
  fields,
}: {
  labels: Record<'firstName' | 'lastName' | 'email', string>;
  fields: Record<AccountField, { input: InputProps; error?: string }>;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={labels.firstName} error={fields.firstName.error}>
          {(control) => <Input {...control} autoComplete="given-name" {...fields.firstName.input} />}
        </Field>
        <Field label={labels.lastName} error={fields.lastName.error}>
          {(control) => <Input {...control} autoComplete="family-name" {...fields.lastName.input} />}
        </Field>
      </div>
      <EmailField label={labels.email} error={fields.email.error} input={fields.email.input} />
      <PhoneField hint="Optional" error={fields.phone.error} input={fields.phone.input} />
      <Field label="Password" hint="At least 8 characters" error={fields.password.error}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...fields.password.input} />}
      </Field>
      <Field label="Confirm password" error={fields.confirmPassword.error}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...fields.confirmPassword.input} />
        )}
      </Field>
    </>
  );
}

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
    <LightFormFrame
      onSubmit={onSubmit}
      preload={registerResolver.preload}
      className="space-y-4"
      aria-label="Create a renter account"
      error={register.isError ? apiErrorMessage(register.error, AUTH_FALLBACK_MESSAGES.register) : null}
    >
      <AccountFields
        labels={{ firstName: 'First name', lastName: 'Last name', email: 'Email' }}
        fields={{
          firstName: { input: form.register('firstName'), error: errors.firstName?.message },
          lastName: { input: form.register('lastName'), error: errors.lastName?.message },
          email: { input: form.register('email'), error: errors.email?.message },
          phone: {
            input: form.register('phone', { setValueAs: emptyToUndefined }),
            error: errors.phone?.message,
          },
          password: { input: form.register('password'), error: errors.password?.message },
          confirmPassword: {
            input: form.register('confirmPassword'),
            error: errors.confirmPassword?.message,
          },
        }}
      />
      <Button type="submit" size="lg" className="w-full" loading={register.isPending}>
        Create account
      </Button>
    </LightFormFrame>
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
    <LightFormFrame
      onSubmit={onSubmit}
      preload={registerCompanyResolver.preload}
      className="space-y-4"
      aria-label="Register your company"
      error={
        registerCompany.isError
          ? apiErrorMessage(registerCompany.error, AUTH_FALLBACK_MESSAGES.registerCompany)
          : null
      }
    >
      <Field label="Company name" error={errors.company?.name?.message}>
        {(control) => <Input {...control} autoComplete="organization" {...form.register('company.name')} />}
      </Field>
      <AccountFields
        labels={{ firstName: 'Your first name', lastName: 'Your last name', email: 'Work email' }}
        fields={{
          firstName: { input: form.register('owner.firstName'), error: errors.owner?.firstName?.message },
          lastName: { input: form.register('owner.lastName'), error: errors.owner?.lastName?.message },
          email: { input: form.register('owner.email'), error: errors.owner?.email?.message },
          phone: {
            input: form.register('owner.phone', { setValueAs: emptyToUndefined }),
            error: errors.owner?.phone?.message,
          },
          password: { input: form.register('owner.password'), error: errors.owner?.password?.message },
          confirmPassword: {
            input: form.register('confirmPassword'),
            error: errors.confirmPassword?.message,
          },
        }}
      />
      <Button type="submit" size="lg" className="w-full" loading={registerCompany.isPending}>
        Create company
      </Button>
    </LightFormFrame>
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
