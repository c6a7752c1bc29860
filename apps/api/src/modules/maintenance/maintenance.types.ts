import {
  DEFAULT_MAINTENANCE_TYPES,
  MAINTENANCE_MESSAGES,
  type MaintenanceTypeCreateBody,
  type MaintenanceTypeDto,
  type MaintenanceTypeUpdateBody,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { badRequest, conflict, notFound } from '../../core/errors';
import { iso } from '../../core/http';
import { isUuid } from '../../core/ids';
import type { DbOrTx } from '../../db/client';
import { createMaintenanceTypesRepo, type TypeRow } from './maintenance.types.repo';

export type { TypeRow } from './maintenance.types.repo';

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
  return createMaintenanceTypesRepo(db).byRef(companyId, ref);
}

/** Any company path parameter other than the caller's current company is not found. */
export function assertOwnCompany(ctx: CompanyContext, companyId: string): void {
  if (companyId !== ctx.companyId) throw notFound('Company');
}

export function createMaintenanceTypesService(deps: Pick<AppDeps, 'db'>) {
  const { db } = deps;
  const repo = createMaintenanceTypesRepo(db);

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
      (await createMaintenanceTypesRepo(tx).keys(companyId))
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
      const rows = await repo.list(companyId, isActive);
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
        const row = await createMaintenanceTypesRepo(tx).insert({
          companyId: ctx.companyId,
          name: input.name,
          key,
          description: input.description ?? '',
          isActive: input.isActive ?? true,
          slaHours: input.slaHours ?? 72,
          defaultPriority: input.defaultPriority ?? 'medium',
        });
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
      const row = await repo.update(ctx.companyId, current.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.key !== undefined ? { key: input.key } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
        ...(input.slaHours !== undefined ? { slaHours: input.slaHours } : {}),
        ...(input.defaultPriority !== undefined ? { defaultPriority: input.defaultPriority } : {}),
        updatedAt: new Date(),
      });
      return toTypeDto(row!);
    },

    /** A type that requests use cannot be deleted (409): deactivate it instead. Its assignment goes with it. */
    async remove(ctx: CompanyContext, id: string): Promise<void> {
      const current = await requireType(ctx.companyId, id);
      await db.transaction(async (tx) => {
        const txRepo = createMaintenanceTypesRepo(tx);
        const used = (await txRepo.requestsOfType(ctx.companyId, current.id)) ?? 0;
        if (used > 0) {
          throw conflict(
            `This type is used by ${used} request${used === 1 ? '' : 's'}: deactivate it instead`,
          );
        }
        await txRepo.delete(ctx.companyId, current.id);
      });
    },

    async toggle(ctx: CompanyContext, id: string): Promise<{ type: MaintenanceTypeDto; message: string }> {
      const current = await requireType(ctx.companyId, id);
      const row = await repo.update(ctx.companyId, current.id, {
        isActive: !current.isActive,
        updatedAt: new Date(),
      });
      return {
        type: toTypeDto(row!),
        message: row!.isActive ? MAINTENANCE_MESSAGES.typeActivated : MAINTENANCE_MESSAGES.typeDeactivated,
      };
    },

    /** Adds the default types the company lacks (by key); a second call adds nothing. */
    async createDefaults(ctx: CompanyContext, companyId: string): Promise<MaintenanceTypeDto[]> {
      assertOwnCompany(ctx, companyId);
      const rows = await repo.addMissing(companyId, DEFAULT_MAINTENANCE_TYPES);
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
