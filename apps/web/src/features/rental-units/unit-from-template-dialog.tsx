import { zodResolver } from '@hookform/resolvers/zod';
import { type TemplateDto, UNIT_TYPE_LABELS, type UseTemplateBody, ZUseTemplateBody } from '@rentora/shared';
import { ArrowLeft, Globe2, LayoutTemplate, Search, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { FormError, Input } from '../../components/field';
import { MoneyField } from '../../components/money-field';
import { SkeletonList } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { refusalMessage } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { INVENTORY_MESSAGES } from '../properties/messages';
import { usePopularTemplates, useTemplates, useUseTemplate } from '../templates/templates.api';
import { FURNISHING_LABELS, fieldMessage, toNullableNumber, UnitNumberFields } from './unit-settings-fields';

type FormValues = z.input<typeof ZUseTemplateBody>;

export interface UnitFromTemplateDialogProps {
  open: boolean;
  onClose: () => void;
  propertyId: string;
  /** Start on this template (e.g. "Use" on the templates page). */
  initialTemplate?: TemplateDto;
}

/** Add a unit from a template: choose one (popular first), give the unit number, adjust rent if needed. */
export function UnitFromTemplateDialog({
  open,
  onClose,
  propertyId,
  initialTemplate,
}: UnitFromTemplateDialogProps) {
  const [chosen, setChosen] = useState<TemplateDto | null>(initialTemplate ?? null);
  const close = () => {
    setChosen(initialTemplate ?? null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={chosen ? `New unit from “${chosen.name}”` : 'Add a unit from a template'}
      description={
        chosen
          ? templateSummary(chosen)
          : 'Most used templates first. Global templates are shared by the platform.'
      }
      size="lg"
    >
      {open ? (
        chosen ? (
          <UseTemplateForm
            template={chosen}
            propertyId={propertyId}
            onBack={initialTemplate ? undefined : () => setChosen(null)}
            onDone={close}
          />
        ) : (
          <TemplatePicker onPick={setChosen} />
        )
      ) : null}
    </Dialog>
  );
}

export function templateSummary(
  template: Pick<TemplateDto, 'unitType' | 'bedrooms' | 'bathrooms' | 'furnishing' | 'sizeSqft'>,
) {
  return [
    UNIT_TYPE_LABELS[template.unitType],
    `${template.bedrooms} bed`,
    `${template.bathrooms} bath`,
    FURNISHING_LABELS[template.furnishing],
    template.sizeSqft ? `${template.sizeSqft.toLocaleString('en-IN')} sq ft` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function TemplateOption({
  template,
  onPick,
}: {
  template: TemplateDto;
  onPick: (template: TemplateDto) => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onPick(template)}
        className="flex w-full items-start gap-3 rounded-xl border border-slate-200 p-3 text-left transition hover:border-brand-400 hover:bg-brand-50/40 focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <LayoutTemplate className="h-4 w-4" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-900">{template.name}</span>
            {template.isGlobal ? (
              <Badge tone="info" className="gap-1">
                <Globe2 className="h-3 w-3" aria-hidden /> Global
              </Badge>
            ) : null}
          </span>
          <span className="block truncate text-xs text-slate-500">{templateSummary(template)}</span>
        </span>
        <span className="shrink-0 text-right">
          <span className="block text-sm font-semibold text-slate-900">
            {formatMoney(template.pricing.rent)}
          </span>
          <span className="block text-xs text-slate-500">used {template.usageCount}×</span>
        </span>
      </button>
    </li>
  );
}

function TemplatePicker({ onPick }: { onPick: (template: TemplateDto) => void }) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), 300);
  const popular = usePopularTemplates(6, settled === '');
  const results = useTemplates({ search: settled, limit: 20 }, settled !== '');
  const active = settled === '' ? popular : results;
  const items = settled === '' ? popular.data : results.data?.data;
  return (
    <div className="space-y-4">
      <div className="relative block">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <Input
          aria-label="Search templates"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search templates"
          className="pl-9"
          data-autofocus
        />
      </div>
      <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {settled === '' ? (
          <>
            <TrendingUp className="h-3.5 w-3.5" aria-hidden /> Popular templates
          </>
        ) : (
          'Search results'
        )}
      </p>
      {active.isPending ? (
        <SkeletonList rows={3} />
      ) : active.isError ? (
        <ErrorState
          title={INVENTORY_MESSAGES.fetchTemplates}
          message={apiErrorMessage(active.error, 'Please try again.')}
          onRetry={() => void active.refetch()}
        />
      ) : !items || items.length === 0 ? (
        <EmptyState
          icon={LayoutTemplate}
          title={settled ? 'No templates match' : 'No templates yet'}
          description="Save a unit as a template from its menu, or create one on the Unit templates page."
        />
      ) : (
        <ul className="max-h-[50vh] space-y-2 overflow-y-auto pr-1" aria-label="Templates">
          {items.map((template) => (
            <TemplateOption key={template._id} template={template} onPick={onPick} />
          ))}
        </ul>
      )}
    </div>
  );
}

function UseTemplateForm({
  template,
  propertyId,
  onBack,
  onDone,
}: {
  template: TemplateDto;
  propertyId: string;
  onBack?: () => void;
  onDone: () => void;
}) {
  const use = useUseTemplate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, UseTemplateBody>({
    resolver: zodResolver(ZUseTemplateBody),
    defaultValues: {
      propertyId,
      unitNumber: '',
      floor: null,
      pricing: { rent: template.pricing.rent },
      availability: { isAvailable: true },
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await use.mutateAsync({ templateId: template._id, body });
      onDone();
    } catch (error) {
      setFormError(refusalMessage(error, form.setError));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Create unit from template">
      <div className={cn('grid gap-4 sm:grid-cols-2')}>
        <UnitNumberFields
          placeholder="e.g. B-204"
          unitNumber={{ input: register('unitNumber'), error: errors.unitNumber?.message }}
          floor={{ input: register('floor', { setValueAs: toNullableNumber }), error: errors.floor?.message }}
        />
        <MoneyField
          control={control}
          name="pricing.rent"
          label="Rent"
          hint={`Template: ${formatMoney(template.pricing.rent)}`}
          formatError={fieldMessage}
        />
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 text-brand-600"
            {...register('availability.isAvailable')}
          />
          Open for booking
        </label>
      </div>
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
        Everything else (type, rooms, furnishing, amenities, deposit, maintenance) comes from the template.
        You can edit the unit afterwards.
      </p>
      <FormError message={formError} />
      <div className="flex justify-between gap-2 border-t border-slate-100 pt-4">
        {onBack ? (
          <Button variant="ghost" onClick={onBack} icon={<ArrowLeft className="h-4 w-4" aria-hidden />}>
            Other template
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" loading={use.isPending}>
          Create unit
        </Button>
      </div>
    </form>
  );
}
