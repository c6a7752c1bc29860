import { businessDate } from '@rentora/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_COMPANY_DOMAINS } from '../../db/demo';
import { companies, meterReadings, meters, rentalUnitUsers, users } from '../../db/schema';

/** The 25th of last month in India: the demo meter's one reading. */
function lastMonthReadDate(now = new Date()): string {
  const [year, month] = businessDate(now).split('-').map(Number) as [number, number];
  const previous = new Date(Date.UTC(year, month - 2, 25));
  return previous.toISOString().slice(0, 10);
}

/**
 * Demo meters of Sunrise Estates: an electricity meter (slab tariff, fixed charge) on the demo tenant's unit, or else
 * the first active tenancy's, with one reading last month, so that a second reading and next month's rent run show a
 * utilities line. Runs once (skips when the company has meters).
 */
export async function seedMetersDemo(db: Db): Promise<void> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.email, `hello@${DEMO_COMPANY_DOMAINS.professional}`))
    .limit(1);
  if (!company) return;
  const [existing] = await db
    .select({ id: meters.id })
    .from(meters)
    .where(eq(meters.companyId, company.id))
    .limit(1);
  if (existing) return;
  const tenancies = await db
    .select({ rentalUnitId: rentalUnitUsers.rentalUnitId, email: users.email })
    .from(rentalUnitUsers)
    .innerJoin(users, eq(users.id, rentalUnitUsers.userId))
    .where(and(eq(rentalUnitUsers.companyId, company.id), inArray(rentalUnitUsers.tenancyStatus, ['active'])))
    .orderBy(asc(rentalUnitUsers.createdAt));
  const tenancy = tenancies.find((t) => t.email === 'tenant@rentora.test') ?? tenancies[0];
  if (!tenancy) return;
  await db.transaction(async (tx) => {
    const [meter] = await tx
      .insert(meters)
      .values({
        companyId: company.id,
        rentalUnitId: tenancy.rentalUnitId,
        type: 'electricity',
        label: '',
        tariff: {
          perUnit: null,
          slabs: [
            { upTo: 100, perUnit: 475 },
            { upTo: 200, perUnit: 600 },
            { upTo: null, perUnit: 750 },
          ],
          fixedCharge: 11_000,
        },
      })
      .returning({ id: meters.id });
    await tx.insert(meterReadings).values({
      companyId: company.id,
      meterId: meter!.id,
      readingHundredths: 421_000,
      readAt: lastMonthReadDate(),
    });
  });
}
