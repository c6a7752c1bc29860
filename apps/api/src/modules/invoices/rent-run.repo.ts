import type { DuesByKind } from '@rentora/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invoices } from '../../db/schema';

export interface RentRunCandidate {
  id: string;
  userId: string;
  propertyId: string;
  rentalUnitId: string;
  currency: string;
  rent: number;
  maintenanceCharges: number;
  rentDueDay: number;
  startDate: string;
  endDate: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Queues the rent runs of one company: the candidates read after it are exactly what this run inserts. */
export async function lockRentRun(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rent-run:${companyId}`}))`);
}

const dueDateOf = (month: string) =>
  sql`(${month} || '-' || lpad(least(28, greatest(1, r.rent_due_day))::text, 2, '0'))`;

/**
 * The tenancies a rent run of `month` bills (active or under notice, moved in by the month's end, with rent or
 * maintenance, due by `dueBy` when given), and how many of them the month's run has billed already.
 */
export async function rentRunCandidates(
  tx: Tx,
  companyId: string,
  month: string,
  last: string,
  dueBy: string | undefined,
): Promise<{ todo: RentRunCandidate[]; done: number }> {
  const candidates = sql`
    from rental_unit_users r
    where r.company_id = ${companyId}
      and r.tenancy_status in ('active', 'notice_given')
      and r.start_date <= ${last}
      and r.rent + r.maintenance_charges > 0
      ${dueBy ? sql`and ${dueDateOf(month)} <= ${dueBy}` : sql``}`;
  const billed = sql`exists (select 1 from invoices i where i.tenant_id = r.id and i.period = ${month} and i.source = 'rent_run')`;
  const [todo, counted] = await Promise.all([
    tx.execute(sql`
      select r.id, r.user_id as "userId", r.property_id as "propertyId", r.rental_unit_id as "rentalUnitId",
        r.currency, r.rent, r.maintenance_charges as "maintenanceCharges", r.rent_due_day as "rentDueDay",
        r.start_date::text as "startDate", r.end_date::text as "endDate"
      ${candidates} and not ${billed}
      order by r.id`),
    tx.execute(sql`select count(*)::int as done ${candidates} and ${billed}`),
  ]);
  return { todo: rowsOf<RentRunCandidate>(todo), done: rowsOf<{ done: number }>(counted)[0]?.done ?? 0 };
}

export async function insertRentInvoices(tx: Tx, rows: (typeof invoices.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(invoices)
    .values(rows)
    .returning({ id: invoices.id, userId: invoices.userId, tenantId: invoices.tenantId });
}

/**
 * Adds what new invoices ask to their tenancies' dues, in one statement: one array parameter a column (a list of
 * parameters stops at the protocol's 65,535, a rent run may bill 100,000 tenancies).
 */
export async function addTenancyDues(tx: Tx, dues: { tenancyId: string; dues: DuesByKind }[]): Promise<void> {
  if (dues.length === 0) return;
  const column = (pick: (d: DuesByKind) => number) => `{${dues.map((d) => pick(d.dues)).join(',')}}`;
  await tx.execute(sql`
    update rental_unit_users u set
      dues_rent = u.dues_rent + v.rent,
      dues_maintenance = u.dues_maintenance + v.maintenance,
      dues_utilities = u.dues_utilities + v.utilities,
      dues_penalties = u.dues_penalties + v.penalties,
      dues_other = u.dues_other + v.other
    from unnest(
      ${`{${dues.map((d) => d.tenancyId).join(',')}}`}::uuid[],
      ${column((d) => d.rent)}::bigint[],
      ${column((d) => d.maintenance)}::bigint[],
      ${column((d) => d.utilities)}::bigint[],
      ${column((d) => d.penalties)}::bigint[],
      ${column((d) => d.other)}::bigint[]
    ) as v(id, rent, maintenance, utilities, penalties, other)
    where u.id = v.id`);
}
