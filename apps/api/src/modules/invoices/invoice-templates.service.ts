import type {
  InvoiceTemplateBody,
  InvoiceTemplateDto,
  InvoiceTemplateUpdateBody,
  Pagination,
} from '@rentora/shared';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { CompanyContext } from '../../core/access';
import { recordAudit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import { iso, offsetOf, pageOf } from '../../core/http';
import type { Db, DbOrTx } from '../../db/client';
import { invoiceTemplates } from '../../db/schema';

export type InvoiceTemplateRow = typeof invoiceTemplates.$inferSelect;

export function toTemplateDto(row: InvoiceTemplateRow): InvoiceTemplateDto {
  return {
    _id: row.id,
    companyId: row.companyId,
    name: row.name,
    logoUrl: row.logoUrl,
    primaryColor: row.primaryColor,
    accentColor: row.accentColor,
    headerText: row.headerText,
    footerText: row.footerText,
    defaultLineItems: row.defaultLineItems,
    paymentInstructions: row.paymentInstructions,
    gstNumber: row.gstNumber,
    taxRate: row.taxRate,
    notes: row.notes,
    lateFeeType: row.lateFeeType,
    lateFeeValue: row.lateFeeValue,
    lateFeeAfterDays: row.lateFeeAfterDays,
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
    const [row] = await db
      .select()
      .from(invoiceTemplates)
      .where(and(eq(invoiceTemplates.id, id), eq(invoiceTemplates.companyId, companyId)));
    if (!row) throw notFound('Invoice template');
    return row;
  }
  const [row] = await db
    .select()
    .from(invoiceTemplates)
    .where(and(eq(invoiceTemplates.companyId, companyId), eq(invoiceTemplates.isDefault, true)));
  return row ?? null;
}

/**
 * Invoice templates: one default per company (a partial unique index; making one the default clears the others in
 * the same transaction, under a lock of the company's template rows). The first template becomes the default.
 */
export function createInvoiceTemplatesService(db: Db) {
  async function list(
    ctx: CompanyContext,
    query: { page: number; limit: number },
  ): Promise<{ data: InvoiceTemplateDto[]; pagination: Pagination }> {
    const where = eq(invoiceTemplates.companyId, ctx.companyId);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(invoiceTemplates)
        .where(where)
        .orderBy(
          desc(invoiceTemplates.isDefault),
          desc(invoiceTemplates.createdAt),
          desc(invoiceTemplates.id),
        )
        .limit(query.limit)
        .offset(offsetOf(query.page, query.limit)),
      db.select({ n: count() }).from(invoiceTemplates).where(where),
    ]);
    return { data: rows.map(toTemplateDto), pagination: pageOf(query.page, query.limit, total?.n ?? 0) };
  }

  async function get(ctx: CompanyContext, id: string): Promise<InvoiceTemplateDto> {
    const row = await templateFor(db, ctx.companyId, id);
    return toTemplateDto(row!);
  }

  async function lockCompanyTemplates(tx: DbOrTx, companyId: string) {
    return tx
      .select({ id: invoiceTemplates.id, isDefault: invoiceTemplates.isDefault })
      .from(invoiceTemplates)
      .where(eq(invoiceTemplates.companyId, companyId))
      .for('update');
  }

  async function create(ctx: CompanyContext, body: InvoiceTemplateBody): Promise<InvoiceTemplateDto> {
    return db.transaction(async (tx) => {
      const existing = await lockCompanyTemplates(tx, ctx.companyId);
      const isDefault = body.isDefault || !existing.some((t) => t.isDefault);
      if (isDefault) {
        await tx
          .update(invoiceTemplates)
          .set({ isDefault: false })
          .where(and(eq(invoiceTemplates.companyId, ctx.companyId), eq(invoiceTemplates.isDefault, true)));
      }
      const [row] = await tx
        .insert(invoiceTemplates)
        .values({
          ...body,
          logoUrl: body.logoUrl ?? null,
          gstNumber: body.gstNumber || null,
          companyId: ctx.companyId,
          isDefault,
          createdBy: ctx.userId,
        })
        .returning();
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
      if (body.isDefault === true && !current.isDefault) {
        await tx
          .update(invoiceTemplates)
          .set({ isDefault: false })
          .where(and(eq(invoiceTemplates.companyId, ctx.companyId), ne(invoiceTemplates.id, id)));
      }
      const patch = { ...body };
      if ('gstNumber' in patch) patch.gstNumber = patch.gstNumber || null;
      const [row] = await tx
        .update(invoiceTemplates)
        .set(patch)
        .where(and(eq(invoiceTemplates.id, id), eq(invoiceTemplates.companyId, ctx.companyId)))
        .returning();
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
      await tx.delete(invoiceTemplates).where(eq(invoiceTemplates.id, id));
      if (current.isDefault) {
        const next = rows.find((r) => r.id !== id);
        if (next)
          await tx.update(invoiceTemplates).set({ isDefault: true }).where(eq(invoiceTemplates.id, next.id));
      }
      await recordAudit(tx, {
        companyId: ctx.companyId,
        action: 'invoice_template.deleted',
        entityType: 'invoice_template',
        entityId: id,
      });
    });
  }

  return { list, get, create, update, remove };
}
