import type { TenantDocumentType } from '@rentora/shared';
import { FileUp } from 'lucide-react';
import { Button } from '../../components/button';
import { documentLabel } from './tenant-display';
import { TenantDocumentPicker } from './tenant-document-picker';

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
  return (
    <>
      <p className="text-sm text-slate-600">
        Aadhaar, PAN and a salary slip complete the file. PDF, JPEG, PNG or WebP, up to 10 MB each.
      </p>
      <TenantDocumentPicker
        typeLabel="Document type"
        fileLabel="Choose file"
        icon={FileUp}
        testId="tenant-document-input"
        onPick={(file, type) =>
          onChange((current) => [...current, { id: Date.now() + current.length, file, type }])
        }
      />
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
