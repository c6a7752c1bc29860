import type { DocumentSeries } from '@rentora/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  companyTaxSettings,
  documentCounters,
  properties,
  rentalUnits,
  rentalUnitUsers,
} from '../../db/schema';

export type TaxSettingsRow = typeof companyTaxSettings.$inferSelect;

export async function taxSettingsOf(conn: DbOrTx, companyId: string): Promise<TaxSettingsRow | undefined> {
  const [row] = await conn
    .select()
    .from(companyTaxSettings)
    .where(eq(companyTaxSettings.companyId, companyId));
  return row;
}

export async function upsertTaxSettings(
  tx: Tx,
  values: Omit<typeof companyTaxSettings.$inferInsert, 'updatedAt'>,
): Promise<TaxSettingsRow> {
  const { companyId: _companyId, ...changes } = values;
  const [row] = await tx
    .insert(companyTaxSettings)
    .values(values)
    .onConflictDoUpdate({ target: companyTaxSettings.companyId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return row!;
}

/**
 * Takes `n` serials of a series in a financial year, in the caller's transaction: the counter row stays locked
 * until it commits, so concurrent issuers queue and a rolled-back issue gives its serials back. Answers the first.
 */
export async function takeSerials(
  tx: Tx,
  companyId: string,
  series: DocumentSeries,
  fyStart: number,
  n = 1,
): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ companyId, series, fyStart, lastNumber: n })
    .onConflictDoUpdate({
      target: [documentCounters.companyId, documentCounters.series, documentCounters.fyStart],
      set: { lastNumber: sql`${documentCounters.lastNumber} + ${n}` },
    })
    .returning({ last: documentCounters.lastNumber });
  return row!.last - n + 1;
}

/** The last serial given in a series and year (0 when none). */
export async function lastSerial(
  conn: DbOrTx,
  companyId: string,
  series: DocumentSeries,
  fyStart: number,
): Promise<number> {
  const [row] = await conn
    .select({ last: documentCounters.lastNumber })
    .from(documentCounters)
    .where(
      and(
        eq(documentCounters.companyId, companyId),
        eq(documentCounters.series, series),
        eq(documentCounters.fyStart, fyStart),
      ),
    );
  return row?.last ?? 0;
}

/** What decides the GST of tenancies' invoices: their billing details, their unit's use and property's state. */
export function billingFactsOf(conn: DbOrTx, companyId: string, tenancyIds: string[]) {
  return (
    conn
      .select({
        tenancyId: rentalUnitUsers.id,
        gstin: rentalUnitUsers.gstin,
        legalName: rentalUnitUsers.legalName,
        billingAddress: rentalUnitUsers.billingAddress,
        unitType: rentalUnits.unitType,
        gstUse: rentalUnits.gstUse,
        propertyState: properties.state,
      })
      .from(rentalUnitUsers)
      .innerJoin(rentalUnits, eq(rentalUnits.id, rentalUnitUsers.rentalUnitId))
      .innerJoin(properties, eq(properties.id, rentalUnitUsers.propertyId))
      // One array parameter, whatever the count: a rent run may ask for 100,000 tenancies (a list of parameters stops
      // at the protocol's 65,535).
      .where(
        and(
          sql`${rentalUnitUsers.id} = any(${`{${tenancyIds.join(',')}}`}::uuid[])`,
          eq(rentalUnitUsers.companyId, companyId),
        ),
      )
  );
}
