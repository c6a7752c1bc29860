import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { TENANT_CODE_ALPHABET, TENANT_CODE_LENGTH, type TenantStatus } from '@rentora/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { loadConfig } from '../../config';
import { hashPassword } from '../../core/passwords';
import { createLocalStorage, type Storage } from '../../core/storage';
import type { Db } from '../../db/client';
import { DEMO_COMPANY_DOMAINS } from '../../db/demo';
import {
  companies,
  companyUsers,
  depositLedger,
  rentalUnits,
  rentalUnitUsers,
  tenantCodes,
  tenantDocuments,
  tenantEntries,
  tenantStatusHistory,
  users,
} from '../../db/schema';
import { settleOccupancy } from '../rental-units/rental-units.service';
import { newTenantCode } from './tenants.files';
import { recordTenantStatus } from './tenants.history';
import { createTenancyInTx } from './tenants.tenancy';

const RUPEES = 100;
const DAY_MS = 86_400_000;
const dayOffset = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** A one-page PDF, enough for the document viewer. */
function demoPdf(title: string): Buffer {
  const text = `BT /F1 18 Tf 72 720 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets
    .map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)
    .join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface DemoTenant {
  email: string;
  firstName: string;
  lastName: string;
  status: TenantStatus;
  moveInDaysAgo: number;
  dues?: { rent?: number; utilities?: number; penalties?: number };
  documents?: ('aadhaar' | 'pan' | 'salary_slip')[];
  note?: string;
  reason?: string;
  /** A GST-registered business renting the commercial unit (its invoices are tax invoices). */
  business?: { gstin: string; legalName: string; billingAddress: string };
}

const DEMO_TENANTS: DemoTenant[] = [
  {
    email: 'priya.nair@tenants.rentora.test',
    firstName: 'Priya',
    lastName: 'Nair',
    status: 'active',
    moveInDaysAgo: 300,
    documents: ['aadhaar', 'pan', 'salary_slip'],
    note: 'Pays by bank transfer on the 3rd.',
  },
  {
    email: 'rahul.verma@tenants.rentora.test',
    firstName: 'Rahul',
    lastName: 'Verma',
    status: 'pending',
    moveInDaysAgo: -10,
    documents: ['aadhaar'],
    note: 'Employer letter promised by Friday.',
  },
  {
    email: 'meera.iyer@tenants.rentora.test',
    firstName: 'Meera',
    lastName: 'Iyer',
    status: 'notice_given',
    moveInDaysAgo: 400,
    dues: { rent: 18_000 * RUPEES, penalties: 500 * RUPEES },
    documents: ['aadhaar', 'pan'],
    reason: 'Relocating to Pune',
  },
  {
    email: 'arjun.das@tenants.rentora.test',
    firstName: 'Arjun',
    lastName: 'Das',
    status: 'rejected',
    moveInDaysAgo: -20,
    reason: 'Could not verify the references',
  },
  {
    email: 'ananya.rao@tenants.rentora.test',
    firstName: 'Ananya',
    lastName: 'Rao',
    status: 'active',
    moveInDaysAgo: 200,
    documents: ['pan'],
    note: 'Runs Brew Street Cafe; invoices go to the LLP with its GSTIN.',
    business: {
      gstin: '29AABCT1332L1ZA',
      legalName: 'Brew Street Cafe LLP',
      billingAddress: 'G-01, Sunrise Heights, 80 Feet Road, Koramangala, Bengaluru 560034',
    },
  },
  {
    email: 'kavya.menon@tenants.rentora.test',
    firstName: 'Kavya',
    lastName: 'Menon',
    status: 'moved_out',
    moveInDaysAgo: 700,
    documents: ['aadhaar', 'pan', 'salary_slip'],
    reason: 'Lease completed',
  },
];

/**
 * Demo tenants of Sunrise Estates in every status, with documents, dues, notes, a history and a portal code;
 * the demo tenant login (tenant@rentora.test, seeded with the inventory) gets dues, documents and a code too.
 */
export async function seedTenantsDemo(db: Db, storage?: Storage): Promise<void> {
  const files = storage ?? createLocalStorage(path.join(loadConfig().dataDir, 'uploads'));
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.email, `hello@${DEMO_COMPANY_DOMAINS.professional}`))
    .limit(1);
  if (!company) return;
  const [already] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_TENANTS[0]!.email));
  if (already) return;
  const [ownerRow] = await db
    .select({ userId: companyUsers.userId })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.role, 'owner')))
    .limit(1);
  const actor = ownerRow?.userId ?? null;
  const availableUnits = await db
    .select({
      id: rentalUnits.id,
      rent: rentalUnits.rent,
      maintenance: rentalUnits.maintenanceAmount,
      unitType: rentalUnits.unitType,
    })
    .from(rentalUnits)
    .where(
      and(
        eq(rentalUnits.companyId, company.id),
        eq(rentalUnits.status, 'Available'),
        eq(rentalUnits.currentTenants, 0),
      ),
    )
    .orderBy(asc(rentalUnits.unitNumber));
  const free = availableUnits.filter((u) => u.unitType !== 'shop');
  const shop = availableUnits.find((u) => u.unitType === 'shop');
  let nextHome = 0;
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));

  async function addDocuments(tenantId: string, types: readonly string[], verified: boolean) {
    for (const type of types) {
      const id = uuidv7();
      const storageKey = `tenant-docs/${company!.id}/${id}.pdf`;
      const data = demoPdf(`${type.replace('_', ' ')} (demo document)`);
      await files.put(storageKey, data, 'application/pdf');
      await db.insert(tenantDocuments).values({
        id,
        companyId: company!.id,
        tenantId,
        type: type as 'aadhaar',
        verified,
        storageKey,
        fileName: `${type}.pdf`,
        mimeType: 'application/pdf',
        size: data.length,
        uploadedBy: actor,
      });
    }
  }

  for (const [index, demo] of DEMO_TENANTS.entries()) {
    const unit = demo.business ? shop : free[nextHome++];
    if (!unit) continue;
    const [user] = await db
      .insert(users)
      .values({
        email: demo.email,
        passwordHash,
        firstName: demo.firstName,
        lastName: demo.lastName,
        role: 'tenant',
        isEmailVerified: true,
        phone: `+91 98450 1000${index}`,
      })
      .returning({ id: users.id });
    const moveIn = dayOffset(-demo.moveInDaysAgo);
    const tenantId = await db.transaction(async (tx) => {
      const created = await createTenancyInTx(tx, {
        companyId: company.id,
        rentalUnitId: unit.id,
        userId: user!.id,
        status: demo.status === 'pending' || demo.status === 'rejected' ? 'pending' : 'active',
        actorUserId: actor,
        occupancyDetails: { moveInDate: moveIn },
        agreementDetails: {
          rentAmount: unit.rent,
          maintenanceCharges: unit.maintenance,
          securityDeposit: unit.rent * 3,
          rentDueDate: 5,
          leaseStartDate: moveIn,
          leaseEndDate: dayOffset(-demo.moveInDaysAgo + 365),
        },
        source: 'staff',
      });
      const after: Partial<typeof rentalUnitUsers.$inferInsert> = {
        duesRent: demo.dues?.rent ?? 0,
        duesUtilities: demo.dues?.utilities ?? 0,
        duesPenalties: demo.dues?.penalties ?? 0,
        // Opening balances from before invoicing: adjustments, so that they stay when the invoices move the dues.
        duesRentAdjustment: demo.dues?.rent ?? 0,
        duesUtilitiesAdjustment: demo.dues?.utilities ?? 0,
        duesPenaltiesAdjustment: demo.dues?.penalties ?? 0,
        ...(demo.business ?? {}),
        ratings:
          demo.status === 'active' ? { payment: 5, behavior: 5, maintenance: 4, communication: 5 } : {},
        compliance: {
          backgroundCheck: demo.status !== 'rejected',
          agreementSigned: demo.status !== 'pending',
        },
      };
      if (demo.status === 'notice_given' || demo.status === 'moved_out' || demo.status === 'rejected') {
        after.tenancyStatus = demo.status;
        after.status = demo.status === 'notice_given' ? 'current' : 'past';
        if (demo.status === 'moved_out') after.movedOutAt = dayOffset(-demo.moveInDaysAgo + 365);
        if (demo.status === 'rejected') after.rejectionReason = demo.reason ?? null;
        await recordTenantStatus(tx, {
          companyId: company.id,
          tenantId: created._id,
          fromStatus: demo.status === 'rejected' ? 'pending' : 'active',
          toStatus: demo.status,
          actorUserId: actor,
          reason: demo.reason ?? null,
        });
      }
      await tx.update(rentalUnitUsers).set(after).where(eq(rentalUnitUsers.id, created._id));
      if (demo.status !== 'pending' && demo.status !== 'rejected') {
        // The deposit was received by bank transfer at move-in: held for the tenant until the move-out settlement.
        await tx.insert(depositLedger).values({
          companyId: company.id,
          tenantId: created._id,
          kind: 'received',
          amount: unit.rent * 3,
          source: 'offline',
          sourceKey: `offline:seed-deposit-${created._id}`,
          method: 'bank_transfer',
          reference: `NEFT-DEP-${index + 1}`,
          description: 'Deposit received',
          occurredAt: new Date(`${moveIn}T12:00:00+05:30`),
          recordedBy: actor,
        });
      }
      const [unitRow] = await tx.select().from(rentalUnits).where(eq(rentalUnits.id, unit.id));
      if (unitRow) await settleOccupancy(tx, company.id, unitRow);
      return created._id;
    });
    if (demo.documents) await addDocuments(tenantId, demo.documents, demo.status !== 'pending');
    if (demo.note) {
      await db.insert(tenantEntries).values({
        companyId: company.id,
        tenantId,
        kind: 'note',
        type: 'general',
        content: demo.note,
        authorUserId: actor,
      });
    }
    if (demo.status === 'notice_given') {
      await db.insert(tenantEntries).values({
        companyId: company.id,
        tenantId,
        kind: 'warning',
        type: 'medium',
        content: 'Rent for last month is overdue.',
        authorUserId: actor,
      });
    }
  }

  // The demo tenant login: a full agreement, some dues, documents, history and a portal code.
  const [demoTenancy] = await db
    .select({
      id: rentalUnitUsers.id,
      startDate: rentalUnitUsers.startDate,
      companyId: rentalUnitUsers.companyId,
    })
    .from(rentalUnitUsers)
    .innerJoin(users, eq(users.id, rentalUnitUsers.userId))
    .where(eq(users.email, 'tenant@rentora.test'))
    .limit(1);
  if (demoTenancy) {
    await db
      .update(rentalUnitUsers)
      .set({
        tenancyStatus: 'active',
        leaseStartDate: demoTenancy.startDate,
        endDate: sql`(${rentalUnitUsers.startDate} + interval '11 months')::date`,
        maintenanceCharges: 2_500 * RUPEES,
        rentDueDay: 5,
        duesRent: 12_000 * RUPEES,
        duesUtilities: 1_450 * RUPEES,
        duesRentAdjustment: 12_000 * RUPEES,
        duesUtilitiesAdjustment: 1_450 * RUPEES,
        ratings: { payment: 4, behavior: 5 },
        compliance: { backgroundCheck: true, policeVerification: true, agreementSigned: true },
      })
      .where(eq(rentalUnitUsers.id, demoTenancy.id));
    await db.insert(tenantStatusHistory).values({
      companyId: demoTenancy.companyId,
      tenantId: demoTenancy.id,
      fromStatus: null,
      toStatus: 'active',
      actorUserId: actor,
      reason: 'Demo tenancy',
    });
    await addDocuments(demoTenancy.id, ['aadhaar', 'pan'], true);
    await db
      .insert(tenantCodes)
      .values({
        companyId: demoTenancy.companyId,
        tenantId: demoTenancy.id,
        code: newTenantCode(TENANT_CODE_ALPHABET, TENANT_CODE_LENGTH, randomBytes),
        createdBy: actor,
      })
      .onConflictDoNothing();
  }
}
