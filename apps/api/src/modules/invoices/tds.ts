import type { Pagination, TdsDto, TdsListQuery } from '@rentora/shared';
import { uuidv7 } from 'uuidv7';
import type { CompanyContext } from '../../core/access';
import { recordAudit } from '../../core/audit';
import { AppError, conflict, notFound } from '../../core/errors';
import { iso, offsetOf, pageOf } from '../../core/http';
import type { Storage } from '../../core/storage';
import type { Db } from '../../db/client';
import { createTdsRepo, type TdsListRow } from './tds.repo';

function toTdsDto(r: TdsListRow): TdsDto {
  return {
    _id: r.id!,
    tenantId: r.tenantId!,
    tenantName: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
    propertyName: r.propertyName,
    unitNumber: r.unitNumber,
    invoiceId: r.invoiceId!,
    invoiceNumber: r.invoiceNumber,
    section: r.section!,
    rate: r.rateBp! / 100,
    amount: r.amount!,
    paymentAmount: r.paymentAmount!,
    deductedAt: iso(r.deductedAt!),
    financialYear: r.financialYear!,
    status: r.status!,
    certificateFileName: r.certificateFileName,
    certificateReceivedAt: r.certificateReceivedAt ? iso(r.certificateReceivedAt) : null,
  };
}

const isPdf = (data: Buffer) => data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * TDS deducted by tenants from rent (recorded with an offline payment, invoices.payments): the year's list, pending
 * certificates first, and the certificate upload (a private PDF in storage) that marks a deduction received.
 */
export function tdsTracking(db: Db, storage: Storage) {
  const repo = createTdsRepo(db);

  async function list(
    ctx: CompanyContext,
    query: TdsListQuery,
  ): Promise<{ data: TdsDto[]; pagination: Pagination }> {
    const { rows, total } = await repo.list(ctx.companyId, query.fy, {
      limit: query.limit,
      offset: offsetOf(query.page, query.limit),
    });
    return { data: rows.map(toTdsDto), pagination: pageOf(query.page, query.limit, total) };
  }

  async function uploadCertificate(
    ctx: CompanyContext,
    id: string,
    file: { fileName: string; data: Buffer },
  ): Promise<TdsDto> {
    if (!(await repo.one(ctx.companyId, id))) throw notFound('TDS deduction');
    if (!isPdf(file.data)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the certificate as a PDF', {
        details: [{ path: 'certificate', message: 'The file is not a PDF' }],
      });
    }
    const key = `tds-certificates/${ctx.companyId}/${id}/${uuidv7()}.pdf`;
    await storage.put(key, file.data, 'application/pdf');
    let previous: string | null = null;
    try {
      await db.transaction(async (tx) => {
        const txRepo = createTdsRepo(tx);
        const row = await txRepo.lock(ctx.companyId, id);
        if (!row) throw notFound('TDS deduction');
        previous = row.certificateKey;
        await txRepo.setCertificate(
          ctx.companyId,
          id,
          key,
          file.fileName.slice(0, 200) || 'certificate.pdf',
          new Date(),
        );
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'tds.certificate_received',
          entityType: 'tds_deduction',
          entityId: id,
          summary: `TDS certificate for ${row.amount} u/s ${row.section}`,
          before: { status: row.status },
          after: { status: 'certificate_received' },
        });
      });
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      throw error;
    }
    // A certificate uploaded again replaces the earlier file.
    if (previous) await storage.delete(previous).catch(() => undefined);
    return toTdsDto((await repo.one(ctx.companyId, id))!);
  }

  /** The certificate file (staff of the company only; never public). */
  async function certificateFile(ctx: CompanyContext, id: string) {
    const row = await repo.certificate(ctx.companyId, id);
    if (!row) throw notFound('TDS deduction');
    if (!row.key) throw conflict('No certificate was uploaded for this deduction');
    const file = await storage.read(row.key);
    if (!file) throw notFound('Certificate');
    return { file, fileName: row.fileName ?? 'certificate.pdf' };
  }

  /** 404 before an upload is read when the deduction is not the company's. */
  async function assertExists(ctx: CompanyContext, id: string): Promise<void> {
    if (!(await repo.one(ctx.companyId, id))) throw notFound('TDS deduction');
  }

  return { list, assertExists, uploadCertificate, certificateFile };
}

export type TdsTracking = ReturnType<typeof tdsTracking>;
