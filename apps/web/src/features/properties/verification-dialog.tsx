import { zodResolver } from '@hookform/resolvers/zod';
import {
  VERIFICATION_STATUSES,
  type VerificationStatus,
  type VerificationStatusBody,
  ZVerificationStatusBody,
} from '@rentora/shared';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, Textarea } from '../../components/field';
import { cn } from '../../lib/cn';
import { VERIFICATION_LABELS } from './property-display';

export interface VerificationDialogProps {
  open: boolean;
  /** "Sunrise Residency" or "Unit A-101 · Sunrise Residency" */
  subject: string;
  current: VerificationStatus;
  /** Preselected status (e.g. the Reject button opens on rejected). */
  initialStatus?: VerificationStatus;
  submitting: boolean;
  onSubmit: (body: VerificationStatusBody) => void;
  onClose: () => void;
}

const DESCRIPTIONS: Record<VerificationStatus, string> = {
  verified: 'Checked and genuine. Listed properties appear on the public site.',
  rejected: 'Not acceptable as it is. The company is told the reason.',
  pending: 'Back to the queue for another look.',
};

/** Super admin: set the verification status with a reason (required for a rejection). */
export function VerificationDialog({
  open,
  subject,
  current,
  initialStatus,
  submitting,
  onSubmit,
  onClose,
}: VerificationDialogProps) {
  const form = useForm({
    resolver: zodResolver(ZVerificationStatusBody),
    defaultValues: {
      status: initialStatus ?? (current === 'verified' ? 'rejected' : 'verified'),
      reason: '',
    },
  });
  useEffect(() => {
    if (open)
      form.reset({ status: initialStatus ?? (current === 'verified' ? 'rejected' : 'verified'), reason: '' });
  }, [open, initialStatus, current, form]);
  const status = useWatch({ control: form.control, name: 'status' });
  const submit = form.handleSubmit((body) =>
    onSubmit({ status: body.status, reason: body.reason || undefined }),
  );
  return (
    <Dialog open={open} onClose={onClose} title="Change verification" description={subject} size="md">
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Change verification status">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Status</legend>
          <div className="grid gap-2">
            {VERIFICATION_STATUSES.map((value) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition',
                  status === value
                    ? 'border-brand-500 bg-brand-50/50'
                    : 'border-slate-200 hover:border-slate-300',
                )}
              >
                <input type="radio" value={value} className="mt-1" {...form.register('status')} />
                <span>
                  <span className="block text-sm font-medium text-slate-900">
                    {VERIFICATION_LABELS[value]}
                    {value === current ? (
                      <span className="ml-2 text-xs font-normal text-slate-500">(current)</span>
                    ) : null}
                  </span>
                  <span className="block text-xs text-slate-500">{DESCRIPTIONS[value]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          label={status === 'rejected' ? 'Reason' : 'Note'}
          required={status === 'rejected'}
          error={form.formState.errors.reason?.message}
          hint="Sent to the company's owners and managers."
        >
          {(ctl) => <Textarea {...ctl} rows={3} {...form.register('reason')} />}
        </Field>
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <Button variant="outline" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting} variant={status === 'rejected' ? 'danger' : 'primary'}>
            {status === 'verified' ? 'Verify' : status === 'rejected' ? 'Reject' : 'Move to pending'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The super admin's "Verification" button and its dialog, set to reject a verified item and to verify any other. */
export function VerificationAction({
  subject,
  current,
  submitting,
  onSubmit,
}: {
  subject: string;
  current: VerificationStatus;
  submitting: boolean;
  /** Saves the status; `close` shuts the dialog once it is saved. */
  onSubmit: (body: VerificationStatusBody, close: () => void) => void;
}) {
  const [verifying, setVerifying] = useState<VerificationStatus | null>(null);
  const close = () => setVerifying(null);
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setVerifying(current === 'verified' ? 'rejected' : 'verified')}
        icon={<ShieldCheck className="h-4 w-4" aria-hidden />}
      >
        Verification
      </Button>
      <VerificationDialog
        open={verifying !== null}
        subject={subject}
        current={current}
        initialStatus={verifying ?? undefined}
        submitting={submitting}
        onClose={close}
        onSubmit={(body) => onSubmit(body, close)}
      />
    </>
  );
}
