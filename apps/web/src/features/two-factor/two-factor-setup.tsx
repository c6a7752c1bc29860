import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_FALLBACK_MESSAGES, type MfaSetupDto, ZMfaEnableBody } from '@rentora/shared';
import { Download } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Field, Input } from '../../components/field';
import { downloadText } from '../../lib/csv';
import { applyServerErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useEnableTwoFactor } from './two-factor.api';

/** Step two of the set-up: scan the QR code (or type the key), then confirm with a code from the app. */
export function TwoFactorEnrol({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: MfaSetupDto;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const form = useForm({ resolver: zodResolver(ZMfaEnableBody), defaultValues: { code: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    enable.mutate(values.code, {
      onSuccess: (answer) => {
        toast.success('Two-factor sign-in is on');
        onEnabled(answer.recoveryCodes);
      },
      onError: (error) => {
        if (applyServerErrors(form.setError, error).length === 0)
          toast.apiError(error, AUTH_FALLBACK_MESSAGES.mfaSetup);
      },
    }),
  );

  return (
    <div className="mt-4 grid gap-6 sm:grid-cols-[auto,1fr]">
      <img
        src={setup.qrCodeDataUrl}
        alt="QR code to add Rentora to your authenticator app"
        className="h-44 w-44 rounded-lg border border-slate-200"
      />
      <div className="space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600">
          <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
          <li>Scan the QR code, or enter this key by hand:</li>
        </ol>
        <p className="break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm text-slate-800">
          <span className="sr-only">Set-up key: </span>
          <span data-testid="mfa-secret">{setup.secret}</span>
        </p>
        <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Confirm two-factor set-up">
          <Field label="6-digit code from the app" error={errors.code?.message}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                {...form.register('code')}
              />
            )}
          </Field>
          <div className="flex gap-2">
            <Button type="submit" loading={enable.isPending}>
              Turn on
            </Button>
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** The recovery codes, shown once right after the set-up, with a .txt download. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () =>
    downloadText(
      'rentora-recovery-codes.txt',
      `Rentora recovery codes\nEach code signs you in once when you cannot use your authenticator app.\n\n${codes.join('\n')}\n`,
      'text/plain;charset=utf-8',
    );
  return (
    <section className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-4" aria-label="Recovery codes">
      <h3 className="font-semibold text-amber-900">Save your recovery codes</h3>
      <p className="mt-1 text-sm text-amber-800">
        Each code works once. Keep them somewhere safe: they are shown only now.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-slate-800">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex gap-2">
        <Button type="button" variant="outline" onClick={download}>
          <Download className="mr-1 h-4 w-4" aria-hidden /> Download as .txt
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </section>
  );
}
