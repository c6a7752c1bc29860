import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leadNotes, leads } from '../../db/schema';

const DAY = 86_400_000;

/** A handful of contact-form leads in different states, for the super admin's Leads page. */
export async function seedLeadDemo(db: Db): Promise<void> {
  const [existing] = await db.select({ total: count() }).from(leads);
  if ((existing?.total ?? 0) > 0) return;
  const now = Date.now();
  const rows = await db
    .insert(leads)
    .values([
      {
        name: 'Kavya Rao',
        email: 'kavya@greenleaf-homes.test',
        phone: '+91 98450 11122',
        company: 'Greenleaf Homes',
        subject: 'Upgrade to Professional',
        message: 'We manage 60 flats across 3 buildings and want online rent collection.',
        source: 'upgrade-dialog',
        status: 'new',
        createdAt: new Date(now - 2 * 3_600_000),
      },
      {
        name: 'Rahul Mehta',
        email: 'rahul@mehta-properties.test',
        company: 'Mehta Properties',
        subject: 'Enterprise pricing',
        message: 'Looking for a quote for 400 units with custom limits and onboarding help.',
        source: 'pricing:enterprise',
        status: 'contacted',
        createdAt: new Date(now - 3 * DAY),
      },
      {
        name: 'Fatima Sheikh',
        email: 'fatima@coastal-stays.test',
        phone: '+91 99200 33344',
        company: 'Coastal Stays',
        subject: 'Demo request',
        message: 'Could we get a walkthrough of bookings and maintenance for our serviced apartments?',
        source: 'contact',
        status: 'qualified',
        createdAt: new Date(now - 6 * DAY),
      },
      {
        name: 'Arjun Nair',
        email: 'arjun@example.test',
        subject: 'Question about the Starter plan',
        message: 'Is the Starter plan free forever for three properties?',
        source: 'contact',
        status: 'lost',
        createdAt: new Date(now - 20 * DAY),
      },
    ])
    .returning({ id: leads.id, email: leads.email });
  const rahul = rows.find((row) => row.email.startsWith('rahul'));
  if (rahul) {
    await db.insert(leadNotes).values({
      leadId: rahul.id,
      authorName: 'Super Admin',
      content: 'Called on Tuesday; sending an Enterprise quote with 500-unit limits.',
    });
  }
}
