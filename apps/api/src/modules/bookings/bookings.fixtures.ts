import type { BookingCheckoutDto } from '@rentora/shared';
import type { FixtureBuilder } from '../../../test/fixtures';
import { book, makeBookableUnit } from './bookings.testing';

/** A booking (awaiting payment by installments) of a bookable unit of company A, made by its owner. */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const unit = await makeBookableUnit(app, owner);
  const created = await book(app, owner, unit._id, { paymentPlan: 'installments', installmentCount: 3 });
  if (created.statusCode !== 201) throw new Error(`booking: ${created.body}`);
  const { booking } = created.json<{ data: BookingCheckoutDto }>().data;
  // `+1` reads as installment 1 and, unlike `1`, is not found inside unrelated response bodies by the leak checks.
  return { 'bookings:id': booking._id, 'installment:n': '+1' };
};
