import {
  type AgreementTemplate,
  type AgreementTemplateDto,
  DEFAULT_AGREEMENT_TEMPLATE,
} from '@rentora/shared';
import { eq } from 'drizzle-orm';
import type { CompanyContext } from '../../core/access';
import { recordAudit } from '../../core/audit';
import { iso } from '../../core/http';
import type { Db, DbOrTx } from '../../db/client';
import { bookingAgreementTemplates } from '../../db/schema';

/** A company's rental agreement template (title, ordered clauses, extra terms); the default until it saves one. */

function defaultDto(): AgreementTemplateDto {
  return { ...DEFAULT_AGREEMENT_TEMPLATE, isDefault: true, updatedAt: null };
}

export async function loadAgreementTemplate(db: DbOrTx, companyId: string): Promise<AgreementTemplateDto> {
  const [row] = await db
    .select({
      title: bookingAgreementTemplates.title,
      clauses: bookingAgreementTemplates.clauses,
      extraTerms: bookingAgreementTemplates.extraTerms,
      updatedAt: bookingAgreementTemplates.updatedAt,
    })
    .from(bookingAgreementTemplates)
    .where(eq(bookingAgreementTemplates.companyId, companyId));
  if (!row) return defaultDto();
  return {
    title: row.title,
    clauses: row.clauses,
    extraTerms: row.extraTerms,
    isDefault: false,
    updatedAt: iso(row.updatedAt),
  };
}

export function createAgreementTemplateService(db: Db) {
  return {
    get: (ctx: CompanyContext) => loadAgreementTemplate(db, ctx.companyId),

    /** Saves the whole template (one row per company, upserted) and audits the change. */
    async put(ctx: CompanyContext, body: AgreementTemplate): Promise<AgreementTemplateDto> {
      return db.transaction(async (tx) => {
        const before = await loadAgreementTemplate(tx, ctx.companyId);
        const values = {
          title: body.title,
          clauses: body.clauses.map((c) => ({ title: c.title, text: c.text })),
          extraTerms: body.extraTerms,
          updatedBy: ctx.userId,
          updatedAt: new Date(),
        };
        await tx
          .insert(bookingAgreementTemplates)
          .values({ companyId: ctx.companyId, ...values })
          .onConflictDoUpdate({ target: bookingAgreementTemplates.companyId, set: values });
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'booking.agreement_template_updated',
          entityType: 'booking_agreement_template',
          entityId: ctx.companyId,
          summary: `Agreement template "${body.title}" saved with ${body.clauses.length} clause(s)`,
          before: before.isDefault ? null : { title: before.title, clauses: before.clauses.length },
          after: { title: body.title, clauses: body.clauses.length },
        });
        return loadAgreementTemplate(tx, ctx.companyId);
      });
    },
  };
}
