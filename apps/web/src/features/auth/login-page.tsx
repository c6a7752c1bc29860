import { AUTH_FALLBACK_MESSAGES } from '@rentora/shared';
import { Link, useLocation, useNavigate } from 'react-router';
import { fromLocation } from '../../app/guards';
import { Button } from '../../components/button';
import { EmailField } from '../../components/contact-fields';
import { Field } from '../../components/field';
import { LightFormFrame } from '../../components/light-form-frame';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useLightForm } from '../../lib/light-form';
import { isChallenge, useLogin } from './auth.actions';
import { roleHome } from './auth-provider';
import { PasswordInput } from './password-input';

const loginResolver = lazyResolver(() => import('./auth-resolvers').then((module) => module.loginResolver));

export function LoginPage() {
  useDocumentTitle('Sign in');
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useLightForm({ resolver: loginResolver, defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (answer) =>
        isChallenge(answer)
          ? navigate('/auth/login/2fa', {
              state: { mfaToken: answer.mfaToken, from: (location.state as { from?: unknown } | null)?.from },
            })
          : navigate(fromLocation(location.state) ?? roleHome(answer.user), { replace: true }),
    }),
  );

  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Welcome back</h1>
      <p className="mt-1 text-sm text-slate-500">Sign in to your Rentora account.</p>
      <LightFormFrame
        onSubmit={onSubmit}
        preload={loginResolver.preload}
        className="mt-8 space-y-5"
        aria-label="Sign in"
        error={login.isError ? apiErrorMessage(login.error, AUTH_FALLBACK_MESSAGES.login) : null}
      >
        <EmailField error={errors.email?.message} input={{ autoFocus: true, ...form.register('email') }} />
        <Field label="Password" error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />
          )}
        </Field>
        <div className="flex justify-end">
          <Link to="/auth/forgot-password" className="text-sm font-medium text-brand-600 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
          Sign in
        </Button>
      </LightFormFrame>
      <p className="mt-8 text-center text-sm text-slate-500">
        New to Rentora?{' '}
        <Link to="/auth/register" className="font-medium text-brand-600 hover:underline">
          Create an account
        </Link>
      </p>
    </div>
  );
}
