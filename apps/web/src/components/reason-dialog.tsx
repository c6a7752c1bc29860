import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import { Field, Textarea } from './field';

export interface ReasonDialogProps
  extends Omit<ConfirmDialogProps, 'children' | 'confirmDisabled' | 'onConfirm'> {
  /** The reason's rule, a field of the action's shared body schema (`ZInvoiceVoidBody.shape.reason`). */
  reason: z.ZodType<string, string>;
  /** Called with the reason as the schema returns it (trimmed). */
  onConfirm: (reason: string) => void;
  label?: string;
  rows?: number;
  maxLength?: number;
}

/**
 * A confirmation that needs a reason (void, cancel, reject): the reason through react-hook-form and its shared schema
 * field; confirming stays disabled until the reason passes. Cleared whenever the dialog closes.
 */
export function ReasonDialog({
  reason,
  onConfirm,
  label = 'Reason',
  rows = 2,
  maxLength,
  open,
  ...confirm
}: ReasonDialogProps) {
  const schema = z.object({ reason });
  const form = useForm<{ reason: string }>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const value = form.watch('reason');
  useEffect(() => {
    if (!open) form.reset({ reason: '' });
  }, [open, form]);
  return (
    <ConfirmDialog
      {...confirm}
      open={open}
      confirmDisabled={!reason.safeParse(value).success}
      onConfirm={() => void form.handleSubmit((values) => onConfirm(values.reason))()}
    >
      <Field label={label} required error={form.formState.errors.reason?.message}>
        {(control) => (
          <Textarea {...control} rows={rows} maxLength={maxLength} {...form.register('reason')} />
        )}
      </Field>
    </ConfirmDialog>
  );
}
