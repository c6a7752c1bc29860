import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY_ROLES, type CompanySecurityBody, ZCompanySecurityBody } from '@rentora/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { applyServerErrors } from '../../lib/form-errors';
import { humanize } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useCompanySecurity, useSaveCompanySecurity } from './two-factor.api';

/** Company → Security: the roles whose members must turn on two-factor sign-in before using the company. */
export function CompanySecurityCard({ companyId }: { companyId: string }) {
  const security = useCompanySecurity(companyId);
  const save = useSaveCompanySecurity(companyId);
  const form = useForm<CompanySecurityBody>({
    resolver: zodResolver(ZCompanySecurityBody),
    defaultValues: { require2faForRoles: [] },
  });
  const { errors, isDirty } = form.formState;
  useEffect(() => {
    if (security.data) form.reset({ require2faForRoles: security.data.require2faForRoles });
  }, [security.data, form]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { require2faForRoles: values.require2faForRoles ?? [] },
      {
        onSuccess: (data) => {
          form.reset(data);
          toast.success('Security settings saved');
        },
        onError: (error) => {
          if (applyServerErrors(form.setError, error).length === 0)
            toast.apiError(error, 'Failed to save security settings');
        },
      },
    ),
  );

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900">Security</h2>
      <p className="text-sm text-slate-500">
        Members of the checked roles must turn on two-factor sign-in; until they do, they only see its set-up.
      </p>
      {security.isPending ? (
        <div
          className="mt-4 grid gap-2 sm:grid-cols-2"
          role="status"
          aria-busy="true"
          aria-label="Loading security settings"
        >
          {COMPANY_ROLES.map((role) => (
            <Skeleton key={role} className="h-6 w-40" />
          ))}
        </div>
      ) : security.isError ? (
        <p className="mt-4 text-sm text-red-600" role="alert">
          The security settings could not be loaded.{' '}
          <Button type="button" variant="link" onClick={() => security.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-4" aria-label="Company security settings">
          <fieldset disabled={save.isPending}>
            <legend className="text-sm font-medium text-slate-700">Require two-factor sign-in for</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {COMPANY_ROLES.map((role) => (
                <label key={role} className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    value={role}
                    className="h-4 w-4 rounded border-slate-300"
                    {...form.register('require2faForRoles')}
                  />
                  {humanize(role).replace(/^\w/, (first) => first.toUpperCase())}
                </label>
              ))}
            </div>
            {errors.require2faForRoles?.message ? (
              <p className="mt-2 text-xs font-medium text-red-600" role="alert">
                {errors.require2faForRoles.message}
              </p>
            ) : null}
          </fieldset>
          <div className="mt-4 flex justify-end">
            <Button type="submit" loading={save.isPending} disabled={!isDirty}>
              Save security settings
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
