import {
  DEFAULT_MAINTENANCE_TYPES,
  MAINTENANCE_MESSAGES,
  type MaintenanceTypeCreateBody,
  type MaintenanceTypeDto,
  type MaintenanceTypeUpdateBody,
} from '@rentora/shared';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { badRequest, conflict, notFound } from '../../core/errors';
import { iso } from '../../core/http';
import { isUuid } from '../../core/ids';
import type { DbOrTx } from '../../db/client';
import { maintenanceRequests, maintenanceTypes } from '../../db/schema';

export type TypeRow = typeof maintenanceTypes.$inferSelect;

export function toTypeDto(row: TypeRow): MaintenanceTypeDto {
  return {
    _id: row.id,
    company: row.companyId,
    name: row.name,
    key: row.key,
    description: row.description,
    isActive: row.isActive,
    slaHours: row.slaHours,
    defaultPriority: row.defaultPriority,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'type'
  );
}

/** The company's type named by id or key (a request's `type`, the `{type}` path parameter). */
export async function findTypeByRef(
  db: DbOrTx,
  companyId: string,
  ref: string,
): Promise<TypeRow | undefined> {
  const byRef: SQL = isUuid(ref) ? eq(maintenanceTypes.id, ref) : eq(maintenanceTypes.key, ref.toLowerCase());
  const [row] = await db
    .select()
    .from(maintenanceTypes)
    .where(and(eq(maintenanceTypes.companyId, companyId), byRef))
    .limit(1);
  return row;
}

/** Any company path parameter other than the caller's current company is not found. */
export function assertOwnCompany(ctx: CompanyContext, companyId: string): void {
  if (companyId !== ctx.companyId) throw notFound('Company');
}

