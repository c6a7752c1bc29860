import { zodResolver } from '@hookform/resolvers/zod';
import { type PropertyCreateBody, ZPropertyCreateBody } from '@rentora/shared';
import { Check, ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormError } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { BasicsStep } from './basics-step';
import { DetailsStep } from './details-step';
import { LocationStep } from './location-step';
import type { FormValues, Path } from './property-form-values';
import { ReviewStep } from './review-step';

const STEPS: { id: string; label: string; description: string; fields: Path[] }[] = [
  {
    id: 'basics',
    label: 'Basics',
    description: 'What the property is called and what kind it is.',
    fields: ['name', 'propertyType', 'description', 'isListed'],
  },
  {
    id: 'location',
    label: 'Address & map',
    description: 'Where it is. Drop a pin so it shows on the property map.',
    fields: ['address'],
  },
  {
    id: 'details',
    label: 'Details',
    description: 'Building facts, amenities and who to contact.',
    fields: ['totalFloors', 'yearBuilt', 'amenities', 'ownerContact', 'managerContact'],
  },
  { id: 'review', label: 'Review', description: 'Check everything before saving.', fields: [] },
];

const EMPTY: FormValues = {
  name: '',
  propertyType: 'apartment_building',
  description: '',
  address: {
    line1: '',
    line2: '',
    landmark: '',
    city: '',
    state: '',
    postalCode: '',
    country: 'India',
    coordinates: null,
  },
  amenities: [],
  ownerContact: null,
  managerContact: null,
  totalFloors: null,
  yearBuilt: null,
  isListed: true,
};

/** Server-side validation details → field errors; returns the first step with an error. */
function applyServerErrors(
  form: UseFormReturn<FormValues, unknown, PropertyCreateBody>,
  error: unknown,
): number | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return null;
  let firstStep: number | null = null;
  for (const detail of error.details) {
    if (!detail.path) continue;
    form.setError(detail.path as Path, { type: 'server', message: detail.message });
    const root = detail.path.split('.')[0] ?? '';
    const step = STEPS.findIndex((candidate) => candidate.fields.some((field) => field === root));
    if (step >= 0 && (firstStep === null || step < firstStep)) firstStep = step;
  }
  return firstStep;
}

export interface PropertyFormProps {
  mode: 'create' | 'edit';
  initialValues?: FormValues;
  submitting: boolean;
  /** Resolves when saved; rejects with the API error to show it. */
  onSubmit: (body: PropertyCreateBody) => Promise<unknown>;
  onCancel: () => void;
}

/** The multi-step property form (create and edit), validated by the shared ZPropertyCreateBody. */
export function PropertyForm({ mode, initialValues, submitting, onSubmit, onCancel }: PropertyFormProps) {
  const form = useForm<FormValues, unknown, PropertyCreateBody>({
    resolver: zodResolver(ZPropertyCreateBody),
    defaultValues: initialValues ?? EMPTY,
    mode: 'onTouched',
  });
  const [step, setStep] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const [visited, setVisited] = useState(mode === 'edit' ? STEPS.length - 1 : 0);
  const [formError, setFormError] = useState<string | null>(null);
  const last = STEPS.length - 1;
  const current = STEPS[step] ?? STEPS[0]!;

  async function goTo(target: number) {
    if (target > step) {
      for (let index = step; index < target; index += 1) {
        const fields = STEPS[index]?.fields ?? [];
        if (fields.length > 0 && !(await form.trigger(fields, { shouldFocus: true }))) {
          setStep(index);
          return;
        }
      }
    }
    setStep(target);
    setVisited((value) => Math.max(value, target));
    formRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }

  const submit = form.handleSubmit(
    async (body) => {
      setFormError(null);
      try {
        await onSubmit(body);
      } catch (error) {
        const errorStep = applyServerErrors(form, error);
        if (errorStep !== null) setStep(errorStep);
        else if (
          error instanceof ApiError &&
          error.code !== 'PLAN_LIMIT_REACHED' &&
          error.code !== 'FEATURE_NOT_IN_PLAN'
        )
          setFormError(error.message);
      }
    },
    (errors) => {
      const firstStep = STEPS.findIndex((candidate) =>
        candidate.fields.some((field) => (errors as Record<string, unknown>)[field] !== undefined),
      );
      if (firstStep >= 0) setStep(firstStep);
    },
  );

  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        className="scroll-mt-20"
        noValidate
        aria-label={mode === 'create' ? 'Create property' : 'Edit property'}
        onSubmit={(event) => {
          event.preventDefault();
          if (step < last) void goTo(step + 1);
          else void submit(event);
        }}
      >
        <Stepper step={step} visited={visited} onSelect={(index) => void goTo(index)} />
        <Card className="mt-5 p-5 sm:p-6">
          <div className="mb-5">
            <h2 className="text-lg font-semibold text-slate-900">{current.label}</h2>
            <p className="text-sm text-slate-500">{current.description}</p>
          </div>
          {step === 0 ? <BasicsStep /> : null}
          {step === 1 ? <LocationStep /> : null}
          {step === 2 ? <DetailsStep /> : null}
          {step === 3 ? <ReviewStep onEdit={(index) => setStep(index)} /> : null}
          {formError ? (
            <div className="mt-5">
              <FormError message={formError} />
            </div>
          ) : null}
        </Card>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="ghost" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <div className="flex gap-2">
            {step > 0 ? (
              <Button
                variant="outline"
                onClick={() => setStep(step - 1)}
                disabled={submitting}
                icon={<ChevronLeft className="h-4 w-4" aria-hidden />}
              >
                Back
              </Button>
            ) : null}
            {step < last ? (
              <Button type="submit" className="flex-1 sm:flex-none">
                Next <ChevronRight className="h-4 w-4" aria-hidden />
              </Button>
            ) : (
              <Button
                type="submit"
                loading={submitting}
                className="flex-1 sm:flex-none"
                icon={<Check className="h-4 w-4" aria-hidden />}
              >
                {mode === 'create' ? 'Create property' : 'Save changes'}
              </Button>
            )}
          </div>
        </div>
      </form>
    </FormProvider>
  );
}

function Stepper({
  step,
  visited,
  onSelect,
}: {
  step: number;
  visited: number;
  onSelect: (index: number) => void;
}) {
  return (
    <ol className="grid grid-cols-4 gap-2" aria-label="Steps">
      {STEPS.map((item, index) => {
        const done = index < step;
        const active = index === step;
        return (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onSelect(index)}
              disabled={index > visited + 1}
              aria-current={active ? 'step' : undefined}
              className="group flex w-full flex-col items-start gap-2 text-left disabled:cursor-not-allowed"
            >
              <span
                className={cn('h-1.5 w-full rounded-full', done || active ? 'bg-brand-600' : 'bg-slate-200')}
              />
              <span className="flex items-center gap-2">
                <span
                  className={cn(
                    'flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                    done
                      ? 'bg-brand-600 text-white'
                      : active
                        ? 'bg-brand-100 text-brand-700'
                        : 'bg-slate-100 text-slate-500',
                  )}
                >
                  {done ? <Check className="h-3.5 w-3.5" aria-hidden /> : index + 1}
                </span>
                <span
                  className={cn(
                    'hidden text-sm font-medium sm:inline',
                    active ? 'text-slate-900' : 'text-slate-500',
                  )}
                >
                  {item.label}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
