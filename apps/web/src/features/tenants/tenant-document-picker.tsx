import { TENANT_DOCUMENT_TYPES, type TenantDocumentType } from '@rentora/shared';
import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Field, Select } from '../../components/field';
import { cn } from '../../lib/cn';
import { documentLabel } from './tenant-display';

/** The file types a tenant document may be. */
const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';

/** A document type (Aadhaar first) and a file button; each chosen file is handed over with the type then selected. */
export function TenantDocumentPicker({
  typeLabel,
  fileLabel,
  icon: Icon,
  onPick,
  disabled,
  className,
  testId,
}: {
  typeLabel: string;
  fileLabel: string;
  icon: LucideIcon;
  onPick: (file: File, type: TenantDocumentType) => void;
  disabled?: boolean;
  className?: string;
  testId?: string;
}) {
  const [type, setType] = useState<TenantDocumentType>('aadhaar');
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row sm:items-end', className)}>
      <Field label={typeLabel} className="sm:w-56">
        {(control) => (
          <Select
            {...control}
            value={type}
            onChange={(event) => setType(event.target.value as TenantDocumentType)}
          >
            {TENANT_DOCUMENT_TYPES.map((option) => (
              <option key={option} value={option}>
                {documentLabel(option)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:border-brand-400">
        <Icon className="h-4 w-4" aria-hidden />
        {fileLabel}
        <input
          type="file"
          className="sr-only"
          accept={DOCUMENT_ACCEPT}
          disabled={disabled}
          data-testid={testId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onPick(file, type);
            event.target.value = '';
          }}
        />
      </label>
    </div>
  );
}
