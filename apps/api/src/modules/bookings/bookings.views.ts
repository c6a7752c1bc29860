import { type BookingDetailDto, type BookingDto, canUseFeature } from '@rentora/shared';
import { type AuthContext, accessContextOf } from '../../core/access';
import { notFound } from '../../core/errors';
import { iso } from '../../core/http';
import type { PaymentsService } from '../payments/payments.service';
import { type AgreementLinks, toBookingDto } from './bookings.dto';
import type { BookingRow, BookingsRepo } from './bookings.repo';

/** Reading bookings as their callers may see them: the DTOs with their names, visibility, the detail. */
export function bookingViews(repo: BookingsRepo, links: AgreementLinks, payments: PaymentsService) {
  /** Property name, unit number and booker name of each booking, in one query. */
  async function dtos(rows: BookingRow[]): Promise<BookingDto[]> {
    if (rows.length === 0) return [];
    const names = await repo.namesOf(rows.map((r) => r.id));
    const byId = new Map(names.map((n) => [n.id, n]));
    return rows.map((row) => {
      const n = byId.get(row.id);
      return toBookingDto(
        row,
        {
          propertyName: n?.propertyName ?? '',
          unitNumber: n?.unitNumber ?? '',
          bookerName: n ? `${n.firstName} ${n.lastName}`.trim() : '',
        },
        links,
      );
    });
  }

  async function dto(row: BookingRow): Promise<BookingDto> {
    const [one] = await dtos([row]);
    return one!;
  }

  function isStaffOf(
    ctx: AuthContext,
    companyId: string,
    feature: 'bookings_read' | 'bookings_update',
  ): boolean {
    return ctx.companyId === companyId && canUseFeature(accessContextOf(ctx), feature);
  }

  /** The booking when the caller is its booker or staff who can read it; 404 otherwise. */
  async function load(ctx: AuthContext, id: string): Promise<BookingRow> {
    const row = await repo.byId(id);
    if (!row || (row.userId !== ctx.userId && !isStaffOf(ctx, row.companyId, 'bookings_read'))) {
      throw notFound('Booking');
    }
    return row;
  }

  async function detail(ctx: AuthContext, id: string): Promise<BookingDetailDto> {
    const row = await load(ctx, id);
    const paid = await payments.paymentsOfReference(row.id);
    return {
      ...(await dto(row)),
      payments: paid.map((p) => ({
        _id: p.id,
        gatewayPaymentId: p.gatewayPaymentId,
        amount: p.amount,
        currency: p.currency,
        status: p.status,
        method: p.method,
        source: p.source,
        failureReason: p.failureReason,
        createdAt: iso(p.createdAt),
      })),
    };
  }

  return { dtos, dto, isStaffOf, load, detail };
}

export type BookingViews = ReturnType<typeof bookingViews>;
