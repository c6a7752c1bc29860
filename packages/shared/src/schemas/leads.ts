import { z } from 'zod';
import { ZEmail, ZId, ZIsoDate, ZName, ZPhone } from './common';

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;
export const ZLeadStatus = z.enum(LEAD_STATUSES);

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
