import { and, asc, eq, gte, isNotNull, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices, users } from '../../db/schema';
import { creditNotesIssuedBetween } from './credit-notes.repo';
import type { Gstr1CreditNote, Gstr1Invoice } from './gst-returns';

const personName = (first: string, last: string) => `${first} ${last}`.trim();

/** The invoices a company issued in [from, to] (business dates): numbered, never drafts. */
export async function invoicesIssuedBetween(
  conn: DbOrTx,
  companyId: string,
  from: string,
  to: string,
): Promise<Gstr1Invoice[]> {
  const rows = await conn
    .select({ invoice: invoices, firstName: users.firstName, lastName: users.lastName })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(
      and(
        eq(invoices.companyId, companyId),
        isNotNull(invoices.number),
        ne(invoices.status, 'draft'),
        gte(invoices.issueDate, from),
        lte(invoices.issueDate, to),
      ),
    )
    .orderBy(asc(invoices.issueDate), asc(invoices.number));
  return rows.map(({ invoice, firstName, lastName }) => ({
    ...invoice,
    number: invoice.number ?? '',
    recipientName: invoice.recipientLegalName || personName(firstName, lastName),
  }));
}

/** The credit notes a company issued in [from, to], with the GST parties of the invoices they credit. */
export async function creditNotesForReturn(
  conn: DbOrTx,
  companyId: string,
  from: string,
  to: string,
): Promise<Gstr1CreditNote[]> {
  const rows = await creditNotesIssuedBetween(conn, companyId, from, to);
  return rows.map((row) => ({
    ...row.note,
    lineItems: row.note.lineItems,
    placeOfSupply: row.placeOfSupply,
    reverseCharge: row.reverseCharge,
    recipientGstin: row.recipientGstin,
    recipientName: row.recipientLegalName || personName(row.firstName, row.lastName),
  }));
}
