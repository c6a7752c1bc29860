import { AUTH_FALLBACK_MESSAGES } from '@rentora/shared';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { fromLocation } from '../../app/guards';
import { Button } from '../../components/button';
import { Field, FormError, Input } from '../../components/field';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useLightForm } from '../../lib/light-form';
import { useLoginWithCode } from './auth.actions';
import { roleHome } from './auth-provider';

const codeResolver = lazyResolver(() => import('./auth-resolvers').then((module) => module.mfaCodeResolver));

/** What the password step hands the code step (router state, never the URL). */
export interface TwoFactorState {
  mfaToken: string;
  from?: unknown;
}

/** /auth/login/2fa: the code from the authenticator app (or a recovery code) after the password. */
export function TwoFactorLoginPage() {
  useDocumentTitle('Two-factor sign-in');
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as TwoFactorState | null;
  const login = useLoginWithCode();
  const [useRecovery, setUseRecovery] = useState(false);
  const [rememberDevice, setRememberDevice] = useState(false);
  const form = useLightForm({ resolver: codeResolver, defaultValues: { code: '' } });
  const { errors } = form.formState;

  if (!state?.mfaToken) return <Navigate to="/auth/login" replace />;

  const onSubmit = form.handleSubmit(({ code }) =>
    login.mutate(
      {
        mfaToken: state.mfaToken,
        ...(useRecovery ? { recoveryCode: code } : { code }),
        rememberDevice,
      },
      {
        onSuccess: (answer) => navigate(fromLocation(state.from) ?? roleHome(answer.user), { replace: true }),
      },
    ),
  );

  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Two-factor sign-in</h1>
      <p className="mt-1 text-sm text-slate-500">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <form
        onSubmit={onSubmit}
        onInput={codeResolver.preload}
        onPointerDown={codeResolver.preload}
        noValidate
        className="mt-8 space-y-5"
        aria-label="Two-factor code"
      >
        <FormError
          message={login.isError ? apiErrorMessage(login.error, AUTH_FALLBACK_MESSAGES.mfaLogin) : null}
        />
        <Field label={useRecovery ? 'Recovery code' : 'Authentication code'} error={errors.code?.message}>
          {(control) => (
            <Input
              {...control}
              key={useRecovery ? 'recovery' : 'code'}
              autoComplete="one-time-code"
              inputMode={useRecovery ? 'text' : 'numeric'}
              autoFocus
              {...form.register('code')}
            />
          )}
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300"
            checked={rememberDevice}
            onChange={(event) => setRememberDevice(event.target.checked)}
          />
          Remember this device for 30 days
        </label>
        <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
          Verify
        </Button>
      </form>
      <div className="mt-6 flex justify-between text-sm">
        <button
          type="button"
          className="font-medium text-brand-600 hover:underline"
          onClick={() => setUseRecovery((value) => !value)}
        >
          {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
        </button>
        <Link to="/auth/login" className="font-medium text-slate-500 hover:underline">
          Back to sign in
        </Link>
      </div>
    </div>
  );
}