export function createMaintenanceTypesService(deps: Pick<AppDeps, 'db'>) {
  const { db } = deps;

  async function requireType(companyId: string, id: string): Promise<TypeRow> {
    const row = await findTypeByRef(db, companyId, id);
    if (!row || !isUuid(id)) throw notFound('Maintenance type');
    return row;
  }

  async function uniqueKey(
    tx: DbOrTx,
    companyId: string,
    wanted: string,
    exceptId?: string,
  ): Promise<string> {
    const taken = new Set(
      (
        await tx
          .select({ key: maintenanceTypes.key, id: maintenanceTypes.id })
          .from(maintenanceTypes)
          .where(eq(maintenanceTypes.companyId, companyId))
      )
        .filter((row) => row.id !== exceptId)
        .map((row) => row.key),
    );
    if (!taken.has(wanted)) return wanted;
    for (let n = 2; n < 1000; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
    throw conflict('Too many types with this name');
  }

  return {
    async list(ctx: CompanyContext, companyId: string, isActive?: boolean): Promise<MaintenanceTypeDto[]> {
      assertOwnCompany(ctx, companyId);
      const conditions = [eq(maintenanceTypes.companyId, companyId)];
      if (isActive !== undefined) conditions.push(eq(maintenanceTypes.isActive, isActive));
      const rows = await db
        .select()
        .from(maintenanceTypes)
        .where(and(...conditions))
        .orderBy(asc(maintenanceTypes.name))
        .limit(500);
      return rows.map(toTypeDto);
    },

    async get(ctx: CompanyContext, id: string): Promise<MaintenanceTypeDto> {
      return toTypeDto(await requireType(ctx.companyId, id));
    },

    async create(ctx: CompanyContext, input: MaintenanceTypeCreateBody): Promise<MaintenanceTypeDto> {
      return db.transaction(async (tx) => {
        if (input.key) {
          const existing = await findTypeByRef(tx, ctx.companyId, input.key);
          if (existing) throw conflict(`A maintenance type with the key "${input.key}" already exists`);
        }
        const key = input.key ?? (await uniqueKey(tx, ctx.companyId, slugOf(input.name)));
        const [row] = await tx
          .insert(maintenanceTypes)
          .values({
            companyId: ctx.companyId,
            name: input.name,
            key,
            description: input.description ?? '',
            isActive: input.isActive ?? true,
            slaHours: input.slaHours ?? 72,
            defaultPriority: input.defaultPriority ?? 'medium',
          })
          .returning();
        return toTypeDto(row!);
      });
    },

    async update(
      ctx: CompanyContext,
      id: string,
      input: MaintenanceTypeUpdateBody,
    ): Promise<MaintenanceTypeDto> {
      const current = await requireType(ctx.companyId, id);
      if (input.key && input.key !== current.key) {
        const existing = await findTypeByRef(db, ctx.companyId, input.key);
        if (existing) throw conflict(`A maintenance type with the key "${input.key}" already exists`);
      }
      const [row] = await db
        .update(maintenanceTypes)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.key !== undefined ? { key: input.key } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
          ...(input.slaHours !== undefined ? { slaHours: input.slaHours } : {}),
          ...(input.defaultPriority !== undefined ? { defaultPriority: input.defaultPriority } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(maintenanceTypes.companyId, ctx.companyId), eq(maintenanceTypes.id, current.id)))
        .returning();
      return toTypeDto(row!);
    },

    /** A type that requests use cannot be deleted (409): deactivate it instead. Its assignment goes with it. */
    async remove(ctx: CompanyContext, id: string): Promise<void> {
      const current = await requireType(ctx.companyId, id);
      await db.transaction(async (tx) => {
        const [used] = await tx
          .select({ total: count() })
          .from(maintenanceRequests)
          .where(
            and(eq(maintenanceRequests.companyId, ctx.companyId), eq(maintenanceRequests.typeId, current.id)),
          );
        if ((used?.total ?? 0) > 0) {
          throw conflict(
            `This type is used by ${used!.total} request${used!.total === 1 ? '' : 's'}: deactivate it instead`,
          );
        }
        await tx
          .delete(maintenanceTypes)
          .where(and(eq(maintenanceTypes.companyId, ctx.companyId), eq(maintenanceTypes.id, current.id)));
      });
    },

    async toggle(ctx: CompanyContext, id: string): Promise<{ type: MaintenanceTypeDto; message: string }> {
      const current = await requireType(ctx.companyId, id);
      const [row] = await db
        .update(maintenanceTypes)
        .set({ isActive: !current.isActive, updatedAt: new Date() })
        .where(and(eq(maintenanceTypes.companyId, ctx.companyId), eq(maintenanceTypes.id, current.id)))
        .returning();
      return {
        type: toTypeDto(row!),
        message: row!.isActive ? MAINTENANCE_MESSAGES.typeActivated : MAINTENANCE_MESSAGES.typeDeactivated,
      };
    },

    /** Adds the default types the company lacks (by key); a second call adds nothing. */
    async createDefaults(ctx: CompanyContext, companyId: string): Promise<MaintenanceTypeDto[]> {
      assertOwnCompany(ctx, companyId);
      await db
        .insert(maintenanceTypes)
        .values(DEFAULT_MAINTENANCE_TYPES.map((type) => ({ ...type, companyId })))
        .onConflictDoNothing({ target: [maintenanceTypes.companyId, maintenanceTypes.key] });
      const rows = await db
        .select()
        .from(maintenanceTypes)
        .where(eq(maintenanceTypes.companyId, companyId))
        .orderBy(asc(maintenanceTypes.name))
        .limit(500);
      return rows.map(toTypeDto);
    },

    /** A request's type: known to the company and active (else 400 on `type`). */
    async requireActiveRef(tx: DbOrTx, companyId: string, ref: string): Promise<TypeRow> {
      const row = await findTypeByRef(tx, companyId, ref);
      if (!row) throw badRequest('Unknown maintenance type', 'type');
      if (!row.isActive) throw badRequest('This maintenance type is not active', 'type');
      return row;
    },
  };
}

export type MaintenanceTypesService = ReturnType<typeof createMaintenanceTypesService>;
