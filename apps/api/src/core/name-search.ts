import { and, eq, ilike, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rentalUnitUsers, users } from '../db/schema';

/**
 * The company's tenancies whose person's full name matches `like` (the trigram index of full names, then each match's
 * tenancy in the company), at most `bound`, as a subquery of tenancy ids (`tenancy`) or their people (`person`).
 * Lists filter by it as a bounded array (`column = any(array(…))`), so that their page is still read in the order of
 * their own index; people of other companies never fill the bound.
 */
export function companyTenanciesNamed(
  db: DbOrTx,
  values: { companyId: Placeholder; like: Placeholder },
  options: { bound: number; select: 'tenancy' | 'person' },
) {
  return db
    .select({ id: options.select === 'tenancy' ? rentalUnitUsers.id : rentalUnitUsers.userId })
    .from(users)
    .innerJoin(rentalUnitUsers, eq(rentalUnitUsers.userId, users.id))
    .where(
      and(
        eq(rentalUnitUsers.companyId, values.companyId),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, values.like),
      ),
    )
    .limit(options.bound);
}
