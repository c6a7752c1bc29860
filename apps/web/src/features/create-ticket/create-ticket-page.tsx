import { zodResolver } from '@hookform/resolvers/zod';
import {
  type PublicTicketBody,
  type PublicTicketCreatedDto,
  type PublicTicketFormDto,
  type PublicTicketInput,
  ZId,
  ZPublicTicketBody,
} from '@rentora/shared';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ClipboardList, Copy, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Field, Input, Select } from '../../components/field';
import { emptyToNull, emptyToUndefined } from '../../components/form-values';
import { Logo } from '../../components/logo';
import { Skeleton } from '../../components/skeleton';
import { ApiError, type ApiOk, api, apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { applyServerErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { MediaUploader } from '../maintenance/maintenance-display';
import { RequestFields } from '../maintenance/request-fields';
import { uploadMedia } from '../maintenance/upload-media';

export function PublicShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex h-14 items-center border-b border-slate-200 bg-white px-4">
        <Logo />
      </header>
      <main className="mx-auto max-w-xl px-4 pb-16 pt-6">{children}</main>
    </div>
  );
}

/** /create-ticket/{formId}: a public, mobile-first maintenance request form with photos and a tracking link. */
export function CreateTicketPage() {
  const { formId = '' } = useParams();
  const form = useQuery({
    queryKey: ['public-ticket-form', formId],
    queryFn: ({ signal }) =>
      api.getData<PublicTicketFormDto>(`/public/ticket-forms/${encodeURIComponent(formId)}`, { signal }),
    retry: false,
  });
  useDocumentTitle(form.data ? `${form.data.name} · ${form.data.companyName}` : 'Maintenance request');
  return (
    <PublicShell>
      {form.isLoading ? (
        <div className="space-y-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : form.isError || !form.data ? (
        <EmptyState
          icon={ShieldAlert}
          title="This form is not available"
          description={
            form.error instanceof ApiError && (form.error.status === 404 || form.error.status === 400)
              ? 'The link may be wrong, or the form has been closed. Contact your property manager.'
              : apiErrorMessage(form.error, 'Please try again later.')
          }
        />
      ) : (
        <TicketForm form={form.data} />
      )}
    </PublicShell>
  );
}

/** The public ticket body, with the form's own words while the property or the type is not chosen yet. */
const ZTicketForm = ZPublicTicketBody.extend({
  propertyId: z.string().min(1, 'Choose a property').pipe(ZId),
  type: z.string().trim().min(1, 'Choose what it is about').max(60),
});

