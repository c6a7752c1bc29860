import type { BookingCheckoutDto, PropertyDto, RentalUnitDto } from '@rentora/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { call } from '../../../test/app';
import type { CompanySession, Session } from '../../../test/factories';
import { companies, properties } from '../../db/schema';

/** A unit anyone may book: a verified company and property, a unit with rent, maintenance and a deposit. */
export async function makeBookableUnit(
  app: FastifyInstance,
  owner: CompanySession,
  pricing = { rent: 1_500_000, securityDeposit: 3_000_000, maintenance: 100_000 },
): Promise<RentalUnitDto> {
  const auth = { token: owner.token, companyId: owner.companyId };
  const property = await call(app, 'POST', '/api/properties', {
    ...auth,
    body: {
      name: `Booking House ${uuidv7().slice(-5)}`,
      propertyType: 'apartment_building',
      address: { line1: '2 Test Road', city: 'Pune', state: 'Maharashtra', postalCode: '411001' },
    },
  });
  if (property.statusCode !== 201) throw new Error(`property: ${property.body}`);
  const propertyId = property.json<{ data: PropertyDto }>().data._id;
  const unit = await call(app, 'POST', '/api/rental-units', {
    ...auth,
    body: {
      propertyId,
      unitNumber: `B-${uuidv7().slice(-4)}`,
      unitType: '1bhk',
      bedrooms: 1,
      pricing: {
        rent: pricing.rent,
        securityDeposit: pricing.securityDeposit,
        maintenanceCharges: { included: false, amount: pricing.maintenance },
      },
    },
  });
  if (unit.statusCode !== 201) throw new Error(`unit: ${unit.body}`);
  const db = app.deps.db;
  await db.update(companies).set({ isVerified: true }).where(eq(companies.id, owner.companyId));
  await db.update(properties).set({ verificationStatus: 'verified' }).where(eq(properties.id, propertyId));
  return unit.json<{ data: RentalUnitDto }>().data;
}

export const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

export async function book(
  app: FastifyInstance,
  session: Session,
  rentalUnitId: string,
  plan: { paymentPlan: 'full' } | { paymentPlan: 'installments'; installmentCount: number } = {
    paymentPlan: 'full',
  },
) {
  return call(app, 'POST', '/api/bookings', {
    token: session.token,
    body: { rentalUnitId, moveInDate: inAWeek(), durationMonths: 11, ...plan },
  });
}

/** Pays an order in the sandbox and verifies it like the web app does. */
export async function payInSandbox(app: FastifyInstance, session: Session, checkout: BookingCheckoutDto) {
  const paid = await call(app, 'POST', '/api/payments/sandbox/checkout', {
    token: session.token,
    body: { orderId: checkout.order.id, outcome: 'success' },
  });
  if (paid.statusCode !== 200) throw new Error(`checkout: ${paid.body}`);
  const fields = paid.json<{
    data: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  }>().data;
  return call(app, 'POST', '/api/bookings/verify-payment', {
    token: session.token,
    body: {
      bookingId: checkout.booking._id,
      razorpay_order_id: fields.razorpay_order_id,
      razorpay_payment_id: fields.razorpay_payment_id,
      razorpay_signature: fields.razorpay_signature,
    },
  });
}
