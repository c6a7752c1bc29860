import {
  type LeadCreateBody,
  type LeadDto,
  type LeadListQuery,
  type LeadStats,
  type LeadStatus,
  makePagination,
} from '@rentora/shared';
import type { AuthContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { notFound } from '../../core/errors';
import { iso, offsetOf } from '../../core/http';
import type { EventLog } from '../companies/membership-events';
import { createLeadsRepo, type LeadNoteRow, type LeadRow } from './leads.repo';

const DAY_MS = 86_400_000;

function toLeadDto(lead: LeadRow, notes: LeadNoteRow[]): LeadDto {
  return {
    _id: lead.id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    company: lead.company,
    subject: lead.subject,
    message: lead.message,
    source: lead.source,
    status: lead.status,
    notes: notes.map((note) => ({
      _id: note.id,
      content: note.content,
      authorName: note.authorName,
      createdAt: iso(note.createdAt),
    })),
    createdAt: iso(lead.createdAt),
    updatedAt: iso(lead.updatedAt),
  };
}

type Deps = Pick<AppDeps, 'db' | 'config' | 'limiter' | 'notifier'>;

export function createLeadsService(deps: Deps, log?: EventLog) {
  const { db, config, limiter, notifier } = deps;
  const repo = createLeadsRepo(db);

  async function leadDto(id: string): Promise<LeadDto> {
    const lead = await repo.find(id);
    if (!lead) throw notFound('Lead');
    return toLeadDto(lead, await repo.notesOf([id]));
  }

  return {
    /** The public contact form: rate limited per IP and per email address. */
    async create(input: LeadCreateBody, meta: { ip: string }): Promise<LeadDto> {
      await limiter.hit(`lead:ip:${meta.ip}`, config.rateLimits.loginPerIp);
      await limiter.hit(`lead:email:${input.email}`, config.rateLimits.emailPerAccount);
      const lead = await repo.insert({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        company: input.company ?? null,
        subject: input.subject,
        message: input.message,
        source: input.source ?? null,
        ip: meta.ip,
      });
      // Best effort: the lead is stored whatever happens to the notification.
      try {
        await notifier.notifyUsers(await repo.activeSuperAdminIds(), {
          category: 'system',
          type: 'lead.created',
          title: `New lead: ${lead.name}`,
          message: `${lead.subject}${lead.company ? ` (${lead.company})` : ''}`,
          link: '/dashboard/leads',
        });
      } catch (error) {
        log?.error({ err: error, leadId: lead.id }, 'new-lead notification failed');
      }
      return toLeadDto(lead, []);
    },

    async list(query: LeadListQuery) {
      const { rows, total } = await repo.list({
        statuses: query.status,
        source: query.source,
        search: query.search,
        sortBy: query.sortBy,
        sortOrder: query.sortOrder,
        limit: query.limit,
        offset: offsetOf(query.page, query.limit),
      });
      const notes = await repo.notesOf(rows.map((row) => row.id));
      return {
        data: rows.map((row) =>
          toLeadDto(
            row,
            notes.filter((note) => note.leadId === row.id),
          ),
        ),
        pagination: makePagination(query.page, query.limit, total),
      };
    },

    get: leadDto,

    async setStatus(id: string, status: LeadStatus): Promise<LeadDto> {
      if (!(await repo.update(id, { status }))) throw notFound('Lead');
      return leadDto(id);
    },

    async addNote(ctx: AuthContext, id: string, content: string): Promise<LeadDto> {
      if (!(await repo.find(id))) throw notFound('Lead');
      await repo.insertNote({
        leadId: id,
        authorId: ctx.userId,
        authorName: `${ctx.user.firstName} ${ctx.user.lastName}`.trim(),
        content,
      });
      // A note is activity on the lead: it moves up when sorted by last update.
      await repo.update(id, { updatedAt: new Date() });
      return leadDto(id);
    },

    async stats(): Promise<LeadStats> {
      const { byStatus, recent } = await repo.stats(new Date(Date.now() - 30 * DAY_MS));
      const counts: LeadStats['byStatus'] = { new: 0, contacted: 0, qualified: 0, won: 0, lost: 0 };
      let total = 0;
      for (const row of byStatus) {
        counts[row.status] = row.total;
        total += row.total;
      }
      return { total, byStatus: counts, last30Days: recent };
    },
  };
}
