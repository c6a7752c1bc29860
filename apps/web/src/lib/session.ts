import { COOKIE_LIFETIMES, COOKIE_NAMES } from '@rentora/shared';
import { useSyncExternalStore } from 'react';
import { type CookieJar, DAY_SECONDS, documentCookies, HOUR_SECONDS } from './cookies';

/** The credentials and company choice that survive a reload, kept in cookies (spec 01 §9). */
export interface SessionSnapshot {
  token: string | null;
  refreshToken: string | null;
  companyId: string | null;
}

type Listener = () => void;

function readSnapshot(jar: CookieJar): SessionSnapshot {
  return {
    token: jar.read(COOKIE_NAMES.token),
    refreshToken: jar.read(COOKIE_NAMES.refreshToken),
    companyId: jar.read(COOKIE_NAMES.currentCompanyId),
  };
}

function sameSnapshot(a: SessionSnapshot, b: SessionSnapshot): boolean {
  return a.token === b.token && a.refreshToken === b.refreshToken && a.companyId === b.companyId;
}

export interface SessionStore {
  get(): SessionSnapshot;
  /** Re-reads the cookies (another tab may have refreshed the tokens). */
  sync(): SessionSnapshot;
  setTokens(token: string, refreshToken: string): void;
  setCompanyId(companyId: string | null): void;
  /** Logout, failed refresh, failed current-user fetch: credentials and company choice go. */
  clear(): void;
  subscribe(listener: Listener): () => void;
}

export function createSessionStore(jar: CookieJar = documentCookies): SessionStore {
  let snapshot = readSnapshot(jar);
  const listeners = new Set<Listener>();

  function update(next: SessionSnapshot) {
    if (sameSnapshot(snapshot, next)) return;
    snapshot = next;
    for (const listener of listeners) listener();
  }

  return {
    get: () => snapshot,
    sync() {
      update(readSnapshot(jar));
      return snapshot;
    },
    setTokens(token, refreshToken) {
      jar.write(COOKIE_NAMES.token, token, COOKIE_LIFETIMES.tokenHours * HOUR_SECONDS);
      jar.write(COOKIE_NAMES.refreshToken, refreshToken, COOKIE_LIFETIMES.refreshTokenDays * DAY_SECONDS);
      update({ ...snapshot, token, refreshToken });
    },
    setCompanyId(companyId) {
      if (companyId) {
        jar.write(
          COOKIE_NAMES.currentCompanyId,
          companyId,
          COOKIE_LIFETIMES.currentCompanyIdDays * DAY_SECONDS,
        );
      } else {
        jar.remove(COOKIE_NAMES.currentCompanyId);
      }
      update({ ...snapshot, companyId });
    },
    clear() {
      jar.remove(COOKIE_NAMES.token);
      jar.remove(COOKIE_NAMES.refreshToken);
      jar.remove(COOKIE_NAMES.currentCompanyId);
      update({ token: null, refreshToken: null, companyId: null });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one session. */
export const session = createSessionStore();

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
