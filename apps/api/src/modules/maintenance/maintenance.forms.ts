import { createHash, randomBytes } from 'node:crypto';
import {
  formatRequestNumber,
  type PublicTicketBody,
  type PublicTicketCreatedDto,
  type PublicTicketFormDto,
  type PublicTicketTrackingDto,
  type TicketFormBody,
  type TicketFormDto,
  type TicketFormUpdateBody,
} from '@rentora/shared';
import type { FastifyRequest } from 'fastify';
import type { CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { AppError, badRequest, notFound } from '../../core/errors';
import { iso, isoOrNull } from '../../core/http';
import { sendMail } from '../../core/mail-delivery';
import type { DbOrTx } from '../../db/client';
import { toCommentDto, toPublicEvents } from './maintenance.dto';
import { createMaintenanceFormsRepo, type FormRow } from './maintenance.forms.repo';
import type { EventLog } from './maintenance.notify';
import { createMaintenanceRepo } from './maintenance.repo';
import type { MaintenanceRequestsService } from './maintenance.service';

/** Public tickets per IP and rate-limit window; tracking look-ups per IP. */
export const PUBLIC_TICKETS_PER_IP = 10;
export const TRACKING_LOOKUPS_PER_IP = 300;

export const hashTrackingToken = (token: string) => createHash('sha256').update(token).digest('hex');

type Deps = Pick<AppDeps, 'db' | 'config' | 'limiter' | 'mailer'> & { requests: MaintenanceRequestsService };

export function createMaintenanceFormsService(deps: Deps, log?: EventLog) {
  const { db, config, limiter, mailer } = deps;
  const { requests } = deps;
  const repo = createMaintenanceRepo(db);
  const forms = createMaintenanceFormsRepo(db);

  function toDto(row: FormRow, ticketCount: number): TicketFormDto {
    return {
      _id: row.id,
      company: row.companyId,
      name: row.name,
      enabled: row.enabled,
      propertyIds: row.propertyIds,
      typeIds: row.typeIds,
      intro: row.intro,
      publicUrl: `${config.appUrl}/create-ticket/${row.id}`,
      ticketCount,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  }

  async function counts(companyId: string, formIds: string[]): Promise<Map<string, number>> {
    if (formIds.length === 0) return new Map();
    const rows = await forms.ticketCounts(companyId, formIds);
    return new Map(rows.map((row) => [row.formId!, row.total]));
  }

  async function checkRefs(
    tx: DbOrTx,
    companyId: string,
    propertyIds?: readonly string[],
    typeIds?: readonly string[],
  ) {
    if (propertyIds?.length) {
      const found = await createMaintenanceFormsRepo(tx).propertyIdsOf(companyId, propertyIds);
      if (found.length !== new Set(propertyIds).size) throw badRequest('Unknown property', 'propertyIds');
    }
    if (typeIds?.length) {
      const found = await createMaintenanceFormsRepo(tx).typeIdsOf(companyId, typeIds);
      if (found.length !== new Set(typeIds).size) throw badRequest('Unknown maintenance type', 'typeIds');
    }
  }

  async function requireForm(companyId: string, id: string): Promise<FormRow> {
    const row = await forms.find(companyId, id);
    if (!row) throw notFound('Form');
    return row;
  }

  /** An enabled form of an active company (else 404, as if it did not exist). */
  async function openForm(formId: string) {
    const row = await forms.withCompany(formId);
    if (!row?.form.enabled || !row.companyActive) throw notFound('Form');
    return row;
  }

  async function formTypes(form: FormRow) {
    return forms.typesOfForm(form);
  }

  return {
    async list(ctx: CompanyContext): Promise<TicketFormDto[]> {
      const rows = await forms.list(ctx.companyId);
      const tickets = await counts(
        ctx.companyId,
        rows.map((r) => r.id),
      );
      return rows.map((row) => toDto(row, tickets.get(row.id) ?? 0));
    },

    async create(ctx: CompanyContext, input: TicketFormBody): Promise<TicketFormDto> {
      await checkRefs(db, ctx.companyId, input.propertyIds, input.typeIds);
      const row = await forms.insert({
        companyId: ctx.companyId,
        name: input.name,
        enabled: input.enabled,
        propertyIds: [...new Set(input.propertyIds)],
        typeIds: [...new Set(input.typeIds)],
        intro: input.intro,
        createdBy: ctx.userId,
      });
      return toDto(row!, 0);
    },

    async update(ctx: CompanyContext, id: string, input: TicketFormUpdateBody): Promise<TicketFormDto> {
      await requireForm(ctx.companyId, id);
      await checkRefs(db, ctx.companyId, input.propertyIds, input.typeIds);
      const row = await forms.update(ctx.companyId, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.propertyIds !== undefined ? { propertyIds: [...new Set(input.propertyIds)] } : {}),
        ...(input.typeIds !== undefined ? { typeIds: [...new Set(input.typeIds)] } : {}),
        ...(input.intro !== undefined ? { intro: input.intro } : {}),
        updatedAt: new Date(),
      });
      return toDto(row!, (await counts(ctx.companyId, [id])).get(id) ?? 0);
    },

    async remove(ctx: CompanyContext, id: string): Promise<void> {
      await requireForm(ctx.companyId, id);
      await forms.delete(ctx.companyId, id);
    },

    /** What the public form shows: the company's display name, the form's properties and units, active types. */
    async publicForm(formId: string): Promise<PublicTicketFormDto> {
      const { form, companyName } = await openForm(formId);
      const propertyRows = form.propertyIds.length
        ? await forms.properties(form.companyId, form.propertyIds)
        : [];
      const unitRows = propertyRows.length
        ? await forms.units(
            form.companyId,
            propertyRows.map((p) => p.id),
          )
        : [];
      const typeRows = await formTypes(form);
      return {
        _id: form.id,
        name: form.name,
        intro: form.intro,
        companyName,
        properties: propertyRows.map((p) => ({
          _id: p.id,
          name: p.name,
          city: p.city,
          units: unitRows
            .filter((u) => u.propertyId === p.id)
            .map((u) => ({ _id: u.id, unitNumber: u.unitNumber })),
        })),
        types: typeRows.map((t) => ({ _id: t.id, name: t.name, key: t.key, description: t.description })),
      };
    },

    /**
     * Files a ticket from the public form: rate limited per IP, honeypot, only the form's properties and types.
     * The tracking token is shown once (and mailed); only its hash is stored.
     */
    async submit(ip: string, formId: string, input: PublicTicketBody): Promise<PublicTicketCreatedDto> {
      await limiter.hit(`maintenance-ticket:ip:${ip}`, PUBLIC_TICKETS_PER_IP);
      if (input.website) throw new AppError('VALIDATION_ERROR', 'Your request could not be accepted');
      const { form, companyName } = await openForm(formId);
      if (!form.propertyIds.includes(input.propertyId)) {
        throw badRequest('Choose one of the properties of this form', 'propertyId');
      }
      const allowedTypes = await formTypes(form);
      const type = allowedTypes.find((t) => t.id === input.type || t.key === input.type.toLowerCase());
      if (!type) throw badRequest('Choose one of the request types of this form', 'type');
      const token = randomBytes(24).toString('base64url');
      const row = await requests.create({
        companyId: form.companyId,
        type: type.id,
        propertyId: input.propertyId,
        rentalUnitId: input.rentalUnitId ?? null,
        title: input.title,
        description: input.description,
        source: 'public',
        requester: {
          type: 'public',
          userId: null,
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
        },
        formId: form.id,
        trackingTokenHash: hashTrackingToken(token),
        actor: { type: 'public', userId: null, name: input.name },
      });
      await requests.notify.newPublicTicket(row);
      const ticketNumber = formatRequestNumber(row.number);
      const trackingUrl = `${config.appUrl}/track-ticket/${token}`;
      try {
        await sendMail(
          mailer,
          {
            to: input.email,
            subject: `We received your maintenance request ${ticketNumber}`,
            text: `Hello ${input.name},\n\n${companyName} received your request "${input.title}" (${ticketNumber}).\n\nFollow it here: ${trackingUrl}\n`,
            template: 'maintenance.public_ticket',
            link: trackingUrl,
          },
          { companyId: form.companyId, userId: null },
        );
      } catch (error) {
        log?.error({ err: error }, 'public ticket confirmation mail failed');
      }
      return { ticketNumber, trackingToken: token, trackingUrl: `/track-ticket/${token}` };
    },

    async requestOfToken(token: string) {
      const row = await repo.findByTrackingHash(hashTrackingToken(token));
      if (!row) throw notFound('Ticket');
      return row;
    },

    /** Public tracking: status and public comments; never internal notes or status notes. */
    async track(ip: string, token: string): Promise<PublicTicketTrackingDto> {
      await limiter.hit(`maintenance-track:ip:${ip}`, TRACKING_LOOKUPS_PER_IP);
      const row = await this.requestOfToken(token);
      const company = await forms.companyName(row.request.companyId);
      const events = await repo.events(row.request.companyId, [row.request.id], true);
      return {
        ticketNumber: formatRequestNumber(row.request.number),
        title: row.request.title,
        status: row.request.status,
        priority: row.request.priority,
        companyName: company?.name ?? '',
        propertyName: row.propertyName,
        unitNumber: row.unitNumber,
        type: row.typeName,
        createdAt: iso(row.request.createdAt),
        updatedAt: iso(row.request.updatedAt),
        resolvedAt: isoOrNull(row.request.resolvedAt),
        comments: events.filter((e) => e.kind === 'comment' && e.visibility === 'public').map(toCommentDto),
        timeline: toPublicEvents(events),
      };
    },

    /** Photos added from the confirmation page (or later) by the holder of the tracking token. */
    async addPublicMedia(ip: string, token: string, request: FastifyRequest): Promise<{ count: number }> {
      await limiter.hit(`maintenance-ticket-media:ip:${ip}`, PUBLIC_TICKETS_PER_IP * 3);
      const row = await this.requestOfToken(token);
      const before = row.mediaCount;
      await requests.addMedia(row.request.companyId, row.request.id, request, {
        type: 'public',
        userId: null,
        name: row.request.requesterName,
      });
      return { count: (await repo.mediaCount(row.request.companyId, row.request.id)) - before };
    },
  };
}
