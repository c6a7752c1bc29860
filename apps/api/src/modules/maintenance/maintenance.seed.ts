import {
  DEFAULT_ASSIGNMENT_SETTINGS,
  DEFAULT_MAINTENANCE_TYPES,
  type MaintenancePriority,
  type MaintenanceStatus,
} from '@rentora/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_COMPANY_DOMAINS } from '../../db/demo';
import {
  assigneeCodes,
  companies,
  maintenanceAssignments,
  maintenanceCounters,
  maintenanceEvents,
  maintenanceForms,
  maintenanceRequests,
  maintenanceTypes,
  properties,
  rentalUnits,
  rentalUnitUsers,
  users,
} from '../../db/schema';
import { newAssigneeCode } from '../assignee/assignee.service';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface DemoRequest {
  title: string;
  description: string;
  type: string;
  priority: MaintenancePriority;
  status: MaintenanceStatus;
  daysAgo: number;
  assignee?: 'field' | 'coordinator';
  source?: 'staff' | 'tenant' | 'public';
  comment?: string;
  note?: string;
  /** Hours from creation to resolution (resolved and closed ones). */
  resolvedAfterHours?: number;
}

const DEMO_REQUESTS: DemoRequest[] = [
  {
    title: 'Kitchen sink leaking',
    description: 'Water drips from the trap under the sink.',
    type: 'plumbing',
    priority: 'high',
    status: 'open',
    daysAgo: 0,
  },
  {
    title: 'Bedroom light flickers',
    description: 'The ceiling light flickers when the fan is on.',
    type: 'electrical',
    priority: 'medium',
    status: 'assigned',
    daysAgo: 1,
    assignee: 'field',
  },
  {
    title: 'Lift stuck on 3rd floor',
    description: 'Block B lift stops between floors.',
    type: 'lift',
    priority: 'urgent',
    status: 'in_progress',
    daysAgo: 2,
    assignee: 'coordinator',
    comment: 'The lift company is on the way.',
    note: 'AMC renewal is due next month; check the contract.',
  },
  {
    title: 'Wardrobe door off its hinge',
    description: 'Left door of the master wardrobe.',
    type: 'carpentry',
    priority: 'low',
    status: 'on_hold',
    daysAgo: 9,
    assignee: 'field',
    comment: 'Waiting for a replacement hinge.',
  },
  {
    title: 'Damp patch on living room wall',
    description: 'Near the window, growing since the rains.',
    type: 'painting',
    priority: 'medium',
    status: 'resolved',
    daysAgo: 20,
    assignee: 'field',
    resolvedAfterHours: 70,
    comment: 'Wall treated and repainted.',
  },
  {
    title: 'Cockroaches in the kitchen',
    description: 'Seen at night around the sink.',
    type: 'pest-control',
    priority: 'medium',
    status: 'closed',
    daysAgo: 45,
    assignee: 'field',
    resolvedAfterHours: 30,
    note: 'Use the quarterly vendor, not a one-off.',
  },
  {
    title: 'Geyser not heating',
    description: 'Bathroom geyser trips the breaker.',
    type: 'appliance',
    priority: 'high',
    status: 'closed',
    daysAgo: 75,
    assignee: 'coordinator',
    resolvedAfterHours: 20,
  },
  {
    title: 'AC leaking water indoors',
    description: 'Split AC in bedroom 2.',
    type: 'hvac',
    priority: 'medium',
    status: 'resolved',
    daysAgo: 110,
    assignee: 'field',
    resolvedAfterHours: 50,
  },
  {
    title: 'Duplicate: tap leaking',
    description: 'Reported twice.',
    type: 'plumbing',
    priority: 'low',
    status: 'cancelled',
    daysAgo: 130,
  },
  {
    title: 'Main gate latch broken',
    description: 'The gate does not stay closed.',
    type: 'security',
    priority: 'high',
    status: 'closed',
    daysAgo: 160,
    assignee: 'field',
    resolvedAfterHours: 10,
  },
  {
    title: 'Staircase needs cleaning',
    description: 'Dust and leaves on the stairs of block A.',
    type: 'cleaning',
    priority: 'low',
    status: 'open',
    daysAgo: 6,
    source: 'public',
  },
  {
    title: 'Bathroom exhaust fan noisy',
    description: 'Rattles loudly.',
    type: 'electrical',
    priority: 'low',
    status: 'in_progress',
    daysAgo: 5,
    assignee: 'field',
    source: 'tenant',
    comment: 'I will come by on Saturday.',
  },
  {
    title: 'Water pressure low',
    description: 'Low pressure on the top floor.',
    type: 'plumbing',
    priority: 'medium',
    status: 'assigned',
    daysAgo: 4,
    assignee: 'field',
  },
  {
    title: 'Window glass cracked',
    description: 'Hairline crack in the balcony door glass.',
    type: 'carpentry',
    priority: 'medium',
    status: 'closed',
    daysAgo: 200,
    assignee: 'coordinator',
    resolvedAfterHours: 96,
  },
];

