import { CheckCircle2, Mail, MapPin, Phone } from 'lucide-react';
import { useLocation } from 'react-router';
import { Button, ButtonLink } from '../../components/button';
import { EmailField, PhoneField } from '../../components/contact-fields';
import { Field, Input, Textarea } from '../../components/field';
import { emptyToUndefined } from '../../components/form-values';
import { LightFormFrame } from '../../components/light-form-frame';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { lazyResolver } from '../../lib/lazy-resolver';
import { useLightForm } from '../../lib/light-form';
import { useCreateLead } from './public.api';

export const CONTACT_FALLBACK_MESSAGE = 'Failed to send your message';

// Validation (zod + the shared lead schema, see contact-resolver.ts) loads on the first input or submit.
const contactResolver = lazyResolver(() =>
  import('./contact-resolver').then((module) => module.contactResolver),
);

export function ContactPage() {
  useDocumentTitle('Contact', 'Talk to the Rentora team about plans, upgrades and onboarding.');
  const location = useLocation();
  const source = (location.state as { source?: string } | null)?.source;
  const fromUpgrade = source === 'upgrade-dialog';
  const createLead = useCreateLead();
  const form = useLightForm({
    resolver: contactResolver,
    defaultValues: {
      name: '',
      email: '',
      subject: fromUpgrade ? 'Upgrade my plan' : '',
      message: '',
      source: source ?? 'contact-page',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => createLead.mutate(values));

  return (
    <div className="bg-gradient-to-b from-brand-50/60 to-white">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-5 lg:px-8 lg:py-24">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">Contact</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900">
            {fromUpgrade ? 'Let’s upgrade your plan' : 'Talk to our team'}
          </h1>
          <p className="mt-4 text-lg text-slate-600">
            Questions about plans, upgrades or moving your portfolio over? Send us a message and our sales
            team will get back to you within one business day.
          </p>
          <ul className="mt-8 space-y-4 text-sm text-slate-700">
            <li className="flex items-center gap-3">
              <Mail className="h-5 w-5 text-brand-600" aria-hidden /> sales@rentora.app
            </li>
            <li className="flex items-center gap-3">
              <Phone className="h-5 w-5 text-brand-600" aria-hidden /> +91 80 4000 1234
            </li>
            <li className="flex items-center gap-3">
              <MapPin className="h-5 w-5 text-brand-600" aria-hidden /> 12 MG Road, Bengaluru 560001
            </li>
          </ul>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
          {createLead.isSuccess ? (
            <div className="flex flex-col items-center py-10 text-center" role="status">
              <CheckCircle2 className="h-12 w-12 text-emerald-500" aria-hidden />
              <h2 className="mt-4 text-xl font-semibold text-slate-900">
                Thanks, your message is on its way
              </h2>
              <p className="mt-2 max-w-sm text-sm text-slate-500">
                {createLead.data.message ?? 'We have received your enquiry and will get back to you shortly.'}{' '}
                We will reply to {createLead.variables?.email}.
              </p>
              <ButtonLink to="/" variant="outline" className="mt-6">
                Back to home
              </ButtonLink>
            </div>
          ) : (
            <LightFormFrame
              onSubmit={onSubmit}
              preload={contactResolver.preload}
              className="space-y-5"
              aria-label="Contact form"
              error={createLead.isError ? apiErrorMessage(createLead.error, CONTACT_FALLBACK_MESSAGE) : null}
            >
              <div className="grid gap-5 sm:grid-cols-2">
                <Field label="Name" required error={errors.name?.message}>
                  {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
                </Field>
                <EmailField required error={errors.email?.message} input={form.register('email')} />
                <PhoneField
                  error={errors.phone?.message}
                  input={form.register('phone', { setValueAs: emptyToUndefined })}
                />
                <Field label="Company" error={errors.company?.message}>
                  {(control) => (
                    <Input
                      {...control}
                      autoComplete="organization"
                      {...form.register('company', { setValueAs: emptyToUndefined })}
                    />
                  )}
                </Field>
              </div>
              <Field label="Subject" required error={errors.subject?.message}>
                {(control) => <Input {...control} {...form.register('subject')} />}
              </Field>
              <Field label="Message" required error={errors.message?.message}>
                {(control) => <Textarea {...control} rows={5} {...form.register('message')} />}
              </Field>
              <Button type="submit" size="lg" className="w-full sm:w-auto" loading={createLead.isPending}>
                Send message
              </Button>
            </LightFormFrame>
          )}
        </div>
      </div>
    </div>
  );
}
