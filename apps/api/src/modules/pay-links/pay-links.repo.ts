import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, invoices, payLinks, users } from '../../db/schema';

export type PayLinkRow = typeof payLinks.$inferSelect;

const live = sql`${payLinks.usedAt} is null and ${payLinks.voidedAt} is null`;

/** What issuing a link needs to know of the invoice: that it is the company's and still takes money. */
export async function invoiceToLink(conn: DbOrTx, companyId: string, invoiceId: string) {
  const [row] = await conn
    .select({
      id: invoices.id,
      status: invoices.status,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
      creditedAmount: invoices.creditedAmount,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)));
  return row ?? null;
}

/** The invoice's live link (not used, not voided; it may be past its expiry). */
export async function liveLinkOf(conn: DbOrTx, companyId: string, invoiceId: string) {
  const [row] = await conn
    .select()
    .from(payLinks)
    .where(and(eq(payLinks.companyId, companyId), eq(payLinks.invoiceId, invoiceId), live));
  return row ?? null;
}

/** Inserts the invoice's live link unless another one is live already (then null: read that one). */
export async function insertLiveLink(
  conn: DbOrTx,
  values: Pick<PayLinkRow, 'companyId' | 'invoiceId' | 'tokenHash' | 'tokenSealed' | 'expiresAt'>,
) {
  const [row] = await conn
    .insert(payLinks)
    .values(values)
    .onConflictDoNothing({ target: payLinks.invoiceId, where: live })
    .returning();
  return row ?? null;
}

export async function voidLink(conn: DbOrTx, id: string, at: Date) {
  await conn
    .update(payLinks)
    .set({ voidedAt: at })
    .where(and(eq(payLinks.id, id), isNull(payLinks.voidedAt)));
}

/** The link a token opens (any state: the caller tells paid, expired and voided apart). */
export async function linkByTokenHash(conn: DbOrTx, tokenHash: string) {
  const [row] = await conn.select().from(payLinks).where(eq(payLinks.tokenHash, tokenHash));
  return row ?? null;
}

/** The company's name and logo and the tenant's first name: what a pay page shows besides the invoice. */
export async function partiesOfLink(conn: DbOrTx, companyId: string, userId: string) {
  const [row] = await conn
    .select({
      companyName: companies.name,
      logo: companies.logo,
      firstName: sql<string>`(select ${users.firstName} from ${users} where ${users.id} = ${userId})`,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

/** Marks the live links of an invoice used once it is paid in full (a paid hook, inside the payment's transaction). */
export async function markLinksOfPaidInvoiceUsed(conn: DbOrTx, invoiceId: string, at: Date) {
  await conn
    .update(payLinks)
    .set({ usedAt: at })
    .where(
      and(
        eq(payLinks.invoiceId, invoiceId),
        live,
        sql`exists (select 1 from ${invoices} where ${invoices.id} = ${invoiceId} and ${invoices.status} = 'paid')`,
      ),
    );
}
