import type { TenantPaymentDto } from '@rentora/shared';
import type { DbOrTx } from '../../db/client';
import { createTenantRecordsRepo } from './tenants.records.repo';

/**
 * The tenant's payment history from the payments ledger, newest first: every ledger row of this tenancy (invoice
 * payments online and offline) and of the bookings that created it (booking payments and installments, failed
 * attempts and refunds included, also those recorded before the tenancy existed). The caller has already checked
 * that the tenant belongs to `companyId`.
 */
export async function listTenantPayments(
  db: DbOrTx,
  companyId: string,
  tenantId: string,
  page: { page: number; limit: number },
): Promise<{ data: TenantPaymentDto[]; total: number; page: number; limit: number }> {
  const [rows, total] = await createTenantRecordsRepo(db).payments(companyId, tenantId, page);
  return {
    data: rows.map((payment) => ({
      _id: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      method: payment.method,
      description: payment.description,
      paidAt: payment.status === 'captured' ? payment.paidAt.toISOString() : null,
      createdAt: payment.createdAt.toISOString(),
    })),
    total,
    page: page.page,
    limit: page.limit,
  };
}
