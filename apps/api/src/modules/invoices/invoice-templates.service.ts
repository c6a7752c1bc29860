import type {
  InvoiceTemplateBody,
  InvoiceTemplateDto,
  InvoiceTemplateUpdateBody,
  Pagination,
} from '@rentora/shared';
import type { FastifyRequest } from 'fastify';
import type { CompanyContext } from '../../core/access';
import { recordAudit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import { iso, offsetOf, pageOf } from '../../core/http';
import { receiveImages, removeImageFiles } from '../../core/images';
import { loadSharp } from '../../core/lazy-modules';
import type { Storage } from '../../core/storage';
import type { Db, DbOrTx } from '../../db/client';
import {
  clearDefault,
  clearDefaultExcept,
  defaultTemplateOf,
  deleteTemplate,
  type InvoiceTemplateRow,
  insertTemplate,
  lockCompanyTemplates,
  lockLogoKeys,
  logoKeysOf,
  makeDefault,
  setCompanyTemplate,
  setTemplate,
  templateOfCompany,
  templatePage,
} from './invoice-templates.repo';

export type { InvoiceTemplateRow } from './invoice-templates.repo';

const logoVersion = (key: string) => key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('.'));

/**
 * A logo as PNG bytes for the PDF (pdf-lib draws PNG and JPEG only): read from storage, at most 600 px wide.
 * Null when there is none or it cannot be read (the PDF is drawn without it).
 */
