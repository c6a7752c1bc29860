import { zodResolver } from '@hookform/resolvers/zod';
import { type CompanyDto, ZVerifyCompanyBody } from '@rentora/shared';
import { BadgeCheck, ShieldAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { Field, Textarea } from '../../../components/field';
import { apiErrorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { COMPANY_FALLBACK_MESSAGES, useVerifyCompany } from '../companies.api';
import { VerificationBadge } from '../company-badges';

export function VerificationSection({ company }: { company: CompanyDto }) {
  const verify = useVerifyCompany(company._id);
  const form = useForm({
    resolver: zodResolver(ZVerifyCompanyBody),
    defaultValues: { isVerified: !company.isVerified, notes: company.verificationNotes ?? '' },
  });
  const submit = (isVerified: boolean) =>
    form.handleSubmit((values) =>
      verify.mutate(
        { isVerified, notes: values.notes || undefined },
        {
          onSuccess: (answer) =>
            toast.success(
              answer.message ?? (isVerified ? 'Company verified' : 'Company marked as unverified'),
            ),
          onError: (error) => toast.error(apiErrorMessage(error, COMPANY_FALLBACK_MESSAGES.verify)),
        },
      ),
    )();
  return (
    <form className="space-y-4" noValidate onSubmit={(event) => event.preventDefault()}>
      <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-4">
        {company.isVerified ? (
          <BadgeCheck className="mt-0.5 h-5 w-5 text-emerald-600" aria-hidden />
        ) : (
          <ShieldAlert className="mt-0.5 h-5 w-5 text-amber-600" aria-hidden />
        )}
        <div className="text-sm">
          <VerificationBadge isVerified={company.isVerified} />
          <p className="mt-1 text-slate-600">
            {company.isVerified && company.verifiedAt
              ? `Verified on ${formatDate(company.verifiedAt)}.`
              : 'This company has not been verified yet.'}
          </p>
          {company.verificationNotes ? (
            <p className="mt-1 text-slate-500">Notes: {company.verificationNotes}</p>
          ) : null}
        </div>
      </div>
      <Field
        label="Notes"
        hint="Kept with the verification decision."
        error={form.formState.errors.notes?.message}
      >
        {(control) => <Textarea {...control} rows={3} {...form.register('notes')} />}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        {company.isVerified ? (
          <Button variant="outline" loading={verify.isPending} onClick={() => submit(false)}>
            Mark as unverified
          </Button>
        ) : (
          <Button
            loading={verify.isPending}
            onClick={() => submit(true)}
            icon={<BadgeCheck className="h-4 w-4" aria-hidden />}
          >
            Verify company
          </Button>
        )}
      </div>
    </form>
  );
}
