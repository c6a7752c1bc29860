import { zodResolver } from '@hookform/resolvers/zod';
import {
  type MaintenancePublicRequestDto,
  type TenantPortalMaintenanceDto,
  type TenantPortalRequestInput,
  ZTenantPortalRequestBody,
} from '@rentora/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert, Wrench } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { emptyToUndefined } from '../../components/form-values';
import { Skeleton } from '../../components/skeleton';
import { ApiError, type ApiOk, api, apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { PublicShell } from '../create-ticket/create-ticket-page';
import { MAINTENANCE_FALLBACKS } from './maintenance.api';
import { CommentForm, CommentList, PriorityBadge, StatusBadge } from './maintenance-display';
import { RequestFields } from './request-fields';

type TenantPortalRequestBody = z.output<typeof ZTenantPortalRequestBody>;

/** /tenant-portal/{tenantCode}/maintenance: report and follow repairs with the tenant code, without signing in. */
export function TenantPortalMaintenancePage() {
  const { tenantcode = '' } = useParams();
  const [params] = useSearchParams();
  const companyId = params.get('companyId') ?? undefined;
  const base = `/maintenance/tenant-portal/${encodeURIComponent(tenantcode)}`;
  const key = ['tenant-portal-maintenance', tenantcode, companyId];
  const view = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.getData<TenantPortalMaintenanceDto>(base, { query: { companyId }, signal }),
    retry: false,
  });
  useDocumentTitle('Maintenance · Tenant portal');
  const portalLink = `/tenant-portal/${encodeURIComponent(tenantcode)}${companyId ? `?companyId=${companyId}` : ''}`;

  return (
    <PublicShell>
      {view.isLoading ? (
        <div className="space-y-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : view.isError || !view.data ? (
        <EmptyState
          icon={ShieldAlert}
          title={
            view.error instanceof ApiError && view.error.status === 404
              ? 'Invalid tenant code'
              : 'Could not load your requests'
          }
          description={apiErrorMessage(view.error, 'Please try again later.')}
        />
      ) : (
        <div className="space-y-6">
          <div>
            <p className="text-sm font-medium text-brand-700">{view.data.companyName}</p>
            <h1 className="mt-1 text-2xl font-bold text-slate-900">Maintenance</h1>
            <p className="text-sm text-slate-500">
              {view.data.propertyName} · Unit {view.data.unitNumber} ·{' '}
              <Link
                to={portalLink}
                className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                Back to the portal
              </Link>
            </p>
          </div>
          <NewRequest
            base={base}
            companyId={companyId}
            types={view.data.types}
            onCreated={() => void view.refetch()}
          />
          <section aria-labelledby="my-requests" className="space-y-3">
            <h2 id="my-requests" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              Your requests
            </h2>
            {view.data.requests.length === 0 ? (
              <EmptyState
                icon={Wrench}
                title="No requests yet"
                description="Problems you report appear here with our replies."
              />
            ) : (
              view.data.requests.map((request) => (
                <RequestCard
                  key={request._id}
                  request={request}
                  base={base}
                  companyId={companyId}
                  queryKey={key}
                />
              ))
            )}
          </section>
        </div>
      )}
    </PublicShell>
  );
}

function NewRequest({
  base,
  companyId,
  types,
  onCreated,
}: {
  base: string;
  companyId?: string;
  types: TenantPortalMaintenanceDto['types'];
  onCreated: () => void;
}) {
  const form = useForm<TenantPortalRequestInput, unknown, TenantPortalRequestBody>({
    resolver: zodResolver(ZTenantPortalRequestBody),
    defaultValues: { type: '', title: '', description: '' },
  });
  const [type, title] = form.watch(['type', 'title']);
  const submit = form.handleSubmit(async (body) => {
    try {
      const answer = await api.post<ApiOk<MaintenancePublicRequestDto>>(`${base}/requests`, body, {
        query: { companyId },
      });
      toast.success('Request sent', answer.data.requestNumber);
      form.reset();
      onCreated();
    } catch (error) {
      applyServerErrors(form.setError, error);
      toast.apiError(error, MAINTENANCE_FALLBACKS.createRequest);
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 className="text-base font-semibold text-slate-900">Report a problem</h2>
      <RequestFields
        register={form.register}
        errors={form.formState.errors}
        types={types}
        priority={form.register('priority', { setValueAs: emptyToUndefined })}
        detailsRows={3}
      />
      <Button
        type="submit"
        className="w-full"
        size="lg"
        loading={form.formState.isSubmitting}
        disabled={!type || !title?.trim()}
      >
        Send request
      </Button>
    </form>
  );
}

function RequestCard({
  request,
  base,
  companyId,
  queryKey,
}: {
  request: MaintenancePublicRequestDto;
  base: string;
  companyId?: string;
  queryKey: readonly unknown[];
}) {
  const queryClient = useQueryClient();
  return (
    <article
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={request.title}
    >
      <div>
        <p className="text-xs text-slate-500">
          {request.requestNumber} · {request.type?.name ?? 'Request'} · {formatDate(request.createdAt)}
        </p>
        <h3 className="text-base font-semibold text-slate-900">{request.title}</h3>
        <div className="mt-1 flex flex-wrap gap-1">
          <StatusBadge status={request.status} />
          <PriorityBadge priority={request.priority} />
        </div>
      </div>
      <CommentList comments={request.comments} empty="No messages yet." />
      <CommentForm
        placeholder="Write to the maintenance team…"
        buttonLabel="Send"
        onSubmit={async (text) => {
          try {
            await api.post(
              `${base}/requests/${request._id}/comments`,
              { comment: text },
              { query: { companyId } },
            );
            void queryClient.invalidateQueries({ queryKey });
          } catch (error) {
            toast.apiError(error, MAINTENANCE_FALLBACKS.addComment);
            throw error;
          }
        }}
      />
    </article>
  );
}
