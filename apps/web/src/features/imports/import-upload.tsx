import { zodResolver } from '@hookform/resolvers/zod';
import {
  IMPORT_COLUMNS,
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  type ImportJobDto,
  type ImportKind,
  ZImportFields,
} from '@rentora/shared';
import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Field, Select } from '../../components/field';
import { ProgressBar } from '../../components/progress-bar';
import { downloadFile } from '../../lib/download-file';
import { toast } from '../../lib/toast';
import { IMPORT_FALLBACK_MESSAGES, useUploadImport } from './imports.api';

const ZUploadForm = ZImportFields.pick({ kind: true }).extend({
  file: z
    .custom<FileList>((value) => typeof FileList !== 'undefined' && value instanceof FileList)
    .refine((files) => files.length === 1, 'Choose a CSV or XLSX file'),
});
type UploadForm = z.infer<typeof ZUploadForm>;

/** Step one: the kind, its template, and the file (uploaded as a dry run). */
export function ImportUpload({ onUploaded }: { onUploaded: (job: ImportJobDto) => void }) {
  const [percent, setPercent] = useState<number | null>(null);
  const upload = useUploadImport();
  const form = useForm<UploadForm>({
    resolver: zodResolver(ZUploadForm),
    defaultValues: { kind: 'properties' },
  });
  const kind = form.watch('kind') as ImportKind;

  const template = (format: 'csv' | 'xlsx') =>
    downloadFile(
      '/imports/template',
      { kind, format },
      `rentora-${kind}-template.${format}`,
      IMPORT_FALLBACK_MESSAGES.template,
    ).catch((error: unknown) =>
      toast.error(IMPORT_FALLBACK_MESSAGES.template, error instanceof Error ? error.message : undefined),
    );

  const submit = form.handleSubmit(async (values) => {
    setPercent(0);
    try {
      const job = await upload.mutateAsync({
        kind: values.kind,
        file: values.file[0]!,
        onProgress: setPercent,
      });
      toast.success('File uploaded', 'Checking every row; nothing is imported until you confirm.');
      form.resetField('file');
      onUploaded(job);
    } catch (error) {
      toast.apiError(error, IMPORT_FALLBACK_MESSAGES.upload);
    } finally {
      setPercent(null);
    }
  });

  return (
    <Card className="space-y-4 p-5">
      <form className="grid gap-4 md:grid-cols-[14rem_1fr_auto] md:items-end" onSubmit={submit} noValidate>
        <Field label="What to import" required error={form.formState.errors.kind?.message}>
          {(control) => (
            <Select {...control} {...form.register('kind')}>
              {IMPORT_KINDS.map((value) => (
                <option key={value} value={value}>
                  {IMPORT_KIND_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Spreadsheet (CSV or XLSX)"
          required
          error={form.formState.errors.file?.message}
          hint="Amounts in rupees (₹12,500.50); dates as DD/MM/YYYY or YYYY-MM-DD."
        >
          {(control) => (
            <input
              {...control}
              {...form.register('file')}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-brand-700"
            />
          )}
        </Field>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          <Upload className="h-4 w-4" /> Check file
        </Button>
      </form>
      {percent !== null ? <ProgressBar value={percent} label="Upload progress" /> : null}
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4 text-sm">
        <span className="text-slate-600">Template for {IMPORT_KIND_LABELS[kind].toLowerCase()}:</span>
        <Button size="sm" variant="outline" onClick={() => template('xlsx')}>
          <Download className="h-4 w-4" /> XLSX
        </Button>
        <Button size="sm" variant="outline" onClick={() => template('csv')}>
          <Download className="h-4 w-4" /> CSV
        </Button>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">Columns and allowed values</summary>
        <table className="mt-3 w-full text-left text-xs">
          <caption className="sr-only">Columns of the {IMPORT_KIND_LABELS[kind]} template</caption>
          <thead className="text-slate-500">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Column
              </th>
              <th scope="col" className="py-1 pr-3">
                Required
              </th>
              <th scope="col" className="py-1">
                Allowed values or format
              </th>
            </tr>
          </thead>
          <tbody className="text-slate-700">
            {IMPORT_COLUMNS[kind].map((column) => (
              <tr key={column.key} className="border-t border-slate-100">
                <td className="py-1 pr-3 font-medium">{column.header}</td>
                <td className="py-1 pr-3">{column.required ? 'Yes' : 'No'}</td>
                <td className="py-1">
                  {column.allowed?.join(', ') ?? column.hint ?? `e.g. ${column.example}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Card>
  );
}
