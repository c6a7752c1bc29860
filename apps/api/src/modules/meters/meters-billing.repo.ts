import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../db/client';
import type { meterCharges, TariffRow } from '../../db/schema';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A tenancy paying (a share of) a meter, with the last reading its unit was billed to. */
export interface PayerRow {
  meterId: string;
  type: 'electricity' | 'water' | 'gas';
  label: string;
  tariff: TariffRow;
  tenancyId: string;
  rentalUnitId: string;
  startDate: string;
  /** Null: the meter is the unit's own. */
  shareBp: number | null;
  billedReadingId: string | null;
  billedReadAt: string | null;
}

export interface ReadingRow {
  meterId: string;
  id: string;
  hundredths: number;
  readAt: string;
  meterReplaced: boolean;
}

/**
 * The meters the tenancies' units pay for (their own unshared meters, and shared meters they hold a share of), each
 * with the last reading the unit has been billed to.
 */
export async function payersOf(tx: Tx, companyId: string, tenancyIds: string[]): Promise<PayerRow[]> {
  if (tenancyIds.length === 0) return [];
  const result = await tx.execute(sql`
    with t as (
      select r.id, r.rental_unit_id, r.start_date
      from rental_unit_users r
      where r.id = any(${`{${tenancyIds.join(',')}}`}::uuid[]) and r.company_id = ${companyId}
    ),
    p as (
      select m.id as meter_id, t.id as tenancy_id, t.rental_unit_id, t.start_date, null::int as share_bp
      from t join meters m on m.rental_unit_id = t.rental_unit_id
      where m.deleted_at is null and not exists (select 1 from meter_shares s where s.meter_id = m.id)
      union all
      select m.id, t.id, t.rental_unit_id, t.start_date, s.share_bp
      from t join meter_shares s on s.rental_unit_id = t.rental_unit_id
        join meters m on m.id = s.meter_id
      where m.deleted_at is null
    )
    select p.meter_id as "meterId", m.type, m.label, m.tariff, p.tenancy_id as "tenancyId",
      p.rental_unit_id as "rentalUnitId", p.start_date::text as "startDate", p.share_bp as "shareBp",
      b.id as "billedReadingId", b.read_at::text as "billedReadAt"
    from p join meters m on m.id = p.meter_id
    left join lateral (
      select rd.id, rd.read_at from meter_charges c join meter_readings rd on rd.id = c.to_reading_id
      where c.meter_id = p.meter_id and c.rental_unit_id = p.rental_unit_id
      order by rd.read_at desc, rd.id desc limit 1
    ) b on true
    order by p.meter_id, p.tenancy_id`);
  return rowsOf<PayerRow>(result);
}

/**
 * Readings of the meters read by `last`, in order; for a meter whose every payer has been billed before, only from
 * the earliest reading billed to (`from`), else all of them.
 */
export async function readingsUpTo(
  tx: Tx,
  bounds: { meterId: string; from: string | null }[],
  last: string,
): Promise<ReadingRow[]> {
  if (bounds.length === 0) return [];
  const ids = `{${bounds.map((b) => b.meterId).join(',')}}`;
  const froms = `{${bounds.map((b) => (b.from === null ? 'NULL' : b.from)).join(',')}}`;
  const result = await tx.execute(sql`
    select rd.meter_id as "meterId", rd.id, rd.reading_hundredths::float8 as hundredths,
      rd.read_at::text as "readAt", rd.meter_replaced as "meterReplaced"
    from unnest(${ids}::uuid[], ${froms}::date[]) as b(meter_id, from_date)
    join meter_readings rd on rd.meter_id = b.meter_id
    where rd.read_at <= ${last} and (b.from_date is null or rd.read_at >= b.from_date)
    order by rd.meter_id, rd.read_at, rd.id`);
  return rowsOf<ReadingRow>(result);
}

/** Every share of the shared meters, in a fixed order (unit id), for the split. */
export async function allSharesOf(
  tx: Tx,
  meterIds: string[],
): Promise<{ meterId: string; rentalUnitId: string; shareBp: number }[]> {
  if (meterIds.length === 0) return [];
  const result = await tx.execute(sql`
    select meter_id as "meterId", rental_unit_id as "rentalUnitId", share_bp as "shareBp"
    from meter_shares where meter_id = any(${`{${meterIds.join(',')}}`}::uuid[])
    order by meter_id, rental_unit_id`);
  return rowsOf<{ meterId: string; rentalUnitId: string; shareBp: number }>(result);
}

const arrayOf = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/** Inserts the charges in one statement (columns as arrays); the unique keys refuse a range billed before. */
export async function insertMeterCharges(tx: Tx, rows: (typeof meterCharges.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <K extends keyof (typeof rows)[number]>(key: K) =>
    arrayOf(rows.map((r) => r[key] as string | number));
  await tx.execute(sql`
    insert into meter_charges (id, company_id, meter_id, rental_unit_id, tenancy_id, invoice_id, from_reading_id,
      to_reading_id, consumption_hundredths, amount)
    select * from unnest(
      ${arrayOf(rows.map(() => uuidv7()))}::uuid[], ${column('companyId')}::uuid[], ${column('meterId')}::uuid[], ${column('rentalUnitId')}::uuid[],
      ${column('tenancyId')}::uuid[], ${column('invoiceId')}::uuid[], ${column('fromReadingId')}::uuid[],
      ${column('toReadingId')}::uuid[], ${column('consumptionHundredths')}::bigint[], ${column('amount')}::bigint[]
    )`);
}
