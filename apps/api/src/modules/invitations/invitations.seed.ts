import { INVITATION_TTL_DAYS } from '@rentora/shared';
import { and, eq, sql } from 'drizzle-orm';
import { hashToken, newOpaqueToken } from '../../core/tokens';
import type { Db } from '../../db/client';
import { DEMO_COMPANY_DOMAINS } from '../../db/demo';
import {
  companies,
  companyUserGoals,
  companyUserNotes,
  companyUsers,
  invitations,
  users,
} from '../../db/schema';

const DAY = 86_400_000;

/**
 * Teams demo data: one pending invitation of Sunrise Estates (its link is not known; "Resend" mails a fresh one
 * to the outbox) and a goal and a note on Sunrise's sales agent. Idempotent.
 */
export async function seedTeamsDemo(db: Db): Promise<void> {
  const domain = DEMO_COMPANY_DOMAINS.professional;
  const [sunrise] = await db
    .select({ id: companies.id, ownerId: companies.ownerId })
    .from(companies)
    .where(eq(companies.email, `hello@${domain}`))
    .limit(1);
  if (!sunrise) return;

  const inviteEmail = `new.hire@${domain}`;
  const [pending] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.companyId, sunrise.id), sql`lower(${invitations.email}) = ${inviteEmail}`))
    .limit(1);
  if (!pending) {
    await db.insert(invitations).values({
      companyId: sunrise.id,
      email: inviteEmail,
      firstName: 'Neha',
      lastName: 'Hire',
      role: 'sales_agent',
      designation: 'Leasing associate',
      department: 'Leasing',
      tokenHash: hashToken(newOpaqueToken()),
      invitedBy: sunrise.ownerId,
      expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY),
    });
  }

  const [agent] = await db
    .select({ id: companyUsers.id })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(and(eq(companyUsers.companyId, sunrise.id), eq(users.email, `sales@${domain}`)))
    .limit(1);
  if (!agent) return;
  const [hasGoal] = await db
    .select({ id: companyUserGoals.id })
    .from(companyUserGoals)
    .where(eq(companyUserGoals.companyUserId, agent.id))
    .limit(1);
  if (hasGoal) return;
  await db.insert(companyUserGoals).values({
    companyId: sunrise.id,
    companyUserId: agent.id,
    title: 'Sign 12 new leases this quarter',
    targetValue: 12,
    currentValue: 5,
    unit: 'leases',
    status: 'in_progress',
    dueDate: new Date(Date.now() + 60 * DAY),
    createdBy: sunrise.ownerId,
  });
  await db.insert(companyUserNotes).values({
    companyId: sunrise.id,
    companyUserId: agent.id,
    authorId: sunrise.ownerId,
    content: 'Great feedback from the Whitefield open house; pair with Manish on renewals.',
  });
}
