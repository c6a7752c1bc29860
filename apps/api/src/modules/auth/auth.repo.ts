import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { preparedOnce } from '../../core/statements';
import type { DbOrTx } from '../../db/client';
import { authTokens, refreshTokens, sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

const userById = preparedOnce((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1),
);

export function createAuthRepo(db: DbOrTx) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row;
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await userById(db, { id });
      return row;
    },

    async insertUser(values: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    async updateUser(id: string, values: Partial<NewUser>): Promise<UserRow> {
      if (Object.keys(values).length === 0) return (await this.findUserById(id))!;
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row!;
    },

    /** Revokes every "remember this device" cookie of the account. */
    async bumpMfaDeviceEpoch(id: string): Promise<void> {
      await db
        .update(users)
        .set({ mfaDeviceEpoch: sql`${users.mfaDeviceEpoch} + 1` })
        .where(eq(users.id, id));
    },

    async createSession(values: { userId: string; userAgent?: string; ip?: string }) {
      const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
      return row!;
    },

    async revokeSession(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Ends every session of the user except `keepSessionId`. */
    async revokeUserSessions(userId: string, keepSessionId?: string): Promise<void> {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(...conditions));
    },

    // Connected sessions (auth.sessions.ts).
    listOpenSessions(userId: string, since: Date) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.lastUsedAt, since)))
        .orderBy(desc(sessions.lastUsedAt))
        .limit(100);
    },

    /** Ends one open session of the user; false when there is none with that id. */
    async revokeOwnSession(userId: string, sessionId: string): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Ends every open session of the user but `keep`; answers their ids. */
    async revokeOtherSessions(userId: string, keep: string): Promise<string[]> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keep)))
        .returning({ id: sessions.id });
      return rows.map((row) => row.id);
    },

    async insertRefreshToken(values: {
      sessionId: string;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(refreshTokens).values(values);
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({
          id: refreshTokens.id,
          sessionId: refreshTokens.sessionId,
          expiresAt: refreshTokens.expiresAt,
          usedAt: refreshTokens.usedAt,
          userId: sessions.userId,
          sessionRevokedAt: sessions.revokedAt,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** Marks a refresh token used; false when another request used it first. */
    async markRefreshTokenUsed(id: string): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length > 0;
    },

    async touchSession(sessionId: string): Promise<void> {
      await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, sessionId));
    },

    async insertAuthToken(values: typeof authTokens.$inferInsert): Promise<void> {
      await db.insert(authTokens).values(values);
    },

    /** Uses a verification or reset token once; undefined when unknown, used or expired. */
    async consumeAuthToken(tokenHash: string, purpose: 'verify_email' | 'reset_password') {
      const [row] = await db
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(authTokens.tokenHash, tokenHash),
            eq(authTokens.purpose, purpose),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: authTokens.userId });
      return row;
    },

    /** A new link makes the user's older unused links of that purpose dead. */
    async expireAuthTokens(userId: string, purpose: 'verify_email' | 'reset_password'): Promise<void> {
      await db
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(
          and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)),
        );
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