function TicketForm({ form: ticketForm }: { form: PublicTicketFormDto }) {
  const form = useForm<PublicTicketInput, unknown, PublicTicketBody>({
    resolver: zodResolver(ZTicketForm),
    defaultValues: {
      name: '',
      email: '',
      propertyId: ticketForm.properties.length === 1 ? ticketForm.properties[0]!._id : '',
      rentalUnitId: null,
      type: '',
      title: '',
      description: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [created, setCreated] = useState<PublicTicketCreatedDto | null>(null);
  const propertyId = form.watch('propertyId');
  const property = ticketForm.properties.find((p) => p._id === propertyId);

  const submit = form.handleSubmit(async (body) => {
    try {
      const answer = await api.post<ApiOk<PublicTicketCreatedDto>>(
        `/public/ticket-forms/${ticketForm._id}/tickets`,
        body,
      );
      if (files.length) {
        setProgress(0);
        try {
          await uploadMedia(`/public/tickets/${answer.data.trackingToken}/media`, {
            files,
            onProgress: setProgress,
            anonymous: true,
          });
        } catch (error) {
          toast.apiError(error, 'Your request was filed, but the photos could not be uploaded');
        }
      }
      setCreated(answer.data);
    } catch (error) {
      applyServerErrors(form.setError, error);
      toast.apiError(error, 'Failed to create maintenance request');
    } finally {
      setProgress(null);
    }
  });

  if (created) {
    const trackingUrl = `${window.location.origin}${created.trackingUrl}`;
    return (
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-500" aria-hidden />
        <h1 className="mt-3 text-xl font-bold text-slate-900">Request received</h1>
        <p className="mt-1 text-sm text-slate-600">
          Your ticket number is <strong data-testid="ticket-number">{created.ticketNumber}</strong>. We also
          emailed you the tracking link.
        </p>
        <div className="mt-4 flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-left">
          <code className="min-w-0 flex-1 truncate text-xs text-slate-700">{trackingUrl}</code>
          <Button
            size="icon"
            variant="ghost"
            aria-label="Copy the tracking link"
            onClick={() =>
              void navigator.clipboard?.writeText(trackingUrl).then(() => toast.success('Link copied'))
            }
          >
            <Copy className="h-4 w-4" aria-hidden />
          </Button>
        </div>
        <Link
          to={created.trackingUrl}
          className="mt-4 inline-flex h-12 w-full items-center justify-center rounded-lg bg-brand-600 px-6 font-medium text-white hover:bg-brand-700"
        >
          Track my request
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <p className="text-sm font-medium text-brand-700">{ticketForm.companyName}</p>
        <h1 className="mt-1 flex items-center gap-2 text-2xl font-bold text-slate-900">
          <ClipboardList className="h-6 w-6 text-brand-600" aria-hidden />
          {ticketForm.name}
        </h1>
        {ticketForm.intro ? <p className="mt-2 text-sm text-slate-600">{ticketForm.intro}</p> : null}
      </div>
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <Field label="Property" required error={errors.propertyId?.message}>
          {(control) => (
            <Select
              {...control}
              {...form.register('propertyId', { onChange: () => form.setValue('rentalUnitId', null) })}
            >
              <option value="">Choose…</option>
              {ticketForm.properties.map((p) => (
                <option key={p._id} value={p._id}>
                  {p.name} ({p.city})
                </option>
              ))}
            </Select>
          )}
        </Field>
        {property?.units.length ? (
          <Field label="Unit" error={errors.rentalUnitId?.message}>
            {(control) => (
              <Select {...control} {...form.register('rentalUnitId', { setValueAs: emptyToNull })}>
                <option value="">Common area / not sure</option>
                {property.units.map((u) => (
                  <option key={u._id} value={u._id}>
                    {u.unitNumber}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        <RequestFields register={form.register} errors={errors} types={ticketForm.types} placeholders />
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-700">Photos (optional)</p>
          <MediaUploader
            label="Choose photos"
            onUpload={async (picked) => {
              setFiles((current) => [...current, ...picked].slice(0, 5));
            }}
          />
          {files.length ? (
            <ul className="text-xs text-slate-600">
              {files.map((file, index) => (
                <li
                  key={`${file.name}-${file.size}-${file.lastModified}`}
                  className="flex items-center justify-between gap-2"
                >
                  <span className="truncate">{file.name}</span>
                  <button
                    type="button"
                    className="text-red-600"
                    onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-sm font-semibold text-slate-900">How can we reach you?</h2>
        <Field label="Your name" required error={errors.name?.message}>
          {(control) => <Input {...control} {...form.register('name')} autoComplete="name" />}
        </Field>
        <Field label="Email" required error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              inputMode="email"
              {...form.register('email')}
              autoComplete="email"
            />
          )}
        </Field>
        <Field label="Phone" error={errors.phone?.message}>
          {(control) => (
            <Input
              {...control}
              type="tel"
              inputMode="tel"
              {...form.register('phone', { setValueAs: emptyToUndefined })}
              autoComplete="tel"
            />
          )}
        </Field>
        {/* Honeypot: hidden from people, filled by bots. */}
        <div className="hidden" aria-hidden>
          <label>
            Website
            <input
              tabIndex={-1}
              autoComplete="off"
              {...form.register('website', { setValueAs: emptyToUndefined })}
            />
          </label>
        </div>
      </div>
      {progress !== null ? (
        <p className="text-sm text-slate-500">Uploading photos… {Math.round(progress)}%</p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Send request
      </Button>
    </form>
  );
}
