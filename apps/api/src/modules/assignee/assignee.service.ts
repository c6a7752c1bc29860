import { randomBytes } from 'node:crypto';
import type { AssigneeCodeDto, AssigneePortalDto } from '@rentora/shared';
import type { FastifyRequest } from 'fastify';
import type { CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { AppError, notFound } from '../../core/errors';
import { iso } from '../../core/http';
import {
  type Actor,
  canWorkMaintenance,
  fullName,
  type MaintenanceRequestsService,
} from '../maintenance/maintenance.service';
import { type AssigneeCodeRow, createAssigneeRepo } from './assignee.repo';

/** Portal calls per IP and rate-limit window. */
export const PORTAL_CALLS_PER_IP = 300;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 20;

/** A fresh code of the unambiguous alphabet, without modulo bias (~100 bits). */
export function newAssigneeCode(): string {
  let code = '';
  const limit = 256 - (256 % ALPHABET.length);
  while (code.length < CODE_LENGTH) {
    for (const byte of randomBytes(CODE_LENGTH * 2)) {
      if (byte < limit && code.length < CODE_LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return code;
}

interface PortalOwner {
  companyId: string;
  companyName: string;
  userId: string;
  name: string;
}

/**
 * Assignee codes and the assignee portal `/assignee-portal/{code}`: field staff see and update
 * the requests assigned to them without signing in. A code works only while its owner is an active member who may
 * work maintenance; a new code replaces the old.
 */
type Deps = Pick<AppDeps, 'db' | 'config' | 'limiter'> & { requests: MaintenanceRequestsService };

export function createAssigneeService(deps: Deps) {
  const { db, config, limiter } = deps;
  const { requests } = deps;
  const codes = createAssigneeRepo(db);

  function toCodeDto(row: AssigneeCodeRow): AssigneeCodeDto {
    return {
      assigneeCode: row.code,
      userId: row.userId,
      companyId: row.companyId,
      portalUrl: `${config.appUrl}/assignee-portal/${row.code}`,
      createdAt: iso(row.createdAt),
    };
  }

  async function owner(ip: string, code: string): Promise<PortalOwner> {
    await limiter.hit(`assignee-portal:ip:${ip}`, PORTAL_CALLS_PER_IP);
    const invalid = () => new AppError('NOT_FOUND', 'Invalid assignee code');
    const row = await codes.holderOf(code.toUpperCase());
    if (
      !row?.companyActive ||
      !row.memberActive ||
      !row.userActive ||
      !canWorkMaintenance(row.features ?? [])
    ) {
      throw invalid();
    }
    return {
      companyId: row.companyId,
      companyName: row.companyName,
      userId: row.userId,
      name: fullName(row),
    };
  }

  const actorOf = (person: PortalOwner): Actor => ({
    type: 'assignee',
    userId: person.userId,
    name: person.name,
  });

  async function requestDto(person: PortalOwner, id: string) {
    const dto = await requests.publicDtoOfAssigned(person.companyId, id, person.userId);
    if (!dto) throw notFound('Maintenance request');
    return dto;
  }

  return {
    /** The caller's code, or null while they have none. */
    async getCode(ctx: CompanyContext): Promise<AssigneeCodeDto | null> {
      const row = await codes.codeOf(ctx.companyId, ctx.userId);
      return row ? toCodeDto(row) : null;
    },

    /** A new code for the caller; the old one stops working at once. */
    async generateCode(ctx: CompanyContext): Promise<AssigneeCodeDto> {
      const code = newAssigneeCode();
      const row = await codes.saveCode(ctx.companyId, ctx.userId, code);
      return toCodeDto(row!);
    },

    /** The assignee's open requests and the ones finished in the last 30 days; no internal notes. */
    async portal(ip: string, code: string): Promise<AssigneePortalDto> {
      const person = await owner(ip, code);
      const dtos = await requests.publicDtosOfAssignee(person.companyId, person.userId);
      const isOpen = (status: string) => ['assigned', 'open', 'in_progress', 'on_hold'].includes(status);
      return {
        assignee: { _id: person.userId, name: person.name },
        company: { _id: person.companyId, name: person.companyName },
        open: dtos.filter((dto) => isOpen(dto.status)),
        recent: dtos.filter((dto) => !isOpen(dto.status)),
      };
    },

    async setStatus(
      ip: string,
      code: string,
      id: string,
      status: 'in_progress' | 'on_hold' | 'resolved',
      notes?: string,
    ) {
      const person = await owner(ip, code);
      await requests.changeStatus(person.companyId, id, status, notes, actorOf(person), {
        assigneeId: person.userId,
      });
      return requestDto(person, id);
    },

    async comment(ip: string, code: string, id: string, comment: string) {
      const person = await owner(ip, code);
      await requests.addComment(person.companyId, id, comment, actorOf(person), {
        assigneeId: person.userId,
      });
      return requestDto(person, id);
    },

    async media(ip: string, code: string, id: string, request: FastifyRequest) {
      const person = await owner(ip, code);
      await requests.addMedia(person.companyId, id, request, actorOf(person), { assigneeId: person.userId });
      return requestDto(person, id);
    },
  };
}
