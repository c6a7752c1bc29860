import { AUTH_FALLBACK_MESSAGES } from '@rentora/shared';
import { MailCheck } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/button';
import { EmailField } from '../../components/contact-fields';
import { Field } from '../../components/field';
import { LightFormFrame } from '../../components/light-form-frame';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useLightForm } from '../../lib/light-form';
import { toast } from '../../lib/toast';
import { isChallenge, useForgotPassword, useResetPassword } from './auth.actions';
import { roleHome } from './auth-provider';
import { PasswordInput } from './password-input';

// Validation (zod + the shared schemas, see auth-resolvers.ts) loads on the first input or submit.
const forgotPasswordResolver = lazyResolver(() =>
  import('./auth-resolvers').then((module) => module.forgotPasswordResolver),
);
const resetPasswordResolver = lazyResolver(() =>
  import('./auth-resolvers').then((module) => module.resetPasswordResolver),
);

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const forgot = useForgotPassword();
  const form = useLightForm({ resolver: forgotPasswordResolver, defaultValues: { email: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ email }) => forgot.mutate(email));

  if (forgot.isSuccess) {
    return (
      <div className="text-center" role="status">
        <MailCheck className="mx-auto h-12 w-12 text-brand-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Check your email</h1>
        <p className="mt-2 text-sm text-slate-500">{forgot.data.message}</p>
        <Link
          to="/auth/login"
          className="mt-8 inline-block text-sm font-medium text-brand-600 hover:underline"
        >
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Forgot your password?</h1>
      <p className="mt-1 text-sm text-slate-500">Enter your email and we’ll send you a link to reset it.</p>
      <LightFormFrame
        onSubmit={onSubmit}
        preload={forgotPasswordResolver.preload}
        className="mt-8 space-y-5"
        aria-label="Forgot password"
        error={forgot.isError ? apiErrorMessage(forgot.error, AUTH_FALLBACK_MESSAGES.forgotPassword) : null}
      >
        <EmailField error={errors.email?.message} input={{ autoFocus: true, ...form.register('email') }} />
        <Button type="submit" size="lg" className="w-full" loading={forgot.isPending}>
          Send reset link
        </Button>
      </LightFormFrame>
      <p className="mt-8 text-center text-sm text-slate-500">
        Remembered it?{' '}
        <Link to="/auth/login" className="font-medium text-brand-600 hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}

export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const { token = '' } = useParams();
  const reset = useResetPassword(token);
  const navigate = useNavigate();
  const form = useLightForm({
    resolver: resetPasswordResolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutate(password, {
      onSuccess: (answer) => {
        if (isChallenge(answer)) {
          toast.success('Password reset', 'Enter your two-factor code to sign in.');
          navigate('/auth/login/2fa', { replace: true, state: { mfaToken: answer.mfaToken } });
          return;
        }
        toast.success('Password reset', 'You are now signed in with your new password.');
        navigate(roleHome(answer.user), { replace: true });
      },
    }),
  );
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Choose a new password</h1>
      <p className="mt-1 text-sm text-slate-500">Your new password must be at least 8 characters.</p>
      <LightFormFrame
        onSubmit={onSubmit}
        preload={resetPasswordResolver.preload}
        className="mt-8 space-y-5"
        aria-label="Reset password"
        error={reset.isError ? apiErrorMessage(reset.error, AUTH_FALLBACK_MESSAGES.resetPassword) : null}
      >
        <Field label="New password" error={errors.password?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              autoFocus
              {...form.register('password')}
            />
          )}
        </Field>
        <Field label="Confirm new password" error={errors.confirmPassword?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register('confirmPassword')} />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
          Reset password
        </Button>
      </LightFormFrame>
      {reset.isError ? (
        <p className="mt-6 text-center text-sm text-slate-500">
          Link expired?{' '}
          <Link to="/auth/forgot-password" className="font-medium text-brand-600 hover:underline">
            Request a new one
          </Link>
        </p>
      ) : null}
    </div>
  );
}
