import { isPhoneText } from '@rentora/shared';
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

/**
 * Which of a person's fields besides the name a search term can be part of: an email holds no whitespace and a phone
 * only ZPhone's characters. A search leaves the others out: each is a trigram index scan of every account (a letter
 * term costs the phone index as much as the name index, 4–5 ms at 200,000 people) that could find nothing.
 */
export function personFieldsFor(term: string): { email: boolean; phone: boolean } {
  return { email: !/\s/.test(term), phone: isPhoneText(term) };
}
