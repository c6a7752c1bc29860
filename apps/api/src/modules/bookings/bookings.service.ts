import type { Storage } from '../../core/storage';
import { createPaymentsService, type PaymentsDeps, registerPaidHook } from '../payments/payments.service';
import { createAgreementLinks } from './bookings.agreement-links';
import './bookings.notify';
import { bookingAgreement } from './bookings.agreement';
import { bookingCheckout } from './bookings.checkout';
import { bookingLists } from './bookings.lists';
import { createBookingListsRepo } from './bookings.lists.repo';
import { onBookingPaid } from './bookings.paid';
import { createBookingsRepo } from './bookings.repo';
import { bookingStatus } from './bookings.status';
import { bookingViews } from './bookings.views';

export { type BookingNames, toBookingDto } from './bookings.dto';
export { COUNT_BOUND } from './bookings.lists.repo';

registerPaidHook(onBookingPaid);

/**
 * Bookings: checkout and payment orders (bookings.checkout), the rental agreement (bookings.agreement), status
 * changes and refunds (bookings.status), lists and figures (bookings.lists); the paid hook (bookings.paid) applies
 * each payment to its booking inside the payments transaction.
 */
export function createBookingsService(deps: PaymentsDeps & { storage?: Storage }) {
  const db = deps.db;
  const payments = createPaymentsService(deps);
  const links = createAgreementLinks(deps.config.jwtSecret);

  const repo = createBookingsRepo(db);
  const views = bookingViews(repo, links, payments);

  return {
    ...bookingStatus(deps, payments, views),
    ...bookingLists(createBookingListsRepo(db), views, links),
    ...bookingCheckout(deps, repo, payments, views),
    detail: views.detail,
    ...bookingAgreement(deps, repo, views, links),
    payments,
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
