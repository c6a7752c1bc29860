import {
  accrualOf,
  addDaysTo,
  daysBetween,
  interestOf,
  mostSpecificRule,
  oneTimeFeeOf,
} from '@rentora/shared';
import { recordAudit } from '../../core/audit';
import type { Db } from '../../db/client';
import { principalBalanceOf, setLateFeeLine } from '../invoices/invoices.service';
import { lineDescriptionOf, termsOf } from './late-fees.dto';
import {
  claimBatch,
  companiesWithRules,
  type InvoiceRowForCharge,
  insertCharge,
  type LateFeeRuleRow,
  ruleVersionsOf,
  updateCharge,
} from './late-fees.repo';

const BATCH = 200;

export interface LateFeeCharged {
  invoiceId: string;
  companyId: string;
  /** Paise (before tax) added to the invoice's late-fee line by this run. */
  amount: number;
}

/** The versions of a company's rules, indexed by what they are for. */
function versionIndex(versions: LateFeeRuleRow[]) {
  const byId = new Map(versions.map((v) => [v.id, v]));
  const byTenancy = new Map<string, LateFeeRuleRow[]>();
  const byProperty = new Map<string, LateFeeRuleRow[]>();
  const company: LateFeeRuleRow[] = [];
  for (const v of versions) {
    if (v.scope === 'tenancy') byTenancy.set(v.tenancyId!, [...(byTenancy.get(v.tenancyId!) ?? []), v]);
    else if (v.scope === 'property')
      byProperty.set(v.propertyId!, [...(byProperty.get(v.propertyId!) ?? []), v]);
    else company.push(v);
  }
  const inForce = (v: LateFeeRuleRow, at: Date) =>
    v.effectiveFrom.getTime() <= at.getTime() && (!v.supersededAt || v.supersededAt.getTime() > at.getTime());
  /** The rule an invoice follows: the most specific of the versions in force when it was issued. */
  function ruleFor(invoice: InvoiceRowForCharge, issuedAt: Date): LateFeeRuleRow | null {
    return mostSpecificRule(
      [
        ...(byTenancy.get(invoice.tenantId) ?? []),
        ...(byProperty.get(invoice.propertyId) ?? []),
        ...company,
      ].filter((v) => inForce(v, issuedAt)),
    );
  }
  const minGrace = versions.reduce((least, v) => Math.min(least, v.graceDays), 365);
  // ruleVersionsOf answers them by effectiveFrom, so the first is the oldest.
  const firstFrom = versions[0]!.effectiveFrom;
  return { byId, ruleFor, minGrace, firstFrom };
}

/**
 * The late fees of business date `date` (YYYY-MM-DD, India): every open invoice past its rule's grace period gets
 * its late-fee line, once for a fixed or percent fee, brought up to `date` for daily interest (balance without the
 * fee × rate × days / 365, accrued exactly and rounded half up to the paisa on the line, capped). Each batch is
 * claimed under the invoices' row locks with its charge rows, so two runs of a day, or two processes at once,
 * charge each invoice once; a run of an earlier date than one already charged changes nothing.
 */
export async function chargeLateFees(
  db: Db,
  date: string,
  onlyCompanyId?: string,
): Promise<LateFeeCharged[]> {
  const charged: LateFeeCharged[] = [];
  const companyIds = onlyCompanyId ? [onlyCompanyId] : await companiesWithRules(db);
  for (const companyId of companyIds) {
    const versions = await ruleVersionsOf(db, companyId);
    if (versions.length === 0) continue;
    const index = versionIndex(versions);
    let after: string | null = null;
    for (;;) {
      const seen: number = await db.transaction(async (tx) => {
        const batch = await claimBatch(tx, companyId, {
          date,
          dueBefore: addDaysTo(date, -index.minGrace),
          issuedSince: index.firstFrom,
          after,
          limit: BATCH,
        });
        for (const { invoice, issuedAt, charge } of batch) {
          after = invoice.id;
          const rule =
            (charge && index.byId.get(charge.ruleId)) || index.ruleFor(invoice, new Date(issuedAt));
          if (!rule) continue;
          const start = addDaysTo(invoice.dueDate, rule.graceDays);
          if (date <= start) continue;
          const description = lineDescriptionOf(rule, invoice.dueDate);
          const principal = principalBalanceOf(invoice);
          if (rule.type !== 'daily_interest') {
            const fee = oneTimeFeeOf(termsOf(rule), principal);
            await insertCharge(tx, {
              companyId,
              invoiceId: invoice.id,
              ruleId: rule.id,
              type: rule.type,
              amount: fee,
              accruedThrough: date,
              closed: true,
            });
            if (fee > 0) {
              const updated = await setLateFeeLine(tx, invoice, fee, description);
              await auditCharge(tx, invoice, updated.total, `late fee ${fee}`);
              charged.push({ invoiceId: invoice.id, companyId, amount: fee });
            }
            continue;
          }
          const from = charge?.accruedThrough ?? start;
          const days = daysBetween(from, date);
          if (days <= 0) continue;
          const accrual = (charge?.accrual ?? 0n) + accrualOf(principal, rule.annualRateBp, days);
          const amount = interestOf(accrual, rule.cap);
          const before = charge?.amount ?? 0;
          const closed = rule.cap !== null && amount >= rule.cap;
          if (charge) await updateCharge(tx, charge.id, { accrual, amount, accruedThrough: date, closed });
          else
            await insertCharge(tx, {
              companyId,
              invoiceId: invoice.id,
              ruleId: rule.id,
              type: rule.type,
              amount,
              accrual,
              accruedThrough: date,
              closed,
            });
          if (amount !== before) {
            const updated = await setLateFeeLine(tx, invoice, amount, description);
            // The first interest is audited; its daily growth is on the charge row, not one audit row a day.
            if (before === 0)
              await auditCharge(tx, invoice, updated.total, `interest on late payment from ${start}`);
            charged.push({ invoiceId: invoice.id, companyId, amount: amount - before });
          }
        }
        return batch.length;
      });
      if (seen < BATCH) break;
    }
  }
  return charged;
}

async function auditCharge(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  invoice: InvoiceRowForCharge,
  total: number,
  what: string,
) {
  await recordAudit(tx, {
    companyId: invoice.companyId,
    actorUserId: null,
    action: 'invoice.late_fee',
    entityType: 'invoice',
    entityId: invoice.id,
    summary: `${invoice.number}: ${what}`,
    before: { total: invoice.total },
    after: { total },
  });
}
