import { businessDate, computeInvoiceTotals, financialYearOf } from '@rentora/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_COMPANY_DOMAINS } from '../../db/demo';
import {
  companies,
  companyTaxSettings,
  companyUsers,
  invoices,
  invoiceTemplates,
  rentalUnitUsers,
} from '../../db/schema';
import { gstSnapshotFor, takeReceiptNumber } from '../gst/gst.service';
import { generateRentInvoices } from './invoices.billing';
import { refreshTenantDues } from './invoices.dues';
import { gstColumnsOf } from './invoices.editing';
import { insertOfflinePayment } from './invoices.service';

const RUPEES = 100;
/** The demo company's GSTIN (Karnataka, check character valid). */
export const DEMO_GSTIN = '29AAACS1234F1ZO';

function monthShift(delta: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + delta, 1)).toISOString().slice(0, 7);
}

/**
 * Demo billing of Sunrise Estates: two invoice templates (the default without GST, a commercial one at 18 %), the
 * last three months' rent for every active tenant through the real rent run, payments (the month before last paid,
 * last month partly paid, this month open), and one utilities draft. Runs once (skips when templates exist).
 */
export async function seedInvoicesDemo(db: Db): Promise<void> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.email, `hello@${DEMO_COMPANY_DOMAINS.professional}`))
    .limit(1);
  if (!company) return;
  const [existing] = await db
    .select({ id: invoiceTemplates.id })
    .from(invoiceTemplates)
    .where(eq(invoiceTemplates.companyId, company.id))
    .limit(1);
  if (existing) return;
  const [owner] = await db
    .select({ userId: companyUsers.userId })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.role, 'owner')))
    .limit(1);
  const actor = owner?.userId ?? null;
  // Registered for GST in Karnataka: commercial rent is taxed, dwellings let to people are exempt.
  await db
    .insert(companyTaxSettings)
    .values({
      companyId: company.id,
      gstin: DEMO_GSTIN,
      legalName: 'Sunrise Estates Private Limited',
      address: '80 Feet Road, 4th Block, Koramangala, Bengaluru, Karnataka 560034',
      // The PAN inside the GSTIN: on the tenants' HRA rent receipts.
      pan: DEMO_GSTIN.slice(2, 12),
    })
    .onConflictDoNothing();
  const [standard] = await db
    .insert(invoiceTemplates)
    .values([
      {
        companyId: company.id,
        name: 'Standard rent',
        primaryColor: '#4f46e5',
        headerText: 'Residential rent is exempt from GST.',
        footerText: 'Thank you for renting with Sunrise Estates.',
        paymentInstructions:
          'Pay online from your tenant area, or by UPI to sunrise@okbank, or by bank transfer to Sunrise Estates, A/c 001234567890, IFSC SBIN0001234. Quote the invoice number.',
        gstNumber: '29AAACS1234F1ZO',
        taxRate: 0,
        isDefault: true,
        createdBy: actor,
      },
      {
        companyId: company.id,
        name: 'Commercial (GST 18%)',
        primaryColor: '#0f766e',
        accentColor: '#134e4a',
        headerText: 'Tax invoice',
        footerText: 'Sunrise Estates · GSTIN 29AAACS1234F1ZO',
        paymentInstructions: 'Bank transfer to A/c 001234567890, IFSC SBIN0001234.',
        gstNumber: '29AAACS1234F1ZO',
        taxRate: 1800,
        isDefault: false,
        createdBy: actor,
      },
    ])
    .returning();
  for (const delta of [-2, -1, 0]) {
    await generateRentInvoices(db, company.id, monthShift(delta), { actorUserId: actor });
  }
  const billed = await db
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.companyId, company.id), inArray(invoices.period, [monthShift(-2), monthShift(-1)])),
    )
    .orderBy(asc(invoices.period), asc(invoices.number));
  const methods = ['bank_transfer', 'upi', 'cash'] as const;
  await db.transaction(async (tx) => {
    for (const [index, invoice] of billed.entries()) {
      const older = invoice.period === monthShift(-2);
      // Everything of the month before last is paid; last month the first tenant paid half, the others nothing.
      const amount = older ? invoice.total : index % 2 === 0 ? Math.floor(invoice.total / 2) : 0;
      if (amount === 0) continue;
      const paidAt = new Date(`${invoice.period}-03T10:00:00Z`);
      await insertOfflinePayment(tx, invoice, {
        amount,
        method: methods[index % methods.length]!,
        paidAt,
        reference: `DEMO-${invoice.number}`,
        recordedBy: actor,
        receiptNumber: await takeReceiptNumber(tx, company.id, paidAt),
      });
      await tx
        .update(invoices)
        .set({
          amountPaid: amount,
          status: amount >= invoice.total ? 'paid' : 'partially_paid',
          paidAt: amount >= invoice.total ? paidAt : null,
        })
        .where(eq(invoices.id, invoice.id));
    }
  });
  // This month: the second tenant (by number) has paid by UPI today, so the overview shows money collected.
  const current = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, company.id), eq(invoices.period, monthShift(0))))
    .orderBy(asc(invoices.number));
  const early = current[1];
  if (early) {
    const paidAt = new Date();
    await db.transaction(async (tx) => {
      await insertOfflinePayment(tx, early, {
        amount: early.total,
        method: 'upi',
        paidAt,
        reference: `DEMO-${early.number}`,
        recordedBy: actor,
        receiptNumber: await takeReceiptNumber(tx, company.id, paidAt),
      });
      await tx
        .update(invoices)
        .set({ amountPaid: early.total, status: 'paid', paidAt })
        .where(eq(invoices.id, early.id));
    });
  }
  const [tenancy] = await db
    .select()
    .from(rentalUnitUsers)
    .where(and(eq(rentalUnitUsers.companyId, company.id), inArray(rentalUnitUsers.tenancyStatus, ['active'])))
    .orderBy(asc(rentalUnitUsers.createdAt))
    .limit(1);
  if (tenancy) {
    const totals = computeInvoiceTotals(
      [
        {
          description: 'Electricity (meter 4,210 – 4,398 kWh)',
          quantity: 188,
          unitPrice: 8 * RUPEES,
          kind: 'utilities',
        },
        { description: 'Water', quantity: 1, unitPrice: 350 * RUPEES, kind: 'utilities' },
      ],
      (await gstSnapshotFor(db, company.id, tenancy.id)).parties,
    );
    const snapshot = await gstSnapshotFor(db, company.id, tenancy.id);
    const today = businessDate();
    await db.insert(invoices).values({
      companyId: company.id,
      tenantId: tenancy.id,
      userId: tenancy.userId,
      propertyId: tenancy.propertyId,
      rentalUnitId: tenancy.rentalUnitId,
      templateId: standard?.id ?? null,
      issueDate: today,
      dueDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      currency: tenancy.currency,
      ...gstColumnsOf(snapshot, totals),
      financialYear: financialYearOf(today).label,
      notes: 'Utilities for last month.',
      createdBy: actor,
    });
  }
  // The payments above moved the tenancies' dues (the rent run already added its invoices).
  const billedTenancies = await db
    .selectDistinct({ id: invoices.tenantId })
    .from(invoices)
    .where(eq(invoices.companyId, company.id));
  await db.transaction(async (tx) => {
    for (const t of billedTenancies) await refreshTenantDues(tx, company.id, t.id);
  });
}
