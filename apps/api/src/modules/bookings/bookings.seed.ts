import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bookings,
  companies,
  paymentOrders,
  payments,
  properties,
  rentalUnits,
  users,
} from '../../db/schema';
import { takeReceiptNumber } from '../gst/gst.service';
import { gatewayId, ledgerFieldsOfOrder } from '../payments/payments.service';

const DAY = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/**
 * Three past bookings of Sunrise Estates units by the demo tenant, in states that hold no unit (completed with its
 * ledger payment, cancelled with a refund due, expired), so /dashboard/bookings and My bookings are not empty while
 * every listed unit stays bookable.
 */
export async function seedBookingsDemo(db: Db): Promise<void> {
  const [tenant] = await db.select().from(users).where(eq(users.email, 'tenant@rentora.test'));
  const [sunrise] = await db.select().from(companies).where(eq(companies.name, 'Sunrise Estates'));
  if (!tenant || !sunrise) return;
  const [existing] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.companyId, sunrise.id))
    .limit(1);
  if (existing) return;
  const units = await db
    .select({ unit: rentalUnits })
    .from(rentalUnits)
    .innerJoin(properties, eq(properties.id, rentalUnits.propertyId))
    .where(and(eq(rentalUnits.companyId, sunrise.id), eq(properties.verificationStatus, 'verified')))
    .limit(3);
  if (units.length === 0) return;
  const states = ['completed', 'cancelled', 'expired'] as const;
  await db.transaction(async (tx) => {
    for (const [index, { unit }] of units.entries()) {
      const status = states[index] ?? 'expired';
      const maintenance = unit.maintenanceIncluded ? 0 : unit.maintenanceAmount;
      const total = unit.securityDeposit + unit.rent + maintenance;
      const paid = status === 'expired' ? 0 : total;
      const createdAt = new Date(Date.now() - (60 - index * 20) * DAY);
      const [booking] = await tx
        .insert(bookings)
        .values({
          companyId: sunrise.id,
          propertyId: unit.propertyId,
          rentalUnitId: unit.id,
          userId: tenant.id,
          status,
          moveInDate: isoDay(-45 + index * 20),
          durationMonths: 11,
          paymentPlan: 'full',
          currency: unit.currency,
          monthlyRent: unit.rent,
          maintenanceCharges: maintenance,
          securityDeposit: unit.securityDeposit,
          totalAmount: total,
          paidAmount: paid,
          refundDueAmount: status === 'cancelled' ? total : 0,
          cancellationReason: status === 'cancelled' ? 'Plans changed: moving to another city' : null,
          statusHistory: [
            { status: 'pending_payment', note: 'Booked', at: createdAt.toISOString(), byUserId: tenant.id },
            ...(paid
              ? [
                  {
                    status: 'confirmed',
                    note: 'Payment received',
                    at: createdAt.toISOString(),
                    byUserId: null,
                  },
                ]
              : []),
            { status, note: null, at: new Date(createdAt.getTime() + DAY).toISOString(), byUserId: null },
          ],
          createdAt,
        })
        .returning();
      const [order] = await tx
        .insert(paymentOrders)
        .values({
          companyId: sunrise.id,
          userId: tenant.id,
          gateway: 'sandbox',
          gatewayOrderId: gatewayId('order'),
          amount: total,
          currency: unit.currency,
          status: paid ? 'paid' : 'expired',
          purpose: 'booking',
          referenceId: booking!.id,
          createdAt,
        })
        .returning();
      if (paid) {
        const gatewayPaymentId = gatewayId('pay');
        await tx.insert(payments).values({
          ...(await ledgerFieldsOfOrder(tx, order!, 'captured')),
          companyId: sunrise.id,
          orderId: order!.id,
          gatewayPaymentId,
          reference: gatewayPaymentId,
          paidAt: createdAt,
          amount: total,
          currency: unit.currency,
          status: 'captured',
          method: index === 0 ? 'card' : 'upi',
          source: 'verify',
          receiptNumber: await takeReceiptNumber(tx, sunrise.id, createdAt),
          createdAt,
        });
      }
    }
  });
}
