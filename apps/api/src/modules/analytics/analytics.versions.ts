import { companyVersion } from '../../core/company-versions';
import type { DbOrTx } from '../../db/client';

/**
 * Reports per company, kept while the company's version stands (core/company-versions.ts); a bounded,
 * least-recently-used map.
 */
export function createReportCache(db: DbOrTx, maxEntries = 500) {
  const entries = new Map<string, { version: number; value: unknown }>();
  return {
    async get<T>(companyId: string | null, key: string, compute: () => Promise<T>): Promise<T> {
      // The platform view (no company) is not cached: it spans every company.
      if (!companyId) return compute();
      const cacheKey = `${companyId}|${key}`;
      const version = await companyVersion(db, companyId);
      const hit = entries.get(cacheKey);
      if (hit && hit.version === version) {
        entries.delete(cacheKey);
        entries.set(cacheKey, hit);
        return hit.value as T;
      }
      const value = await compute();
      entries.delete(cacheKey);
      entries.set(cacheKey, { version, value });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
  };
}
