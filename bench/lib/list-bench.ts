import type { LoadCase, LoadResult } from './load';
import { markdownTable, ms, percent } from './report';

/** A list's aim next to the floor (`GET /api/auth/me`) at 50 connections on PostgreSQL (issues 8, 9, 12). */
export interface ListAim {
  share: number;
  p99Ms: number;
}

export const POSTGRES_LIST_AIM: ListAim = { share: 0.5, p99Ms: 50 };

export async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs in and answers the headers of a company-scoped call (bearer token and `x-company-id`). */
export async function signIn(
  baseUrl: string,
  credentials: { email: string; password: string },
  companyId: string,
): Promise<Record<string, string>> {
  const login = await json<{ data: { token: string } }>(
    await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    }),
  );
  return { authorization: `Bearer ${login.data.token}`, 'x-company-id': companyId };
}

/** One cold call per case before the load: "10 of 1,000; 22 ms cold", for the table's Answer column. */
export async function coldAnswers(cases: readonly LoadCase[]): Promise<Record<string, string>> {
  const notes: Record<string, string> = {};
  for (const load of cases) {
    const started = performance.now();
    const answer = await json<{ data: unknown; pagination?: { totalItems?: number; totalCount?: number } }>(
      await fetch(load.url, { headers: load.headers }),
    );
    const took = `${Math.round(performance.now() - started)} ms cold`;
    const total = answer.pagination?.totalItems ?? answer.pagination?.totalCount;
    notes[load.name] =
      total === undefined || !Array.isArray(answer.data)
        ? took
        : `${answer.data.length} of ${total.toLocaleString('en-US')}; ${took}`;
  }
  return notes;
}

/**
 * The results as a markdown table beside their floor (the case whose name starts with "floor" at the same connection
 * count), with the aim judged at 50 connections, and how many cases missed it.
 */
export function floorTable(
  results: readonly LoadResult[],
  notes: Record<string, string>,
  aim: ListAim,
): { table: string; missed: number } {
  let missed = 0;
  const rows = results.map((result) => {
    const floor = results.find((r) => r.connections === result.connections && r.name.startsWith('floor'))!;
    const isFloor = result.name.startsWith('floor');
    const meets =
      result.reqPerSec / floor.reqPerSec >= aim.share && result.p99Ms <= aim.p99Ms && result.failures === 0;
    const judged = !isFloor && result.connections === 50;
    if (judged && !meets) missed += 1;
    return [
      result.name,
      result.connections,
      result.reqPerSec,
      isFloor ? '100 %' : percent(result.reqPerSec, floor.reqPerSec),
      ms(result.p50Ms),
      ms(result.p99Ms),
      result.cpuUsPerRequest ? `${Math.round(result.cpuUsPerRequest)} µs` : '—',
      result.failures,
      notes[result.name] ?? '',
      judged ? (meets ? 'yes' : 'no') : '—',
    ];
  });
  const table = markdownTable(
    ['Case', 'Conn.', 'req/s', 'of floor', 'p50', 'p99', 'CPU/req', 'Failures', 'Answer', 'Aim met'],
    rows,
    [1, 2, 3, 4, 5, 6, 7],
  );
  return { table, missed };
}