/**
 * Maintenance demo data for Sunrise Estates: the default types, assignments (plumbing and electrical go to the field
 * staff, the coordinator watches), a public ticket form, an assignee code for the field staff member, and requests
 * in every status over the last months (comments, internal notes, timelines), some from the demo tenant.
 */
export async function seedMaintenanceDemo(db: Db): Promise<void> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.email, `hello@${DEMO_COMPANY_DOMAINS.professional}`))
    .limit(1);
  if (!company) return;
  const [already] = await db
    .select({ id: maintenanceTypes.id })
    .from(maintenanceTypes)
    .where(eq(maintenanceTypes.companyId, company.id))
    .limit(1);
  if (already) return;
  const domain = DEMO_COMPANY_DOMAINS.professional;
  const people = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
    })
    .from(users)
    .where(
      inArray(users.email, [
        `owner@${domain}`,
        `fieldstaff@${domain}`,
        `maintenance@${domain}`,
        'tenant@rentora.test',
      ]),
    );
  const person = (local: string) => people.find((p) => p.email === local);
  const owner = person(`owner@${domain}`);
  const field = person(`fieldstaff@${domain}`);
  const coordinator = person(`maintenance@${domain}`);
  const tenant = person('tenant@rentora.test');
  if (!owner || !field || !coordinator) return;
  const units = await db
    .select({ id: rentalUnits.id, propertyId: rentalUnits.propertyId })
    .from(rentalUnits)
    .where(eq(rentalUnits.companyId, company.id))
    .orderBy(asc(rentalUnits.unitNumber))
    .limit(20);
  const propertyRows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.companyId, company.id))
    .orderBy(asc(properties.name))
    .limit(5);
  if (propertyRows.length === 0) return;
  const [tenancy] = tenant
    ? await db
        .select({
          id: rentalUnitUsers.id,
          rentalUnitId: rentalUnitUsers.rentalUnitId,
          propertyId: rentalUnitUsers.propertyId,
        })
        .from(rentalUnitUsers)
        .where(
          and(
            eq(rentalUnitUsers.companyId, company.id),
            eq(rentalUnitUsers.userId, tenant.id),
            eq(rentalUnitUsers.status, 'current'),
          ),
        )
        .limit(1)
    : [];

  await db.transaction(async (tx) => {
    const types = await tx
      .insert(maintenanceTypes)
      .values(DEFAULT_MAINTENANCE_TYPES.map((type) => ({ ...type, companyId: company.id })))
      .returning();
    const typeOf = (key: string) => types.find((t) => t.key === key)!;
    await tx.insert(maintenanceAssignments).values([
      {
        companyId: company.id,
        typeId: typeOf('plumbing').id,
        assignees: [{ userId: field.id, isActive: true, addedAt: new Date().toISOString() }],
        watchers: [coordinator.id],
        settings: { ...DEFAULT_ASSIGNMENT_SETTINGS },
      },
      {
        companyId: company.id,
        typeId: typeOf('electrical').id,
        assignees: [
          { userId: field.id, isActive: true, addedAt: new Date().toISOString() },
          { userId: coordinator.id, isActive: true, addedAt: new Date().toISOString() },
        ],
        watchers: [owner.id],
        settings: { ...DEFAULT_ASSIGNMENT_SETTINGS, strategy: 'least_open' },
      },
      {
        companyId: company.id,
        typeId: typeOf('cleaning').id,
        assignees: [{ userId: field.id, isActive: true, addedAt: new Date().toISOString() }],
        watchers: [],
        settings: { ...DEFAULT_ASSIGNMENT_SETTINGS, autoAssign: false },
      },
    ]);
    const [form] = await tx
      .insert(maintenanceForms)
      .values({
        companyId: company.id,
        name: 'Residents’ repair requests',
        propertyIds: propertyRows.map((p) => p.id),
        intro: 'Tell us what needs fixing. We usually reply within a working day.',
        createdBy: owner.id,
      })
      .returning({ id: maintenanceForms.id });
    await tx
      .insert(assigneeCodes)
      .values({ companyId: company.id, userId: field.id, code: newAssigneeCode() });

    const now = Date.now();
    let number = 0;
    for (const [index, demo] of DEMO_REQUESTS.entries()) {
      number += 1;
      const fromTenant = demo.source === 'tenant' && tenant && tenancy;
      const unit = fromTenant
        ? { id: tenancy.rentalUnitId, propertyId: tenancy.propertyId }
        : (units[index % Math.max(units.length, 1)] ?? null);
      const propertyId = unit?.propertyId ?? propertyRows[0]!.id;
      const type = typeOf(demo.type);
      const createdAt = new Date(now - demo.daysAgo * DAY_MS - (index + 1) * HOUR_MS);
      const assigneeUser =
        demo.assignee === 'field' ? field : demo.assignee === 'coordinator' ? coordinator : null;
      const resolvedAt = demo.resolvedAfterHours
        ? new Date(createdAt.getTime() + demo.resolvedAfterHours * HOUR_MS)
        : null;
      const requester = fromTenant
        ? {
            requesterType: 'tenant' as const,
            requesterUserId: tenant.id,
            requesterName: `${tenant.firstName} ${tenant.lastName}`,
            requesterEmail: tenant.email,
            requesterPhone: tenant.phone,
          }
        : demo.source === 'public'
          ? {
              requesterType: 'public' as const,
              requesterUserId: null,
              requesterName: 'Kavya Resident',
              requesterEmail: 'kavya@example.test',
              requesterPhone: '+91 98450 00000',
            }
          : {
              requesterType: 'staff' as const,
              requesterUserId: owner.id,
              requesterName: `${owner.firstName} ${owner.lastName}`,
              requesterEmail: owner.email,
              requesterPhone: owner.phone,
            };
      const [row] = await tx
        .insert(maintenanceRequests)
        .values({
          companyId: company.id,
          number,
          title: demo.title,
          description: demo.description,
          typeId: type.id,
          priority: demo.priority,
          status: demo.status,
          source: demo.source ?? 'staff',
          propertyId,
          rentalUnitId: unit?.id ?? null,
          tenantId: fromTenant ? tenancy.id : null,
          ...requester,
          assigneeId: assigneeUser?.id ?? null,
          assignedAt: assigneeUser ? new Date(createdAt.getTime() + HOUR_MS) : null,
          watcherIds: demo.type === 'plumbing' ? [coordinator.id] : [],
          formId: demo.source === 'public' ? form!.id : null,
          dueAt: new Date(createdAt.getTime() + type.slaHours * HOUR_MS),
          resolvedAt,
          closedAt: demo.status === 'closed' && resolvedAt ? new Date(resolvedAt.getTime() + DAY_MS) : null,
          createdBy: owner.id,
          createdAt,
          updatedAt: resolvedAt ?? createdAt,
        })
        .returning({ id: maintenanceRequests.id });
      const at = (hours: number) => new Date(createdAt.getTime() + hours * HOUR_MS);
      const staff = {
        authorType: 'staff' as const,
        authorUserId: owner.id,
        authorName: `${owner.firstName} ${owner.lastName}`,
      };
      const events: (typeof maintenanceEvents.$inferInsert)[] = [
        {
          companyId: company.id,
          requestId: row!.id,
          kind: 'created',
          visibility: 'public',
          ...(fromTenant
            ? { authorType: 'tenant' as const, authorUserId: tenant.id, authorName: requester.requesterName }
            : demo.source === 'public'
              ? { authorType: 'public' as const, authorUserId: null, authorName: requester.requesterName }
              : staff),
          toStatus: 'open',
          createdAt,
        },
      ];
      if (assigneeUser) {
        events.push({
          companyId: company.id,
          requestId: row!.id,
          kind: 'assigned',
          visibility: 'public',
          authorType: 'system',
          authorUserId: null,
          authorName: 'Auto-assignment',
          fromStatus: 'open',
          toStatus: 'assigned',
          data: { assigneeId: assigneeUser.id, auto: true },
          createdAt: at(1),
        });
      }
      const path: MaintenanceStatus[] = {
        open: [],
        assigned: [],
        in_progress: ['in_progress'],
        on_hold: ['in_progress', 'on_hold'],
        resolved: ['in_progress', 'resolved'],
        closed: ['in_progress', 'resolved', 'closed'],
        cancelled: ['cancelled'],
      }[demo.status] as MaintenanceStatus[];
      let previous: MaintenanceStatus = assigneeUser ? 'assigned' : 'open';
      path.forEach((status, step) => {
        const when =
          status === 'resolved' && resolvedAt
            ? resolvedAt
            : status === 'closed' && resolvedAt
              ? new Date(resolvedAt.getTime() + DAY_MS)
              : at(2 + step);
        events.push({
          companyId: company.id,
          requestId: row!.id,
          kind: 'status',
          visibility: 'public',
          ...(assigneeUser
            ? {
                authorType: 'staff' as const,
                authorUserId: assigneeUser.id,
                authorName: `${assigneeUser.firstName} ${assigneeUser.lastName}`,
              }
            : staff),
          fromStatus: previous,
          toStatus: status,
          createdAt: when,
        });
        previous = status;
      });
      if (demo.comment) {
        events.push({
          companyId: company.id,
          requestId: row!.id,
          kind: 'comment',
          visibility: 'public',
          ...staff,
          body: demo.comment,
          createdAt: at(1.5),
        });
      }
      if (demo.note) {
        events.push({
          companyId: company.id,
          requestId: row!.id,
          kind: 'note',
          visibility: 'internal',
          ...staff,
          body: demo.note,
          createdAt: at(1.6),
        });
      }
      await tx.insert(maintenanceEvents).values(events);
    }
    await tx.insert(maintenanceCounters).values({ companyId: company.id, lastNumber: number });
  });
}
