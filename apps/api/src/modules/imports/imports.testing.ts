import type { ImportJobDto, ImportKind } from '@rentora/shared';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { CompanySession } from '../../../test/factories';
import { multipart } from '../uploads/uploads.testing';

/** A CSV of the given rows (the first row is the header). */
export function csvOf(rows: readonly (readonly string[])[]): Buffer {
  const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return Buffer.from(`${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`);
}

/** An XLSX workbook of one sheet with the given rows. */
export async function xlsxOf(rows: readonly (readonly (string | number)[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** POST /api/imports with the file; the raw response. */
export async function upload(
  app: FastifyInstance,
  caller: CompanySession,
  kind: ImportKind,
  file: Buffer,
  options: { dryRun?: boolean; filename?: string } = {},
) {
  const body = multipart(
    [
      {
        field: 'file',
        filename: options.filename ?? 'import.csv',
        contentType: 'application/octet-stream',
        data: file,
      },
    ],
    { kind, dryRun: String(options.dryRun ?? false) },
  );
  return app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { authorization: `Bearer ${caller.token}`, 'x-company-id': caller.companyId, ...body.headers },
    payload: body.payload,
  });
}

/**
 * Uploads a file and runs its job as the job runner would (tests do not start the runner), then answers the job as
 * GET /api/imports/:id shows it.
 */
export async function importFile(
  app: FastifyInstance,
  caller: CompanySession,
  kind: ImportKind,
  file: Buffer,
  options: { dryRun?: boolean; filename?: string } = {},
): Promise<ImportJobDto> {
  const response = await upload(app, caller, kind, file, options);
  if (response.statusCode !== 202) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  const job = response.json<{ data: ImportJobDto }>().data;
  await app.services.imports.run({ companyId: caller.companyId, jobId: job._id });
  return jobOf(app, caller, job._id);
}

export async function jobOf(app: FastifyInstance, caller: CompanySession, id: string): Promise<ImportJobDto> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/imports/${id}`,
    headers: { authorization: `Bearer ${caller.token}`, 'x-company-id': caller.companyId },
  });
  if (response.statusCode !== 200) throw new Error(`job: ${response.statusCode} ${response.body}`);
  return response.json<{ data: ImportJobDto }>().data;
}

export const PROPERTY_HEADER = [
  'Property name',
  'Property type',
  'Address line 1',
  'City',
  'State',
  'Postal code',
];
export const propertyRow = (name: string, city = 'Bengaluru') => [
  name,
  'apartment_building',
  '1 Main Road',
  city,
  'Karnataka',
  '560001',
];
export const UNIT_HEADER = ['Property name', 'Unit number', 'Unit type', 'Rent', 'Security deposit'];
export const TENANCY_HEADER = [
  'Property name',
  'Unit number',
  'Tenant first name',
  'Tenant last name',
  'Tenant email',
  'Move-in date',
  'Lease start',
  'Lease end',
  'Rent',
  'Opening balance',
];
