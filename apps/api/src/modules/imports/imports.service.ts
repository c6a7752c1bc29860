import {
  canUseFeature,
  IMPORT_COLUMNS,
  IMPORT_KIND_FEATURES,
  type ImportFormat,
  type ImportJobDto,
  type ImportKind,
  type ImportListQuery,
  UNLIMITED,
} from '@rentora/shared';
import { uuidv7 } from 'uuidv7';
import { accessContextOf, type CompanyContext } from '../../core/access';
import type { AppDeps, ServiceLog } from '../../core/app-deps';
import { AppError, conflict, forbidden, notFound } from '../../core/errors';
import { iso, isoOrNull, offsetOf, pageOf } from '../../core/http';
import { loadExcelJs } from '../../core/lazy-modules';
import { toCsv } from '../../core/spreadsheet';
import { type ImportDeps, PassResult, runBatch } from './imports.apply';
import {
  csvRecords,
  HeaderProblem,
  type SheetRow,
  sheetRows,
  sniffSpreadsheet,
  xlsxRecords,
} from './imports.parse';
import { createImportsRepo, type ImportJobRow } from './imports.repo';

/** The job that validates and imports one uploaded file (defined in scheduled-jobs.ts). */
export const IMPORTS_RUN_JOB = 'imports.run';
export interface ImportJobData {
  companyId: string;
  jobId: string;
}

/** Rows read, checked and written together; progress is saved after each batch. */
const BATCH_ROWS = 250;

function toDto(row: ImportJobRow): ImportJobDto {
  return {
    _id: row.id,
    kind: row.kind,
    format: row.format,
    fileName: row.fileName,
    dryRun: row.dryRun,
    status: row.status,
    progress: { done: row.doneRows, total: row.totalRows },
    summary: {
      valid: row.valid,
      invalid: row.invalid,
      created: row.created,
      updated: row.updated,
      skipped: row.skipped,
    },
    errors: row.errors,
    planLimit: row.planLimit ?? null,
    createdBy: row.createdBy,
    createdAt: iso(row.createdAt),
    finishedAt: isoOrNull(row.finishedAt),
  };
}

