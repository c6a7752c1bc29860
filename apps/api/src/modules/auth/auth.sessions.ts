import type { SessionDto } from '@rentora/shared';
import type { AuthContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { notFound } from '../../core/errors';
import { iso } from '../../core/http';
import { createAuthRepo } from './auth.repo';

/** Sessions unused this long are not listed (their refresh tokens have expired). */
const LISTED_FOR_MS = 30 * 24 * 3_600_000;

/** "Chrome on Windows" from a user agent (enough to recognise one's own devices). */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/** The caller's connected sessions (Settings → Connected sessions): list, sign one out, sign out everywhere else. */
export function createSessionsService(deps: Pick<AppDeps, 'db' | 'realtime'>) {
  const repo = createAuthRepo(deps.db);
  return {
    async list(ctx: AuthContext): Promise<SessionDto[]> {
      const rows = await repo.listOpenSessions(ctx.userId, new Date(Date.now() - LISTED_FOR_MS));
      return rows
        .map((row) => ({
          _id: row.id,
          device: deviceOf(row.userAgent),
          userAgent: row.userAgent,
          ip: row.ip,
          lastUsedAt: iso(row.lastUsedAt),
          createdAt: iso(row.createdAt),
          current: row.id === ctx.sessionId,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current));
    },

    /** Ends one session (its access tokens stop at once, its sockets are closed); the current one is signing out. */
    async end(ctx: AuthContext, sessionId: string): Promise<void> {
      if (!(await repo.revokeOwnSession(ctx.userId, sessionId))) throw notFound('Session');
      await deps.realtime.disconnectSession(sessionId);
    },

    /** "Sign out everywhere": every other session ends; this one stays. Answers how many ended. */
    async endOthers(ctx: AuthContext): Promise<number> {
      const ended = await repo.revokeOtherSessions(ctx.userId, ctx.sessionId);
      for (const id of ended) await deps.realtime.disconnectSession(id);
      return ended.length;
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
