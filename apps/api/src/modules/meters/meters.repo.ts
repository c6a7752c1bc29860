import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  type MeterReadingRow,
  type MeterRow,
  meterCharges,
  meterReadings,
  meterShares,
  meters,
  properties,
  rentalUnits,
} from '../../db/schema';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface ShareRow {
  meterId: string;
  rentalUnitId: string;
  unitNumber: string;
  shareBp: number;
}

export async function findUnit(conn: DbOrTx, companyId: string, unitId: string) {
  const [row] = await conn
    .select({ id: rentalUnits.id, unitNumber: rentalUnits.unitNumber })
    .from(rentalUnits)
    .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, unitId)));
  return row;
}

/** Which of `unitIds` are units of the company. */
export async function unitsOfCompany(
  conn: DbOrTx,
  companyId: string,
  unitIds: string[],
): Promise<Set<string>> {
  if (unitIds.length === 0) return new Set();
  const rows = await conn
    .select({ id: rentalUnits.id })
    .from(rentalUnits)
    .where(and(eq(rentalUnits.companyId, companyId), inArray(rentalUnits.id, unitIds)));
  return new Set(rows.map((r) => r.id));
}

export async function insertMeter(tx: Tx, values: typeof meters.$inferInsert): Promise<MeterRow> {
  const [row] = await tx.insert(meters).values(values).returning();
  return row!;
}

export async function replaceShares(
  tx: Tx,
  meterId: string,
  shares: { rentalUnitId: string; shareBp: number }[],
): Promise<void> {
  await tx.delete(meterShares).where(eq(meterShares.meterId, meterId));
  if (shares.length > 0) await tx.insert(meterShares).values(shares.map((s) => ({ meterId, ...s })));
}

export async function updateMeter(
  tx: Tx,
  meterId: string,
  values: Partial<Pick<typeof meters.$inferInsert, 'label' | 'tariff' | 'deletedAt'>>,
): Promise<MeterRow> {
  const [row] = await tx.update(meters).set(values).where(eq(meters.id, meterId)).returning();
  return row!;
}

/** A meter of the company that is not removed; `lock` holds it for the transaction (readings are added in turn). */
export async function findMeter(
  conn: DbOrTx,
  companyId: string,
  meterId: string,
  lock = false,
): Promise<MeterRow | undefined> {
  const query = conn
    .select()
    .from(meters)
    .where(and(eq(meters.companyId, companyId), eq(meters.id, meterId), isNull(meters.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The meters a unit pays for: its own unshared meters and the shared meters it has a share of. */
export async function metersOfUnit(conn: DbOrTx, companyId: string, unitId: string): Promise<MeterRow[]> {
  return conn
    .select()
    .from(meters)
    .where(
      and(
        eq(meters.companyId, companyId),
        isNull(meters.deletedAt),
        sql`(${meters.rentalUnitId} = ${unitId} or exists (select 1 from meter_shares s where s.meter_id = ${meters.id} and s.rental_unit_id = ${unitId}))`,
      ),
    )
    .orderBy(meters.createdAt, meters.id);
}

export async function sharesOf(conn: DbOrTx, meterIds: string[]): Promise<ShareRow[]> {
  if (meterIds.length === 0) return [];
  return conn
    .select({
      meterId: meterShares.meterId,
      rentalUnitId: meterShares.rentalUnitId,
      unitNumber: rentalUnits.unitNumber,
      shareBp: meterShares.shareBp,
    })
    .from(meterShares)
    .innerJoin(rentalUnits, eq(rentalUnits.id, meterShares.rentalUnitId))
    .where(inArray(meterShares.meterId, meterIds))
    .orderBy(meterShares.meterId, rentalUnits.unitNumber);
}

/** The latest reading of each meter. */
export async function lastReadings(conn: DbOrTx, meterIds: string[]): Promise<MeterReadingRow[]> {
  if (meterIds.length === 0) return [];
  return conn
    .selectDistinctOn([meterReadings.meterId])
    .from(meterReadings)
    .where(inArray(meterReadings.meterId, meterIds))
    .orderBy(meterReadings.meterId, desc(meterReadings.readAt), desc(meterReadings.id));
}

export async function insertReading(
  tx: Tx,
  values: typeof meterReadings.$inferInsert,
): Promise<MeterReadingRow> {
  const [row] = await tx.insert(meterReadings).values(values).returning();
  return row!;
}

/** The position (date, id) of the last reading any bill of the meter reaches to. */
export async function lastBilledReading(conn: DbOrTx, meterId: string) {
  const [row] = await conn
    .select({ readAt: meterReadings.readAt, id: meterReadings.id })
    .from(meterCharges)
    .innerJoin(meterReadings, eq(meterReadings.id, meterCharges.toReadingId))
    .where(eq(meterCharges.meterId, meterId))
    .orderBy(desc(meterReadings.readAt), desc(meterReadings.id))
    .limit(1);
  return row;
}

export async function readingsPage(conn: DbOrTx, meterId: string, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    conn
      .select()
      .from(meterReadings)
      .where(eq(meterReadings.meterId, meterId))
      .orderBy(desc(meterReadings.readAt), desc(meterReadings.id))
      .limit(limit)
      .offset((page - 1) * limit),
    conn.select({ n: count() }).from(meterReadings).where(eq(meterReadings.meterId, meterId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface DueRow {
  meterId: string;
  type: MeterRow['type'];
  label: string;
  rentalUnitId: string;
  unitNumber: string;
  propertyId: string;
  propertyName: string;
  lastReading: number | null;
  lastReadAt: string | null;
}

/** Meters of the company without a reading since `since`, by property and unit. */
export async function dueMeters(
  conn: DbOrTx,
  companyId: string,
  since: string,
  options: { propertyId?: string; page: number; limit: number },
): Promise<{ rows: DueRow[]; total: number }> {
  const where = sql`m.company_id = ${companyId} and m.deleted_at is null
      ${options.propertyId ? sql`and u.property_id = ${options.propertyId}` : sql``}
      and not exists (select 1 from meter_readings r where r.meter_id = m.id and r.read_at >= ${since})`;
  const from = sql`from ${meters} m join ${rentalUnits} u on u.id = m.rental_unit_id
      join ${properties} p on p.id = u.property_id`;
  const [rows, counted] = await Promise.all([
    conn.execute(sql`
      select m.id as "meterId", m.type, m.label, u.id as "rentalUnitId", u.unit_number as "unitNumber",
        p.id as "propertyId", p.name as "propertyName",
        l.reading_hundredths::float8 / 100 as "lastReading", l.read_at::text as "lastReadAt"
      ${from}
      left join lateral (select r.reading_hundredths, r.read_at from meter_readings r where r.meter_id = m.id
        order by r.read_at desc, r.id desc limit 1) l on true
      where ${where}
      order by p.name, u.unit_number, m.type, m.id
      limit ${options.limit} offset ${(options.page - 1) * options.limit}`),
    conn.execute(sql`select count(*)::int as n ${from} where ${where}`),
  ]);
  return { rows: rowsOf<DueRow>(rows), total: rowsOf<{ n: number }>(counted)[0]?.n ?? 0 };
}
