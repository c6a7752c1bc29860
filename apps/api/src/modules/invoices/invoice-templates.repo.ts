import { and, count, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { countColumn, pageLimit, pageOffset, preparedOnce, statementsByShape } from '../../core/statements';
import type { DbOrTx, Tx } from '../../db/client';
import { invoiceTemplates } from '../../db/schema';

export type InvoiceTemplateRow = typeof invoiceTemplates.$inferSelect;
type TemplateValues = Partial<typeof invoiceTemplates.$inferInsert>;

/** A company's template by id. */
export async function templateOfCompany(
  conn: DbOrTx,
  companyId: string,
  id: string,
): Promise<InvoiceTemplateRow | undefined> {
  const [row] = await conn
    .select()
    .from(invoiceTemplates)
    .where(and(eq(invoiceTemplates.id, id), eq(invoiceTemplates.companyId, companyId)));
  return row;
}

/** The company's default template, if it has one. */
export async function defaultTemplateOf(
  conn: DbOrTx,
  companyId: string,
): Promise<InvoiceTemplateRow | undefined> {
  const [row] = await conn
    .select()
    .from(invoiceTemplates)
    .where(and(eq(invoiceTemplates.companyId, companyId), eq(invoiceTemplates.isDefault, true)));
  return row;
}

const ofCompany = eq(invoiceTemplates.companyId, sql.placeholder('companyId'));

/** A page of the company's templates, the default first, then newest first, with their exact count as `total`. */
const templatePageWithCount = statementsByShape((db) =>
  db
    .select({ ...getTableColumns(invoiceTemplates), total: countColumn(invoiceTemplates, ofCompany) })
    .from(invoiceTemplates)
    .where(ofCompany)
    .orderBy(desc(invoiceTemplates.isDefault), desc(invoiceTemplates.createdAt), desc(invoiceTemplates.id))
    .limit(pageLimit())
    .offset(pageOffset()),
);

/** The count alone, for a page past the end (no row to carry it). */
const templateCount = preparedOnce((db) => db.select({ n: count() }).from(invoiceTemplates).where(ofCompany));

/** A page of the company's templates, the default first, then newest first, with their count (one round trip). */
export async function templatePage(db: DbOrTx, companyId: string, page: { limit: number; offset: number }) {
  const values = { companyId, ...page };
  const rows = await templatePageWithCount(db, {}).execute(values);
  const total = rows[0]?.total ?? (page.offset === 0 ? 0 : ((await templateCount(db, values))[0]?.n ?? 0));
  return { rows, total };
}

/** Locks every template row of the company (changes of the default queue on it). */
export function lockCompanyTemplates(tx: DbOrTx, companyId: string) {
  return tx
    .select({ id: invoiceTemplates.id, isDefault: invoiceTemplates.isDefault })
    .from(invoiceTemplates)
    .where(eq(invoiceTemplates.companyId, companyId))
    .for('update');
}

/** The company's default template is no longer the default. */
export async function clearDefault(tx: Tx, companyId: string): Promise<void> {
  await tx
    .update(invoiceTemplates)
    .set({ isDefault: false })
    .where(and(eq(invoiceTemplates.companyId, companyId), eq(invoiceTemplates.isDefault, true)));
}

/** Every template of the company but `id` is not the default. */
export async function clearDefaultExcept(tx: Tx, companyId: string, id: string): Promise<void> {
  await tx
    .update(invoiceTemplates)
    .set({ isDefault: false })
    .where(and(eq(invoiceTemplates.companyId, companyId), ne(invoiceTemplates.id, id)));
}

export async function makeDefault(tx: Tx, id: string): Promise<void> {
  await tx.update(invoiceTemplates).set({ isDefault: true }).where(eq(invoiceTemplates.id, id));
}

export async function insertTemplate(
  tx: Tx,
  values: typeof invoiceTemplates.$inferInsert,
): Promise<InvoiceTemplateRow | undefined> {
  const [row] = await tx.insert(invoiceTemplates).values(values).returning();
  return row;
}

/** Sets columns of the company's template and answers it as it is now. */
export async function setCompanyTemplate(
  tx: Tx,
  companyId: string,
  id: string,
  values: TemplateValues,
): Promise<InvoiceTemplateRow | undefined> {
  const [row] = await tx
    .update(invoiceTemplates)
    .set(values)
    .where(and(eq(invoiceTemplates.id, id), eq(invoiceTemplates.companyId, companyId)))
    .returning();
  return row;
}

/** Sets columns of a template by id and answers it as it is now. */
export async function setTemplate(
  tx: Tx,
  id: string,
  values: TemplateValues,
): Promise<InvoiceTemplateRow | undefined> {
  const [row] = await tx.update(invoiceTemplates).set(values).where(eq(invoiceTemplates.id, id)).returning();
  return row;
}

/** The storage keys of a template's logo. */
export async function logoKeysOf(tx: Tx, id: string) {
  const [before] = await tx
    .select({ logoKey: invoiceTemplates.logoKey, logoThumbKey: invoiceTemplates.logoThumbKey })
    .from(invoiceTemplates)
    .where(eq(invoiceTemplates.id, id));
  return before;
}

/** The storage keys of the company's template's logo, under the template's row lock. */
export async function lockLogoKeys(tx: Tx, companyId: string, id: string) {
  const [before] = await tx
    .select({ logoKey: invoiceTemplates.logoKey, logoThumbKey: invoiceTemplates.logoThumbKey })
    .from(invoiceTemplates)
    .where(and(eq(invoiceTemplates.id, id), eq(invoiceTemplates.companyId, companyId)))
    .for('update');
  return before;
}

/** Deletes a template; answers its logo's storage keys. */
export async function deleteTemplate(tx: Tx, id: string) {
  const [gone] = await tx
    .delete(invoiceTemplates)
    .where(eq(invoiceTemplates.id, id))
    .returning({ logoKey: invoiceTemplates.logoKey, logoThumbKey: invoiceTemplates.logoThumbKey });
  return gone;
}
