import type { Storage } from '../../core/storage';
import type { PaymentsDeps, PaymentsService } from '../payments/payments.service';
import { bookingAgreement } from './bookings.agreement';
import { createAgreementLinks } from './bookings.agreement-links';
import { bookingCheckout } from './bookings.checkout';
import { bookingLists } from './bookings.lists';
import { createBookingListsRepo } from './bookings.lists.repo';
import { createBookingsRepo } from './bookings.repo';
import { bookingStatus } from './bookings.status';
import { bookingViews } from './bookings.views';

export { type BookingNames, toBookingDto } from './bookings.dto';

type Deps = PaymentsDeps & { storage?: Storage; payments: PaymentsService };

/**
 * Bookings: checkout and payment orders (bookings.checkout), the rental agreement (bookings.agreement), status
 * changes and refunds (bookings.status), lists and figures (bookings.lists). The paid hook (bookings.paid) that
 * applies each payment to its booking inside the payments transaction is registered in services.ts.
 */
export function createBookingsService(deps: Deps) {
  const db = deps.db;
  const { payments } = deps;
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
