import type { VerificationStatusBody } from '@rentora/shared';
import type { DbOrTx } from '../db/client';
import type { AppDeps } from './app-deps';
import { recordAudit } from './audit';

// The super admin's verification decision on a property or a rental unit: the columns it writes, its audit row and
// the notice to the company's owners and managers.

export interface VerifiedKind {
  entityType: 'property' | 'rental_unit';
  /** How notification titles name it: "Property", "Rental unit". */
  noun: string;
}

interface Decided {
  id: string;
  companyId: string;
  verificationStatus: string;
}

/** The columns a decision writes: who decided and when (`pending` clears the decider). */
export function verificationValues(input: VerificationStatusBody, actorUserId: string) {
  return {
    verificationStatus: input.status,
    verificationNotes: input.reason ?? null,
    verifiedAt: input.status === 'verified' ? new Date() : null,
    verifiedBy: input.status === 'pending' ? null : actorUserId,
  };
}

/** The audit row of a decision on `row` (as it was before the decision). */
export function recordVerification(
  tx: DbOrTx,
  kind: VerifiedKind,
  row: Decided,
  input: VerificationStatusBody,
) {
  return recordAudit(tx, {
    companyId: row.companyId,
    action: `${kind.entityType}.verification_decided`,
    entityType: kind.entityType,
    entityId: row.id,
    summary: input.reason ?? undefined,
    before: { verificationStatus: row.verificationStatus },
    after: { verificationStatus: input.status },
  });
}

/** Tells the company's owners and managers when the decision changed the status (a failed notice is dropped). */
export async function notifyVerification(
  notifier: AppDeps['notifier'],
  kind: VerifiedKind,
  row: Decided,
  input: VerificationStatusBody,
  about: { name: string; link: string; data: Record<string, unknown> },
): Promise<void> {
  if (input.status === row.verificationStatus) return;
  const title =
    input.status === 'verified'
      ? `${kind.noun} verified`
      : input.status === 'rejected'
        ? `${kind.noun} verification rejected`
        : `${kind.noun} back in review`;
  await notifier
    .notifyCompany(
      row.companyId,
      {
        companyId: row.companyId,
        category: 'property',
        type: `${kind.entityType}_${input.status}`,
        title,
        message: input.reason ? `${about.name}: ${input.reason}` : about.name,
        link: about.link,
        priority: input.status === 'rejected' ? 'high' : 'normal',
        data: about.data,
      },
      { roles: ['owner', 'manager'] },
    )
    .catch(() => undefined);
}
