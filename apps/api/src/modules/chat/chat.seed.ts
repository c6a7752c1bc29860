import { and, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_COMPANY_DOMAINS } from '../../db/demo';
import {
  chatChannelMembers,
  chatChannels,
  chatMessages,
  companies,
  companyUsers,
  users,
} from '../../db/schema';

const MINUTE = 60_000;

/** A short #general conversation and a #maintenance-team channel in Sunrise Estates, so /dashboard/chat is not empty. */
export async function seedChatDemo(db: Db): Promise<void> {
  const staff = await db
    .select({ userId: users.id, email: users.email, companyId: companyUsers.companyId })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(
      and(
        like(sql`lower(${users.email})`, `%@${DEMO_COMPANY_DOMAINS.professional}`),
        eq(companies.name, 'Sunrise Estates'),
      ),
    );
  const byLocalPart = (name: string) => staff.find((row) => row.email.toLowerCase().startsWith(`${name}@`));
  const owner = byLocalPart('owner');
  const manager = byLocalPart('manager');
  const maintenance = byLocalPart('maintenance');
  if (!owner || !manager || !maintenance) return;
  const companyId = owner.companyId;
  const existing = await db
    .select({ id: chatChannels.id })
    .from(chatChannels)
    .where(eq(chatChannels.companyId, companyId))
    .limit(1);
  if (existing.length > 0) return;

  const now = Date.now();
  const [general] = await db
    .insert(chatChannels)
    .values({
      companyId,
      kind: 'channel',
      name: 'general',
      description: 'Everyone in the company',
      lastMessageAt: new Date(now - 5 * MINUTE),
    })
    .returning({ id: chatChannels.id });
  const [team] = await db
    .insert(chatChannels)
    .values({
      companyId,
      kind: 'channel',
      name: 'maintenance-team',
      description: 'Repairs, vendors and site visits',
      createdBy: maintenance.userId,
      lastMessageAt: new Date(now - 30 * MINUTE),
    })
    .returning({ id: chatChannels.id });
  const lines: [string, string, typeof owner, number][] = [
    [general!.id, 'Good morning team! Rent reminders go out on the 25th this month.', owner, 180],
    [general!.id, 'Noted. I will check the Harbor View move-ins before then.', manager, 170],
    [general!.id, 'Checklist for new tenants: https://example.com/rentora/move-in-checklist', manager, 60],
    [general!.id, 'Thanks! Sharing it with the front desk.', owner, 5],
    [team!.id, 'Plumber confirmed for unit 203 tomorrow at 10:00.', maintenance, 45],
    [team!.id, 'Great, please add photos to the request after the visit.', manager, 30],
  ];
  await db.insert(chatMessages).values(
    lines.map(([channelId, body, author, minutesAgo]) => ({
      channelId,
      companyId,
      authorId: author.userId,
      body,
      createdAt: new Date(now - minutesAgo * MINUTE),
    })),
  );
  // The owner has read #general up to the last hour, so one message shows as unread.
  await db.insert(chatChannelMembers).values({
    channelId: general!.id,
    companyId,
    userId: owner.userId,
    lastReadAt: new Date(now - 50 * MINUTE),
  });
}