export async function logoPng(storage: Storage, key: string | null): Promise<Uint8Array | null> {
  if (!key) return null;
  try {
    const file = await storage.read(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Buffer));
    const sharp = await loadSharp();
    return await sharp(Buffer.concat(chunks), { limitInputPixels: 50_000_000 })
      .resize({ width: 600, height: 300, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

export function toTemplateDto(row: InvoiceTemplateRow): InvoiceTemplateDto {
  return {
    _id: row.id,
    companyId: row.companyId,
    name: row.name,
    // An uploaded logo is read through GET /api/invoice-templates/{id}/logo (v: which upload, for caches).
    logoUrl: row.logoKey ? `/api/invoice-templates/${row.id}/logo?v=${logoVersion(row.logoKey)}` : null,
    primaryColor: row.primaryColor,
    accentColor: row.accentColor,
    headerText: row.headerText,
    footerText: row.footerText,
    defaultLineItems: row.defaultLineItems,
    paymentInstructions: row.paymentInstructions,
    gstNumber: row.gstNumber,
    taxRate: row.taxRate,
    notes: row.notes,
    isDefault: row.isDefault,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** The company's template by id (404 for another company's), or its default one when `id` is absent. */
export async function templateFor(
  db: DbOrTx,
  companyId: string,
  id: string | null | undefined,
): Promise<InvoiceTemplateRow | null> {
  if (id) {
    const row = await templateOfCompany(db, companyId, id);
    if (!row) throw notFound('Invoice template');
    return row;
  }
  const row = await defaultTemplateOf(db, companyId);
  return row ?? null;
}

/**
 * Invoice templates: one default per company (a partial unique index; making one the default clears the others in
 * the same transaction, under a lock of the company's template rows). The first template becomes the default.
 */
export function createInvoiceTemplatesService(db: Db, storage: Storage, uploadLimitBytes: number) {
  async function list(
    ctx: CompanyContext,
    query: { page: number; limit: number },
  ): Promise<{ data: InvoiceTemplateDto[]; pagination: Pagination }> {
    const { rows, total } = await templatePage(db, ctx.companyId, {
      limit: query.limit,
      offset: offsetOf(query.page, query.limit),
    });
    return { data: rows.map(toTemplateDto), pagination: pageOf(query.page, query.limit, total) };
  }

  async function get(ctx: CompanyContext, id: string): Promise<InvoiceTemplateDto> {
    const row = await templateFor(db, ctx.companyId, id);
    return toTemplateDto(row!);
  }

  async function create(ctx: CompanyContext, body: InvoiceTemplateBody): Promise<InvoiceTemplateDto> {
    return db.transaction(async (tx) => {
      const existing = await lockCompanyTemplates(tx, ctx.companyId);
      const isDefault = body.isDefault || !existing.some((t) => t.isDefault);
      if (isDefault) await clearDefault(tx, ctx.companyId);
      const row = await insertTemplate(tx, {
        ...body,
        // Logos are uploaded (POST /{id}/logo); the body's logoUrl only removes one (null).
        logoUrl: null,
        gstNumber: body.gstNumber || null,
        companyId: ctx.companyId,
        isDefault,
        createdBy: ctx.userId,
      });
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'invoice_template.created',
        entityType: 'invoice_template',
        entityId: row!.id,
        summary: row!.name,
      });
      return toTemplateDto(row!);
    });
  }

  async function update(
    ctx: CompanyContext,
    id: string,
    body: InvoiceTemplateUpdateBody,
  ): Promise<InvoiceTemplateDto> {
    return db.transaction(async (tx) => {
      const rows = await lockCompanyTemplates(tx, ctx.companyId);
      const current = rows.find((r) => r.id === id);
      if (!current) throw notFound('Invoice template');
      if (body.isDefault === false && current.isDefault) {
        throw conflict('Make another template the default instead');
      }
      if (body.isDefault === true && !current.isDefault) await clearDefaultExcept(tx, ctx.companyId, id);
      const { logoUrl, ...patch } = body;
      if ('gstNumber' in patch) patch.gstNumber = patch.gstNumber || null;
      const removesLogo = logoUrl === null;
      const before = removesLogo ? await logoKeysOf(tx, id) : undefined;
      const row = await setCompanyTemplate(tx, ctx.companyId, id, {
        ...patch,
        ...(removesLogo ? { logoKey: null, logoThumbKey: null } : {}),
      });
      if (before?.logoKey) removeLater([before.logoKey, before.logoThumbKey]);
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'invoice_template.updated',
        entityType: 'invoice_template',
        entityId: id,
        summary: row!.name,
      });
      return toTemplateDto(row!);
    });
  }

  /** Deletes a template; its invoices keep their copied tax rate and lose only the link. */
  async function remove(ctx: CompanyContext, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const rows = await lockCompanyTemplates(tx, ctx.companyId);
      const current = rows.find((r) => r.id === id);
      if (!current) throw notFound('Invoice template');
      const gone = await deleteTemplate(tx, id);
      if (gone?.logoKey) removeLater([gone.logoKey, gone.logoThumbKey]);
      if (current.isDefault) {
        const next = rows.find((r) => r.id !== id);
        if (next) await makeDefault(tx, next.id);
      }
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'invoice_template.deleted',
        entityType: 'invoice_template',
        entityId: id,
      });
    });
  }

  /** Deletes stored files after the transaction that dropped their keys (best effort). */
  function removeLater(keys: (string | null)[]) {
    setImmediate(() => {
      for (const key of keys) if (key) void storage.delete(key).catch(() => undefined);
    });
  }

  /**
   * Stores an uploaded logo (one image, told by its content, re-encoded without metadata; see receiveImages) and
   * points the template at it; the previous logo's files are removed.
   */
  async function uploadLogo(ctx: CompanyContext, id: string, request: FastifyRequest) {
    await templateFor(db, ctx.companyId, id);
    const upload = await receiveImages(request, storage, {
      limitBytes: uploadLimitBytes,
      keyPrefix: `companies/${ctx.companyId}/invoice-templates/${id}`,
      maxFiles: 1,
    });
    const image = upload.images[0]!;
    try {
      return await db.transaction(async (tx) => {
        const before = await lockLogoKeys(tx, ctx.companyId, id);
        if (!before) throw notFound('Invoice template');
        const row = await setTemplate(tx, id, {
          logoKey: image.storageKey,
          logoThumbKey: image.thumbnailKey,
        });
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'invoice_template.logo_uploaded',
          entityType: 'invoice_template',
          entityId: id,
          summary: row!.name,
        });
        if (before.logoKey) removeLater([before.logoKey, before.logoThumbKey]);
        return toTemplateDto(row!);
      });
    } catch (error) {
      await removeImageFiles(storage, upload.images);
      throw error;
    }
  }

  /** The logo's small WebP (the editor's preview), or 404. */
  async function logo(ctx: CompanyContext, id: string) {
    const row = await templateFor(db, ctx.companyId, id);
    const key = row?.logoThumbKey ?? row?.logoKey;
    const file = key ? await storage.read(key) : null;
    if (!file || !key) throw notFound('Logo');
    return { ...file, contentType: key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream' };
  }

  return { list, get, create, update, remove, uploadLogo, logo };
}
