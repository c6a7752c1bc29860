import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BoundedTotal } from '../../core/page-totals';
import { oneShapeList } from '../../core/page-totals';
import { pageLimit, pageOffset } from '../../core/statements';
import type { DbOrTx } from '../../db/client';
import { apiKeys, users } from '../../db/schema';

export type ApiKeyInsert = typeof apiKeys.$inferInsert;

const listColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  permissions: apiKeys.permissions,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  createdAt: apiKeys.createdAt,
  createdBy: apiKeys.createdBy,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
};

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
  createdBy: string | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
}

/** The company's keys that are not revoked (every query filters by company). */
const live = (companyId: string | ReturnType<typeof sql.placeholder>) =>
  and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt));

/** The list has one shape (the company's live keys, newest first): built once, then only executed. */
const keyPage = oneShapeList(apiKeys, live(sql.placeholder('companyId')), (db, total) =>
  db
    .select({ ...listColumns, total })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(live(sql.placeholder('companyId')))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(pageLimit())
    .offset(pageOffset()),
);

export function createApiKeysRepo(db: DbOrTx) {
  return {
    async insert(values: ApiKeyInsert): Promise<string> {
      const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
      return row!.id;
    },

    async find(companyId: string, id: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .select(listColumns)
        .from(apiKeys)
        .leftJoin(users, eq(users.id, apiKeys.createdBy))
        .where(and(live(companyId), eq(apiKeys.id, id)));
      return row;
    },

    /** One page of the live keys, newest first through (company_id, created_at, id), with the count in the same statement. */
    async list(
      companyId: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: ApiKeyRow[]; count: BoundedTotal }> {
      return keyPage(db, { companyId, limit, offset });
    },

    /** Revokes a live key; false when there is none of that id in the company. */
    async revoke(companyId: string, id: string): Promise<{ name: string } | undefined> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: sql`now()` })
        .where(and(live(companyId), eq(apiKeys.id, id)))
        .returning({ name: apiKeys.name });
      return row;
    },
  };
}
