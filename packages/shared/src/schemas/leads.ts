import { z } from 'zod';
import { ZEmail, ZId, ZIsoDate, ZName, ZPhone, zQueryArray } from './common';

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;
export const ZLeadStatus = z.enum(LEAD_STATUSES);
export type LeadStatus = z.infer<typeof ZLeadStatus>;

/** POST /api/leads — the public contact form (no account needed). */
export const ZLeadCreateBody = z.object({
  name: ZName,
  email: ZEmail,
  phone: ZPhone.optional(),
  company: z.string().trim().max(120).optional(),
  subject: z.string().trim().min(1, 'Required').max(150),
  message: z.string().trim().min(10, 'Please write at least 10 characters').max(5000),
  /** Where the visitor came from, e.g. "upgrade-dialog" or "pricing:professional". */
  source: z.string().trim().max(60).optional(),
});
export type LeadCreateBody = z.infer<typeof ZLeadCreateBody>;

export const ZLeadNote = z.object({
  _id: ZId,
  content: z.string(),
  authorName: z.string(),
  createdAt: ZIsoDate,
});

export const ZLeadDto = z.object({
  _id: ZId,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  source: z.string().nullable(),
  status: ZLeadStatus,
  notes: z.array(ZLeadNote),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type LeadDto = z.infer<typeof ZLeadDto>;

/** GET /leads (super_admin) — newest first, 10 per page. */
export const ZLeadListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  sortBy: z.enum(['createdAt', 'updatedAt', 'name', 'status']).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  status: zQueryArray(ZLeadStatus).optional(),
  source: z.string().trim().max(60).optional(),
  /** Part of the name, email, company or subject. */
  search: z.string().trim().max(100).optional(),
});
export type LeadListQuery = z.infer<typeof ZLeadListQuery>;

/** PATCH /leads/:id/status */
export const ZLeadStatusBody = z.object({ status: ZLeadStatus });

/** POST /leads/:id/notes */
export const ZLeadNoteBody = z.object({ content: z.string().trim().min(1, 'Required').max(5000) });

/** GET /leads/stats */
export const ZLeadStats = z.object({
  total: z.number().int(),
  byStatus: z.object({
    new: z.number().int(),
    contacted: z.number().int(),
    qualified: z.number().int(),
    won: z.number().int(),
    lost: z.number().int(),
  }),
  last30Days: z.number().int(),
});
export type LeadStats = z.infer<typeof ZLeadStats>;
