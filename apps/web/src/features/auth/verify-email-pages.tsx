import { AUTH_FALLBACK_MESSAGES } from '@rentora/shared';
import { CheckCircle2, Loader2, MailWarning, Send } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { Button, ButtonLink } from '../../components/button';
import { Field, FormError, FormSuccess, Input } from '../../components/field';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useLightForm } from '../../lib/light-form';
import { useResendVerification, useVerifyEmail } from './auth.api';
import { roleHome, useAuth } from './auth-provider';

// Validation (zod + the shared schema) loads on the first input or submit, as on the other auth forms.
const resendVerificationResolver = lazyResolver(() =>
  import('./auth-resolvers').then((module) => module.resendVerificationResolver),
);

function ResendVerification({ initialEmail }: { initialEmail?: string }) {
  const { isAuthenticated } = useAuth();
  const resend = useResendVerification();
  const form = useLightForm({
    resolver: resendVerificationResolver,
    defaultValues: { email: initialEmail ?? '' },
  });
  const needsEmail = !isAuthenticated;
  const submitWithEmail = form.handleSubmit(({ email }) => resend.mutate(email));
  return (
    <form
      className="mt-6 space-y-3 text-left"
      noValidate
      onInput={resendVerificationResolver.preload}
      onPointerDown={resendVerificationResolver.preload}
      onSubmit={(event) => {
        if (needsEmail) {
          void submitWithEmail(event);
          return;
        }
        event.preventDefault();
        resend.mutate(undefined);
      }}
      aria-label="Resend verification email"
    >
      <FormSuccess message={resend.isSuccess ? resend.data.message : null} />
      <FormError
        message={
          resend.isError ? apiErrorMessage(resend.error, AUTH_FALLBACK_MESSAGES.resendVerification) : null
        }
      />
      {needsEmail ? (
        <Field label="Email" error={form.formState.errors.email?.message}>
          {(control) => <Input {...control} type="email" {...form.register('email')} required />}
        </Field>
      ) : null}
      <Button
        type="submit"
        variant="outline"
        className="w-full"
        loading={resend.isPending}
        icon={<Send className="h-4 w-4" aria-hidden />}
      >
        Resend verification email
      </Button>
    </form>
  );
}

export function VerifyEmailPage() {
  useDocumentTitle('Verify email');
  const { token = '' } = useParams();
  const verify = useVerifyEmail(token);
  const { user, isAuthenticated } = useAuth();

  if (verify.isPending) {
    return (
      <div className="text-center" aria-busy="true">
        <Loader2 className="mx-auto h-10 w-10 animate-spin text-brand-600" aria-hidden />
        <p role="status" className="mt-4 text-sm text-slate-500">
          Verifying your email…
        </p>
      </div>
    );
  }
  if (verify.isError) {
    return (
      <div className="text-center">
        <MailWarning className="mx-auto h-12 w-12 text-amber-500" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">We couldn’t verify your email</h1>
        <p className="mt-2 text-sm text-slate-500" role="alert">
          {apiErrorMessage(verify.error, AUTH_FALLBACK_MESSAGES.verifyEmail)}
        </p>
        <ResendVerification initialEmail={user?.email} />
      </div>
    );
  }
  return (
    <div className="text-center" role="status">
      <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-500" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Email verified</h1>
      <p className="mt-2 text-sm text-slate-500">
        Thanks, {verify.data.firstName}. Your account is ready to use.
      </p>
      <ButtonLink to={isAuthenticated ? roleHome(user) : '/auth/login'} className="mt-8" size="lg">
        {isAuthenticated ? 'Continue' : 'Sign in'}
      </ButtonLink>
    </div>
  );
}

export function VerifyEmailPendingPage() {
  useDocumentTitle('Verify your email');
  const { user, isAuthenticated } = useAuth();
  const location = useLocation();
  const email = user?.email ?? (location.state as { email?: string } | null)?.email;
  return (
    <div className="text-center">
      <MailWarning className="mx-auto h-12 w-12 text-brand-600" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Verify your email</h1>
      <p className="mt-2 text-sm text-slate-500">
        We sent a verification link to{' '}
        {email ? <strong className="text-slate-700">{email}</strong> : 'your inbox'}. Open it to confirm your
        address.
      </p>
      {user?.isEmailVerified ? (
        <FormSuccess message="Your email is already verified." />
      ) : (
        <ResendVerification initialEmail={email} />
      )}
      <div className="mt-8">
        {isAuthenticated ? (
          <ButtonLink to={roleHome(user)} variant="link">
            Continue to your account →
          </ButtonLink>
        ) : (
          <Link to="/auth/login" className="text-sm font-medium text-brand-600 hover:underline">
            Back to sign in
          </Link>
        )}
      </div>
    </div>
  );
}