/** A template: the headers, one example row; the XLSX adds a sheet that says what each column takes. */
export async function importTemplate(kind: ImportKind, format: ImportFormat) {
  const columns = IMPORT_COLUMNS[kind];
  const table = {
    title: kind,
    columns: columns.map((column) => column.header),
    rows: [columns.map((column) => column.example)],
  };
  const fileName = `rentora-${kind}-template.${format}`;
  if (format === 'csv') return { fileName, contentType: 'text/csv; charset=utf-8', body: toCsv(table) };
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Rentora';
  const sheet = workbook.addWorksheet(kind);
  sheet.addRow(table.columns).font = { bold: true };
  // Every cell is text, so that unit numbers, phones and dates stay as typed.
  sheet.addRow(table.rows[0]);
  sheet.columns.forEach((column) => {
    column.width = 20;
    column.numFmt = '@';
  });
  const help = workbook.addWorksheet('Allowed values');
  help.addRow(['Column', 'Required', 'Allowed values or format']).font = { bold: true };
  for (const column of columns) {
    help.addRow([
      column.header,
      column.required ? 'yes' : 'no',
      column.allowed?.join(', ') ?? column.hint ?? '',
    ]);
  }
  help.columns.forEach((column) => {
    column.width = 40;
  });
  return {
    fileName,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

type Deps = Pick<AppDeps, 'db' | 'storage' | 'jobs'> & Omit<ImportDeps, 'db'>;

/**
 * Spreadsheet imports: the upload (checked by its bytes, kept in the file store), the job that checks every row with
 * the API's schemas and the plan's limits (a dry run stops there), and the commit in batches through the modules.
 */
export function createImportsService(deps: Deps, log: ServiceLog) {
  const { db, storage, jobs } = deps;
  const repo = createImportsRepo(db);
  const rowDeps: ImportDeps = deps;

  function requireKindFeature(ctx: CompanyContext, kind: ImportKind) {
    if (!canUseFeature(accessContextOf(ctx), IMPORT_KIND_FEATURES[kind])) {
      throw forbidden(`You need the ${IMPORT_KIND_FEATURES[kind]} permission to import ${kind}`);
    }
  }

  async function mustFind(ctx: CompanyContext, id: string) {
    const row = await repo.find(ctx.companyId, id);
    if (!row) throw notFound('Import');
    return row;
  }

  /** The person who started the job, as the context the modules' functions take. */
  async function contextOf(job: ImportJobRow): Promise<CompanyContext | null> {
    const user = job.createdBy ? await deps.auth.findUserById(job.createdBy) : undefined;
    if (!user) return null;
    return {
      userId: user.id,
      sessionId: `import:${job.id}`,
      role: user.role,
      subRole: user.subRole,
      user,
      companyId: job.companyId,
      companyRole: null,
      features: [],
      planFeatures: [],
      limitations: null,
      dataVersion: null,
      mfaSetupRequired: false,
    };
  }

  async function* batches(job: ImportJobRow): AsyncGenerator<SheetRow[]> {
    const file = await storage.read(job.storageKey);
    if (!file) throw new HeaderProblem('The uploaded file is no longer there: upload it again');
    const records = job.format === 'xlsx' ? xlsxRecords(file.stream) : csvRecords(file.stream);
    let batch: SheetRow[] = [];
    for await (const row of sheetRows(records, IMPORT_COLUMNS[job.kind])) {
      batch.push(row);
      if (batch.length >= BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }

  async function pass(job: ImportJobRow, ctx: CompanyContext, apply: boolean, total: number) {
    const result = new PassResult(job.kind);
    for await (const rows of batches(job)) {
      await runBatch(rowDeps, ctx, job.kind, rows, result, { apply, log });
      await repo.update(job.companyId, job.id, {
        doneRows: result.total,
        totalRows: Math.max(total, result.total),
      });
    }
    return result;
  }
  /** The plan's limit the file would pass, with its numbers, or null. */
  async function planProblem(job: ImportJobRow, result: PassResult) {
    const usage = await repo.planUsage(job.companyId);
    const limits = usage?.limitations;
    if (!usage || !limits) return null;
    if (job.kind === 'properties' && limits.maxPropertiesPerCompany !== UNLIMITED) {
      const adding = result.created;
      if (usage.usageProperties + adding > limits.maxPropertiesPerCompany) {
        return {
          limitType: 'properties' as const,
          current: usage.usageProperties,
          limit: limits.maxPropertiesPerCompany,
          adding,
        };
      }
    }
    if (job.kind === 'units' && limits.maxRentalUnitsPerProperty !== UNLIMITED) {
      const counts = await repo.unitCounts(job.companyId, [...result.newUnits.keys()]);
      for (const [propertyId, adding] of result.newUnits) {
        const current = counts.get(propertyId) ?? 0;
        if (current + adding > limits.maxRentalUnitsPerProperty) {
          return {
            limitType: 'rentalUnits' as const,
            current,
            limit: limits.maxRentalUnitsPerProperty,
            adding,
          };
        }
      }
    }
    return null;
  }

  async function finish(job: ImportJobRow, values: Parameters<typeof repo.update>[2]) {
    await repo.update(job.companyId, job.id, { ...values, finishedAt: new Date() });
    await storage
      .delete(job.storageKey)
      .catch((error: unknown) => log.error({ err: error }, 'import file not removed'));
  }

  /** The job handler: idempotent (a job run again after a crash finds the rows it already wrote and skips them). */
  async function run({ companyId, jobId }: ImportJobData): Promise<void> {
    const job = await repo.find(companyId, jobId);
    if (
      !job ||
      !(await repo.transition(companyId, jobId, ['queued', 'validating', 'importing'], {
        status: 'validating',
        doneRows: 0,
      }))
    ) {
      return;
    }
    const ctx = await contextOf(job);
    try {
      if (!ctx) throw new HeaderProblem('The person who started this import no longer has an account');
      const checked = await pass(job, ctx, false, job.totalRows);
      const planLimit = await planProblem(job, checked);
      if (planLimit) {
        const noun = planLimit.limitType === 'properties' ? 'properties' : 'units in one property';
        const message = `This file would add ${planLimit.adding} ${noun}; the plan allows ${planLimit.limit} and ${planLimit.current} are in use. Nothing was imported.`;
        await finish(job, {
          status: 'failed',
          planLimit,
          ...checked.summary,
          totalRows: checked.total,
          errors: [{ row: 0, field: 'file', message }, ...checked.errors],
        });
        return;
      }
      if (job.dryRun) {
        await repo.update(companyId, jobId, {
          status: 'ready',
          ...checked.summary,
          totalRows: checked.total,
          errors: checked.errors,
        });
        return;
      }
      await repo.update(companyId, jobId, { status: 'importing', doneRows: 0, totalRows: checked.total });
      const applied = await pass(job, ctx, true, checked.total);
      await finish(job, { status: 'done', ...applied.summary, errors: applied.errors });
    } catch (error) {
      if (!(error instanceof HeaderProblem)) log.error({ err: error, jobId }, 'import failed');
      const message =
        error instanceof HeaderProblem || error instanceof AppError
          ? error.message
          : 'The file could not be read as a spreadsheet';
      await finish(job, {
        status: 'failed',
        errors: [{ row: error instanceof HeaderProblem ? 1 : 0, field: 'file', message }],
      });
    }
  }

  return {
    run,

    template: importTemplate,

    /** POST /imports: keeps the file and queues its job (202). */
    async start(
      ctx: CompanyContext,
      input: { kind: ImportKind; dryRun: boolean; fileName: string; data: Buffer },
    ): Promise<ImportJobDto> {
      requireKindFeature(ctx, input.kind);
      const format = sniffSpreadsheet(input.data);
      if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a CSV or XLSX file');
      const id = uuidv7();
      const storageKey = `imports/${ctx.companyId}/${id}.${format}`;
      await storage.put(storageKey, input.data, format === 'csv' ? 'text/csv' : 'application/octet-stream');
      const row = await repo.insert({
        id,
        companyId: ctx.companyId,
        kind: input.kind,
        format,
        fileName: input.fileName.slice(0, 200) || `import.${format}`,
        storageKey,
        dryRun: input.dryRun,
        createdBy: ctx.userId,
      });
      await jobs.send<ImportJobData>(IMPORTS_RUN_JOB, { companyId: ctx.companyId, jobId: id });
      return toDto(row);
    },

    async get(ctx: CompanyContext, id: string): Promise<ImportJobDto> {
      return toDto(await mustFind(ctx, id));
    },

    async list(ctx: CompanyContext, query: ImportListQuery) {
      const { rows, total } = await repo.list(
        ctx.companyId,
        { kind: query.kind, status: query.status },
        { limit: query.limit, offset: offsetOf(query.page, query.limit), order: query.sortOrder },
      );
      return { data: rows.map(toDto), pagination: pageOf(query.page, query.limit, total) };
    },

    /** POST /imports/:id/commit: a dry run that is `ready` is checked again and imported. */
    async commit(ctx: CompanyContext, id: string): Promise<ImportJobDto> {
      const job = await mustFind(ctx, id);
      requireKindFeature(ctx, job.kind);
      const moved =
        job.dryRun &&
        (await repo.transition(ctx.companyId, id, ['ready'], {
          status: 'queued',
          dryRun: false,
          created: 0,
          updated: 0,
          skipped: 0,
          doneRows: 0,
        }));
      if (!moved) throw conflict('Only a dry run that has been validated can be committed');
      await jobs.send<ImportJobData>(IMPORTS_RUN_JOB, { companyId: ctx.companyId, jobId: id });
      return toDto(await mustFind(ctx, id));
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
