import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mfaRecoveryCodes, users } from '../../db/schema';

export interface MfaState {
  id: string;
  email: string;
  isActive: boolean;
  mfaSecret: string | null;
  mfaEnabledAt: Date | null;
  mfaDeviceEpoch: number;
}

const stateColumns = {
  id: users.id,
  email: users.email,
  isActive: users.isActive,
  mfaSecret: users.mfaSecret,
  mfaEnabledAt: users.mfaEnabledAt,
  mfaDeviceEpoch: users.mfaDeviceEpoch,
};

export function createMfaRepo(db: DbOrTx) {
  return {
    async findState(userId: string): Promise<MfaState | undefined> {
      const [row] = await db.select(stateColumns).from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    /** A new secret waiting for its first code; refused (no row) once two-factor sign-in is on. */
    async savePendingSecret(userId: string, encrypted: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ mfaSecret: encrypted })
        .where(and(eq(users.id, userId), isNull(users.mfaEnabledAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Records `step` as used; false when a code of this or a later step was already accepted. */
    async useStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ mfaLastStep: step })
        .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async markEnabled(userId: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ mfaEnabledAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.mfaEnabledAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Turns two-factor sign-in off and revokes every remembered device. */
    async clear(userId: string): Promise<void> {
      await db
        .update(users)
        .set({
          mfaSecret: null,
          mfaEnabledAt: null,
          mfaLastStep: null,
          mfaDeviceEpoch: sql`${users.mfaDeviceEpoch} + 1`,
        })
        .where(eq(users.id, userId));
      await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    },

    async bumpDeviceEpoch(userId: string): Promise<void> {
      await db
        .update(users)
        .set({ mfaDeviceEpoch: sql`${users.mfaDeviceEpoch} + 1` })
        .where(eq(users.id, userId));
    },

    async replaceRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
      await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Uses an unused recovery code once; false when none matches. */
    async consumeRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(mfaRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(mfaRecoveryCodes.userId, userId),
            eq(mfaRecoveryCodes.codeHash, codeHash),
            isNull(mfaRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: mfaRecoveryCodes.id });
      return rows.length > 0;
    },

    async countUnusedRecoveryCodes(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
      return Number(row?.n ?? 0);
    },
  };
}
