import { TENANT_DOCUMENT_TYPES, type TenantDocumentType } from '@rentora/shared';
import { FileUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Field, Select } from '../../components/field';
import { documentLabel } from './tenant-display';

/** A file chosen on the documents step, uploaded once the tenant exists. */
export interface PendingDocument {
  id: number;
  file: File;
  type: TenantDocumentType;
}

/** The documents step of the add-tenant page: a type and a file at a time, listed until the tenant is added. */
export function DocumentsStep({
  documents,
  onChange,
}: {
  documents: PendingDocument[];
  onChange: (update: (current: PendingDocument[]) => PendingDocument[]) => void;
}) {
  const [docType, setDocType] = useState<TenantDocumentType>('aadhaar');
  return (
    <>
      <p className="text-sm text-slate-600">
        Aadhaar, PAN and a salary slip complete the file. PDF, JPEG, PNG or WebP, up to 10 MB each.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label="Document type" className="sm:w-56">
          {(control) => (
            <Select
              {...control}
              value={docType}
              onChange={(event) => setDocType(event.target.value as TenantDocumentType)}
            >
              {TENANT_DOCUMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {documentLabel(type)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:border-brand-400">
          <FileUp className="h-4 w-4" aria-hidden />
          Choose file
          <input
            type="file"
            className="sr-only"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            data-testid="tenant-document-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file)
                onChange((current) => [...current, { id: Date.now() + current.length, file, type: docType }]);
              event.target.value = '';
            }}
          />
        </label>
      </div>
      {documents.length ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {documents.map((document) => (
            <li key={document.id} className="flex items-center justify-between px-3 py-2 text-sm">
              <span>
                <span className="font-medium text-slate-900">{documentLabel(document.type)}</span>{' '}
                <span className="text-slate-500">{document.file.name}</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onChange((current) => current.filter((other) => other.id !== document.id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No documents chosen. You can add them later too.</p>
      )}
    </>
  );
}
