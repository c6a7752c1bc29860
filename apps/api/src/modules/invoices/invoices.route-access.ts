import { z } from 'zod';
import { access } from '../../core/access';

/** Who may use the invoice and invoice-template routes. */
export const read = access.company('invoices_read');
export const write = access.company('invoices_write');
export const update = access.companyAny('invoices_update', 'invoices_write');
export const remove = access.companyAny('invoices_delete', 'invoices_write');

/** A plain page query (page, limit up to 100). */
export const ZPage = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
