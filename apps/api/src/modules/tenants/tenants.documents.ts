import { documentsComplete, type TenantDocumentDto, type TenantDocumentType } from '@rentora/shared';
import { uuidv7 } from 'uuidv7';
import type { CompanyContext } from '../../core/access';
import { recordAudit } from '../../core/audit';
import { AppError, notFound } from '../../core/errors';
import type { Storage } from '../../core/storage';
import type { Db } from '../../db/client';
import { toDocumentDto } from './tenants.dto';
import { type DocumentSigner, sniffDocumentType } from './tenants.files';
import type { TenantNotices } from './tenants.notify';
import type { TenantReads } from './tenants.reads';
import { createTenantRecordsRepo } from './tenants.records.repo';

/** A tenancy's documents: private files in storage, served by short-lived signed links. */
export function tenantDocumentFiles(
  deps: { db: Db; storage: Storage; signer: DocumentSigner },
  reads: TenantReads,
  notices: TenantNotices,
) {
  const { db, storage, signer } = deps;
  const { mustFind } = reads;
  const records = createTenantRecordsRepo(db);

  return {
    async documents(ctx: CompanyContext, tenantId: string) {
      await mustFind(ctx.companyId, tenantId);
      const rows = await records.documents(ctx.companyId, tenantId);
      return {
        documents: rows.map((row) => toDocumentDto(row, signer)),
        documentsComplete: documentsComplete(rows),
      };
    },

    async addDocument(
      ctx: CompanyContext,
      tenantId: string,
      input: { type: TenantDocumentType; fileName: string; data: Buffer },
    ): Promise<TenantDocumentDto> {
      await mustFind(ctx.companyId, tenantId);
      const sniffed = sniffDocumentType(input.data);
      if (!sniffed) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a PDF, JPEG, PNG or WebP file', {
          details: [{ path: 'document', message: 'The file is not a PDF, JPEG, PNG or WebP' }],
        });
      }
      const id = uuidv7();
      const storageKey = `tenant-docs/${ctx.companyId}/${id}.${sniffed.ext}`;
      await storage.put(storageKey, input.data, sniffed.mimeType);
      try {
        const row = await records.insertDocument({
          id,
          companyId: ctx.companyId,
          tenantId,
          type: input.type,
          storageKey,
          fileName: input.fileName.slice(0, 200) || `document.${sniffed.ext}`,
          mimeType: sniffed.mimeType,
          size: input.data.length,
          uploadedBy: ctx.userId,
        });
        return toDocumentDto(row!, signer);
      } catch (error) {
        await storage.delete(storageKey).catch(() => undefined);
        throw error;
      }
    },

    async verifyDocument(ctx: CompanyContext, tenantId: string, docId: string, verified: boolean) {
      const row = await mustFind(ctx.companyId, tenantId);
      const document = await records.document(ctx.companyId, tenantId, docId);
      if (!document) throw notFound('Document');
      await records.setDocumentVerified(ctx.companyId, docId, verified);
      if (verified && !document.verified) {
        await notices.tell(
          row,
          'tenant.document_verified',
          'A document was verified',
          `Your ${document.type.replace('_', ' ')} document was verified.`,
        );
      }
      return toDocumentDto({ ...document, verified }, signer);
    },

    async deleteDocument(ctx: CompanyContext, tenantId: string, docId: string): Promise<void> {
      await mustFind(ctx.companyId, tenantId);
      const document = await records.document(ctx.companyId, tenantId, docId);
      if (!document) throw notFound('Document');
      await db.transaction(async (tx) => {
        await createTenantRecordsRepo(tx).deleteDocument(ctx.companyId, docId);
        await recordAudit(tx, {
          companyId: ctx.companyId,
          actorUserId: ctx.userId,
          action: 'tenant.document_deleted',
          entityType: 'tenant_document',
          entityId: docId,
          summary: `${document.type} of tenant ${tenantId}`,
          before: { type: document.type, fileName: document.fileName, verified: document.verified },
        });
      });
      await storage.delete(document.storageKey).catch(() => undefined);
    },

    /** The file of a signed link (no account needed: the signature is the permission). */
    async documentFile(tenantId: string, docId: string, exp: number | undefined, sig: string | undefined) {
      if (!signer.verify(docId, exp, sig)) {
        throw new AppError('FORBIDDEN', 'This link has expired or is not valid');
      }
      const document = await records.documentOfLink(tenantId, docId);
      if (!document) throw notFound('Document');
      const file = await storage.read(document.storageKey);
      if (!file) throw notFound('Document');
      return { document, file };
    },
  };
}
