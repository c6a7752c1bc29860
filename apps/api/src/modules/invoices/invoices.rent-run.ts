import { formatInvoiceNumber, type GenerateRentResult } from '@rentora/shared';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit';
import type { Db } from '../../db/client';
import { templateFor } from './invoice-templates.service';
import { lastDayOf, monthName } from './invoices.months';
import { allocateNumbers } from './invoices.repo';

export async function generateRentInvoices(
  db: Db,
  companyId: string,
  month: string,
  options: { actorUserId?: string | null; dueBy?: string } = {},
): Promise<GenerateRentResult & { invoiceUserIds: string[] }> {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const year = Number(month.slice(0, 4));
  const template = await templateFor(db, companyId, null);
  const taxRate = template?.taxRate ?? 0;
  const name = monthName(month);
  return db.transaction(async (tx) => {
    // Runs of one company queue here; the candidates below are then exactly what this run inserts.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rent-run:${companyId}`}))`);
    const due = sql`(${month} || '-' || lpad(least(28, greatest(1, r.rent_due_day))::text, 2, '0'))`;
    const candidates = sql`
      from rental_unit_users r
      where r.company_id = ${companyId}
        and r.tenancy_status in ('active', 'notice_given')
        and r.start_date <= ${last}
        and r.rent + r.maintenance_charges > 0
        ${options.dueBy ? sql`and ${due} <= ${options.dueBy}` : sql``}`;
    const billed = sql`exists (select 1 from invoices i where i.tenant_id = r.id and i.period = ${month} and i.source = 'rent_run')`;
    const counted = await tx.execute<{ todo: number; done: number }>(
      sql`select count(*) filter (where not ${billed})::int as todo, count(*) filter (where ${billed})::int as done ${candidates}`,
    );
    const { todo, done } = (counted as unknown as { rows: { todo: number; done: number }[] }).rows[0] ?? {
      todo: 0,
      done: 0,
    };
    if (todo === 0) return { month, created: 0, skipped: done, invoiceUserIds: [] };
    const start = await allocateNumbers(tx, companyId, year, todo);
    // One statement, the same arithmetic as computeInvoiceTotals: lines at quantity 1, tax rounded half up.
    // The tenancies' dues grow by the new invoices in the same statement (as refreshTenantDues would compute them:
    // each line its amount plus its largest-remainder share of the tax, the rent line first on a tie).
    const inserted = await tx.execute<{ id: string; user_id: string }>(sql`
      with ins as (
      insert into invoices (id, company_id, number, tenant_id, user_id, property_id, rental_unit_id, template_id,
        status, issue_date, due_date, period, source, currency, line_items, tax_rate, subtotal, tax, total,
        sent_at, created_by)
      select gen_random_uuid(), ${companyId},
        'INV-' || ${String(year)} || '-' || lpad((${start} + row_number() over (order by r.id) - 1)::text, 6, '0'),
        r.id, r.user_id, r.property_id, r.rental_unit_id, ${template?.id ?? null}::uuid,
        'sent', ${first}::date, (${due})::date, ${month}, 'rent_run', r.currency,
        (case when r.rent > 0 then jsonb_build_array(jsonb_build_object('description', ${`Rent for ${name}`}::text,
            'quantity', 1, 'unitPrice', r.rent, 'kind', 'rent', 'amount', r.rent)) else '[]'::jsonb end)
          || (case when r.maintenance_charges > 0 then jsonb_build_array(jsonb_build_object('description',
            ${`Maintenance for ${name}`}::text, 'quantity', 1, 'unitPrice', r.maintenance_charges, 'kind', 'maintenance',
            'amount', r.maintenance_charges)) else '[]'::jsonb end),
        ${taxRate}::int,
        r.rent + r.maintenance_charges,
        ((r.rent + r.maintenance_charges)::bigint * ${taxRate}::int + 5000) / 10000,
        r.rent + r.maintenance_charges + ((r.rent + r.maintenance_charges)::bigint * ${taxRate}::int + 5000) / 10000,
        now(), ${options.actorUserId ?? null}::uuid
      ${candidates} and not ${billed}
      returning id, user_id, tenant_id, subtotal, tax),
      shares as (
        select ins.tenant_id, ins.tax,
          case when ins.subtotal = 0 or r.rent = 0 then 0
            else (ins.tax::bigint * r.rent / ins.subtotal
              + case when ins.tax - ins.tax::bigint * r.rent / ins.subtotal
                  - ins.tax::bigint * r.maintenance_charges / ins.subtotal > 0
                and ins.tax::bigint * r.rent % ins.subtotal >= ins.tax::bigint * r.maintenance_charges % ins.subtotal
                then 1 else 0 end)::int end as rent_tax,
          r.rent, r.maintenance_charges
        from ins join rental_unit_users r on r.id = ins.tenant_id),
      dues as (
        update rental_unit_users u set
          dues_rent = u.dues_rent + s.rent + s.rent_tax,
          dues_maintenance = u.dues_maintenance + s.maintenance_charges + (s.tax - s.rent_tax)
        from shares s where u.id = s.tenant_id)
      select id, user_id from ins`);
    const rows = (inserted as unknown as { rows: { id: string; user_id: string }[] }).rows;
    // The counter gave out exactly `todo` numbers: anything else would leave a gap, so the run is undone.
    if (rows.length !== todo)
      throw new Error(`rent run inserted ${rows.length} invoices for ${todo} numbers`);
    await recordAudit(tx, {
      companyId,
      actorUserId: options.actorUserId,
      action: 'invoice.rent_run',
      entityType: 'invoice',
      entityId: rows[0]!.id,
      summary: `${rows.length} rent invoices for ${month} (${formatInvoiceNumber(year, start)} – ${formatInvoiceNumber(year, start + rows.length - 1)})`,
    });
    return { month, created: rows.length, skipped: done, invoiceUserIds: rows.map((r) => r.user_id) };
  });
}
