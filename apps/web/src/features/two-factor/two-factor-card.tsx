import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_FALLBACK_MESSAGES, type MfaSetupDto, ZMfaDisableBody } from '@rentora/shared';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Dialog } from '../../components/dialog';
import { Field, Input } from '../../components/field';
import { Skeleton } from '../../components/skeleton';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { PasswordInput } from '../auth/password-input';
import {
  useDisableTwoFactor,
  useForgetDevices,
  useSetupTwoFactor,
  useTwoFactorStatus,
} from './two-factor.api';
import { RecoveryCodesPanel, TwoFactorEnrol } from './two-factor-setup';

function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const form = useForm({ resolver: zodResolver(ZMfaDisableBody), defaultValues: { password: '', code: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => {
        toast.success('Two-factor sign-in is off');
        form.reset();
        onClose();
      },
      onError: (error) => {
        if (applyServerErrors(form.setError, error).length === 0)
          toast.apiError(error, AUTH_FALLBACK_MESSAGES.mfaDisable);
      },
    }),
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Turn off two-factor sign-in"
      description="Your recovery codes and remembered devices stop working."
      size="sm"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Turn off two-factor sign-in">
        <Field label="Password" error={errors.password?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              data-autofocus
              {...form.register('password')}
            />
          )}
        </Field>
        <Field label="Code from the app or a recovery code" error={errors.code?.message}>
          {(control) => <Input {...control} autoComplete="one-time-code" {...form.register('code')} />}
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={disable.isPending}>
            Turn off
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RememberedDevices({ deviceRemembered }: { deviceRemembered: boolean }) {
  const forget = useForgetDevices();
  const run = (scope: 'this' | 'all') =>
    forget.mutate(
      { scope },
      {
        onSuccess: () =>
          toast.success(
            scope === 'all' ? 'Every remembered device is forgotten' : 'This device is forgotten',
          ),
        onError: (error) => toast.apiError(error, 'Could not forget devices'),
      },
    );
  return (
    <section className="mt-6 border-t border-slate-100 pt-4" aria-labelledby="remembered-devices">
      <h3 id="remembered-devices" className="font-medium text-slate-900">
        Remembered devices
      </h3>
      <p className="text-sm text-slate-500">
        {deviceRemembered
          ? 'This browser skips the code for 30 days after a sign-in with "remember this device".'
          : 'This browser asks for a code at every sign-in.'}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!deviceRemembered}
          loading={forget.isPending && forget.variables?.scope === 'this'}
          onClick={() => run('this')}
        >
          Forget this device
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          loading={forget.isPending && forget.variables?.scope === 'all'}
          onClick={() => run('all')}
        >
          Forget all devices
        </Button>
      </div>
    </section>
  );
}

/** Profile → Security: two-factor sign-in with an authenticator app. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const setupMutation = useSetupTwoFactor();
  const [setup, setSetup] = useState<MfaSetupDto | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [params] = useSearchParams();
  const required = params.get('setup') === '2fa';

  const start = () =>
    setupMutation.mutate(undefined, {
      onSuccess: setSetup,
      onError: (error) => toast.apiError(error, AUTH_FALLBACK_MESSAGES.mfaSetup),
    });

  return (
    <Card className="p-6" id="security">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        Security
        {status.data?.enabled ? <Badge tone="success">2FA on</Badge> : null}
      </h2>
      <p className="text-sm text-slate-500">
        Two-factor sign-in asks for a code from your phone after your password.
      </p>
      {required && !status.data?.enabled ? (
        <p
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
        >
          <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Your company requires two-factor sign-in for your role. Set it up to continue to the dashboard.
        </p>
      ) : null}
      {status.isPending ? (
        <div className="mt-4 space-y-2" role="status" aria-busy="true" aria-label="Loading security settings">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-9 w-40" />
        </div>
      ) : status.isError ? (
        <div className="mt-4 text-sm text-red-600" role="alert">
          Could not load your security settings.{' '}
          <Button type="button" variant="link" onClick={() => status.refetch()}>
            Try again
          </Button>
        </div>
      ) : recoveryCodes ? (
        <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : status.data.enabled ? (
        <>
          <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
            <ShieldCheck className="h-4 w-4 text-emerald-600" aria-hidden />
            On since {status.data.enabledAt ? formatDate(status.data.enabledAt) : 'today'} ·{' '}
            {status.data.recoveryCodesRemaining} recovery codes left
          </p>
          <Button type="button" variant="outline" className="mt-3" onClick={() => setDisabling(true)}>
            Turn off two-factor sign-in
          </Button>
          <RememberedDevices deviceRemembered={status.data.deviceRemembered} />
          <DisableDialog open={disabling} onClose={() => setDisabling(false)} />
        </>
      ) : setup ? (
        <TwoFactorEnrol
          setup={setup}
          onCancel={() => setSetup(null)}
          onEnabled={(codes) => {
            setSetup(null);
            setRecoveryCodes(codes);
          }}
        />
      ) : (
        <Button type="button" className="mt-4" loading={setupMutation.isPending} onClick={start}>
          Set up two-factor sign-in
        </Button>
      )}
    </Card>
  );
}
