import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_COMPANY_DOMAINS } from '../../db/demo';
import { companies, lateFeeRules } from '../../db/schema';

/**
 * The demo company's late fee: ₹500 once an invoice is five days past due (what its default invoice template carried
 * before late fees had rules of their own). Seeded before the demo invoices, so they follow it. Runs once.
 */
export async function seedLateFeesDemo(db: Db): Promise<void> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.email, `hello@${DEMO_COMPANY_DOMAINS.professional}`))
    .limit(1);
  if (!company) return;
  const [existing] = await db
    .select({ id: lateFeeRules.id })
    .from(lateFeeRules)
    .where(and(eq(lateFeeRules.companyId, company.id), eq(lateFeeRules.scope, 'company')))
    .limit(1);
  if (existing) return;
  await db
    .insert(lateFeeRules)
    .values({ companyId: company.id, scope: 'company', type: 'fixed', amount: 500_00, graceDays: 5 });
}
