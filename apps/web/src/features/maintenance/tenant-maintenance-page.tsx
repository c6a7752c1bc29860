import { zodResolver } from '@hookform/resolvers/zod';
import {
  type MaintenancePublicRequestDto,
  type TenantRequestCreateBody,
  type TenantRequestCreateInput,
  ZTenantRequestCreateBody,
} from '@rentora/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Home, Plus, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/card';
import { Dialog } from '../../components/dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Field, Select } from '../../components/field';
import { emptyToUndefined } from '../../components/form-values';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/document-title';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { MAINTENANCE_FALLBACKS, maintenanceApi, maintenanceKeys } from './maintenance.api';
import {
  CommentForm,
  CommentList,
  MediaGallery,
  MediaUploader,
  PriorityBadge,
  StatusBadge,
  Timeline,
} from './maintenance-display';
import { RequestFields } from './request-fields';

/** /tenant/maintenance: the signed-in tenant's requests, a new request for their unit, and each request's thread. */
export function TenantMaintenancePage() {
  useDocumentTitle('Maintenance', 'Report and follow repairs');
  const [creating, setCreating] = useState(false);
  const options = useQuery({
    queryKey: maintenanceKeys.myOptions,
    queryFn: ({ signal }) => maintenanceApi.myOptions(signal),
  });
  const list = useQuery({
    queryKey: maintenanceKeys.mine,
    queryFn: ({ signal }) => maintenanceApi.myRequests(1, signal),
  });
  const units = options.data?.units ?? [];

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Maintenance"
        description="Report a problem in your home and follow it until it is fixed."
        actions={
          units.length ? (
            <Button icon={<Plus className="h-4 w-4" aria-hidden />} onClick={() => setCreating(true)}>
              New request
            </Button>
          ) : null
        }
      />
      {list.isError ? (
        <ErrorState
          message={apiErrorMessage(list.error, MAINTENANCE_FALLBACKS.fetchRequests)}
          onRetry={() => void list.refetch()}
        />
      ) : list.isLoading || options.isLoading ? (
        <SkeletonList rows={3} />
      ) : (list.data?.data ?? []).length === 0 ? (
        units.length ? (
          <EmptyState
            icon={Wrench}
            title="No requests yet"
            description="Something broken or not working? Tell us and follow the repair here."
            action={<Button onClick={() => setCreating(true)}>New request</Button>}
          />
        ) : (
          <EmptyState
            icon={Home}
            title="No current home"
            description="Requests can be filed for a unit you currently rent. Once your tenancy is active, you can report problems here."
          />
        )
      ) : (
        <ul className="space-y-3">
          {(list.data?.data ?? []).map((request, index) => (
            <RequestThread key={request._id} request={request} defaultOpen={index === 0} />
          ))}
        </ul>
      )}
      {creating ? <NewTenantRequestDialog units={units} onClose={() => setCreating(false)} /> : null}
    </div>
  );
}

function RequestThread({
  request,
  defaultOpen,
}: {
  request: MaintenancePublicRequestDto;
  defaultOpen: boolean;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(defaultOpen);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: maintenanceKeys.mine });
  return (
    <li className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <button
        type="button"
        className="flex w-full items-start gap-3 p-4 text-left"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        <div className="min-w-0 flex-1">
          <p className="text-xs text-slate-500">
            {request.requestNumber} · {request.type?.name ?? 'Request'} · {formatDate(request.createdAt)}
          </p>
          <h2 className="text-base font-semibold text-slate-900">{request.title}</h2>
          <div className="mt-2 flex flex-wrap gap-1">
            <StatusBadge status={request.status} />
            <PriorityBadge priority={request.priority} />
            {request.assignee ? (
              <span className="text-xs text-slate-500">with {request.assignee.name}</span>
            ) : null}
          </div>
        </div>
        <ChevronDown
          className={cn('mt-1 h-5 w-5 text-slate-400 transition', open && 'rotate-180')}
          aria-hidden
        />
      </button>
      {open ? (
        <div className="space-y-5 border-t border-slate-100 p-4">
          {request.description ? (
            <p className="whitespace-pre-line text-sm text-slate-700">{request.description}</p>
          ) : null}
          <section className="space-y-2" aria-label="Conversation">
            <h3 className="text-sm font-semibold text-slate-900">Conversation</h3>
            <CommentList comments={request.comments} empty="No messages yet." />
            <CommentForm
              placeholder="Write to the maintenance team…"
              buttonLabel="Send"
              onSubmit={async (text) => {
                try {
                  await maintenanceApi.myComment(request._id, text);
                  refresh();
                } catch (error) {
                  toast.apiError(error, MAINTENANCE_FALLBACKS.addComment);
                  throw error;
                }
              }}
            />
          </section>
          <section className="space-y-2" aria-label="Photos">
            <h3 className="text-sm font-semibold text-slate-900">Photos</h3>
            <MediaGallery media={request.media} />
            <MediaUploader
              compact
              onUpload={async (files, onProgress) => {
                try {
                  await maintenanceApi.myMedia(request._id, files, onProgress);
                  toast.success('Photos added');
                  refresh();
                } catch (error) {
                  toast.apiError(error, MAINTENANCE_FALLBACKS.addMedia);
                  throw error;
                }
              }}
            />
          </section>
          <details>
            <summary className="cursor-pointer text-sm font-medium text-slate-600">History</summary>
            <div className="mt-3">
              <Timeline events={request.timeline} />
            </div>
          </details>
        </div>
      ) : null}
    </li>
  );
}

function NewTenantRequestDialog({
  units,
  onClose,
}: {
  units: {
    rentalUnitId: string;
    unitNumber: string;
    propertyName: string;
    companyName: string;
    types: { _id: string; name: string; key: string }[];
  }[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<TenantRequestCreateInput, unknown, TenantRequestCreateBody>({
    resolver: zodResolver(ZTenantRequestCreateBody),
    defaultValues: { rentalUnitId: units[0]?.rentalUnitId ?? '', type: '', title: '', description: '' },
  });
  const [rentalUnitId, type, title] = form.watch(['rentalUnitId', 'type', 'title']);
  const unit = units.find((u) => u.rentalUnitId === rentalUnitId);
  const submit = form.handleSubmit(async (body) => {
    try {
      const answer = await maintenanceApi.myCreate(body);
      toast.success('Request sent', answer.data.requestNumber);
      void queryClient.invalidateQueries({ queryKey: maintenanceKeys.mine });
      onClose();
    } catch (error) {
      applyServerErrors(form.setError, error);
      toast.apiError(error, MAINTENANCE_FALLBACKS.createRequest);
    }
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title="New maintenance request"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="tenant-request"
            loading={form.formState.isSubmitting}
            disabled={!type || !title?.trim()}
          >
            Send request
          </Button>
        </>
      }
    >
      <form id="tenant-request" className="space-y-4" onSubmit={submit} noValidate>
        {units.length > 1 ? (
          <Field label="Home">
            {(control) => (
              <Select {...control} {...form.register('rentalUnitId')}>
                {units.map((u) => (
                  <option key={u.rentalUnitId} value={u.rentalUnitId}>
                    {u.propertyName} · {u.unitNumber}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : unit ? (
          <p className="text-sm text-slate-600">
            For{' '}
            <strong>
              {unit.propertyName} · {unit.unitNumber}
            </strong>{' '}
            ({unit.companyName})
          </p>
        ) : null}
        <RequestFields
          register={form.register}
          errors={form.formState.errors}
          types={unit?.types ?? []}
          priority={form.register('priority', { setValueAs: emptyToUndefined })}
          autoFocus
        />
      </form>
    </Dialog>
  );
}
