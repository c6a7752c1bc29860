import { businessDate, REMINDER_TEMPLATE_KEYS } from '@rentora/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_COMPANY_DOMAINS } from '../../db/demo';
import { collectionSettings, collectionTemplates, companies, invoices } from '../../db/schema';

const DAY_MS = 86_400_000;

/** Demo DLT content template ids and WhatsApp template names (stand-ins for the company's registered ones). */
const DEMO_DLT: Record<(typeof REMINDER_TEMPLATE_KEYS)[number], string> = {
  before_due: '1107170000000000001',
  due: '1107170000000000002',
  overdue: '1107170000000000003',
};

/**
 * Demo collections of Sunrise Estates: every channel on, no quiet hours (the demo runs at any hour), SMS and
 * WhatsApp templates with their DLT ids and names, and the usual steps plus one falling today for each open
 * invoice, so that running today's collections (Payments → Collections → Run now, or
 * `POST /api/collections/run`) writes WhatsApp, SMS and email reminders to DATA_DIR/outbox. The demo tenants
 * have mobile numbers (tenants.seed.ts). Runs once (skips when the settings exist).
 */
export async function seedCollectionsDemo(db: Db): Promise<void> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.email, `hello@${DEMO_COMPANY_DOMAINS.professional}`))
    .limit(1);
  if (!company) return;
  const [existing] = await db
    .select({ id: collectionSettings.companyId })
    .from(collectionSettings)
    .where(eq(collectionSettings.companyId, company.id));
  if (existing) return;
  const today = businessDate();
  const open = await db
    .selectDistinct({ dueDate: invoices.dueDate })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, company.id),
        inArray(invoices.status, ['sent', 'partially_paid']),
        sql`${invoices.total} - ${invoices.creditedAmount} - ${invoices.amountPaid} > 0`,
      ),
    );
  const todaySteps = open
    .map(({ dueDate }) =>
      Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / DAY_MS),
    )
    .filter((day) => day >= -60 && day <= 120);
  const reminderDays = [...new Set([-5, 0, 3, 7, ...todaySteps])].sort((a, b) => a - b).slice(0, 12);
  await db.transaction(async (tx) => {
    await tx.insert(collectionSettings).values({
      companyId: company.id,
      reminderDays,
      channels: ['email', 'sms', 'whatsapp'],
      quietFrom: null,
      quietTo: null,
    });
    await tx.insert(collectionTemplates).values(
      REMINDER_TEMPLATE_KEYS.flatMap((key) => [
        {
          companyId: company.id,
          key,
          channel: 'sms' as const,
          body:
            key === 'overdue'
              ? 'Dear {{tenantName}}, {{amount}} (invoice {{invoiceNumber}}) was due on {{dueDate}}. Pay: {{payLink}} - Sunrise Estates'
              : 'Dear {{tenantName}}, {{amount}} (invoice {{invoiceNumber}}) is due on {{dueDate}}. Pay: {{payLink}} - Sunrise Estates',
          dltTemplateId: DEMO_DLT[key],
        },
        {
          companyId: company.id,
          key,
          channel: 'whatsapp' as const,
          body: 'Hello {{tenantName}}, {{amount}} for invoice {{invoiceNumber}} is due on {{dueDate}}. Pay in one tap: {{payLink}}',
          whatsappTemplateName: `rent_reminder_${key}`,
        },
      ]),
    );
  });
}
