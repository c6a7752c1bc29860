/// <reference types="vite/client" />
import type { FastifyInstance } from 'fastify';
import type { CompanySession } from './factories';

/**
 * A domain's contribution to the route guards: given a company and its owner (on the Enterprise plan),
 * create one of each of the domain's records and name their ids by the route parameters that take them.
 *
 * Keys, most specific first: the full route URL with the parameter (`/api/x/:id/y/:yId#yId`),
 * `<segment before the parameter>:<parameter>` (`properties:id`, `images:imageId`), or `*:<parameter>`.
 */
export type FixtureBuilder = (ctx: {
  app: FastifyInstance;
  owner: CompanySession;
  /** Ids made by the modules before this one (alphabetical order). */
  ids: Record<string, string>;
}) => Promise<Record<string, string>>;

/** Each module may ship `<domain>.fixtures.ts` exporting `fixtures: FixtureBuilder`. */
const modules = import.meta.glob<{ fixtures: FixtureBuilder }>('../src/modules/*/*.fixtures.ts', {
  eager: true,
});

export async function buildFixtures(ctx: {
  app: FastifyInstance;
  owner: CompanySession;
}): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [file, module] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    try {
      Object.assign(ids, await module.fixtures({ ...ctx, ids }));
    } catch (error) {
      throw new Error(
        `fixtures of ${file} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return ids;
}

export function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** Fills a route's parameters from fixture ids; undefined when a parameter has no fixture. */
export function fillParams(url: string, ids: Record<string, string>): string | undefined {
  let missing = false;
  const filled = url.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string, offset: number) => {
    const before = url.slice(0, offset).split('/').filter(Boolean).pop() ?? '';
    const value = ids[`${url}#${name}`] ?? ids[`${before}:${name}`] ?? ids[`*:${name}`];
    if (value === undefined) missing = true;
    return value ?? whole;
  });
  return missing ? undefined : filled;
}
