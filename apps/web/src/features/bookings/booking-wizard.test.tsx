import type { BookingCreateBody, PublicUnitDto } from '@rentora/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingWizard } from './booking-wizard';

const mutate = vi.fn((_body: BookingCreateBody) => undefined);
vi.mock('../auth/auth-provider', () => ({ useAuth: () => ({ user: null }) }));
vi.mock('./bookings.api', () => ({
  BOOKING_FALLBACK_MESSAGES: { create: 'Failed to book', verify: 'Failed to verify' },
  useCreateBooking: () => ({ mutate, isPending: false }),
  useVerifyBookingPayment: () => ({ mutate: vi.fn() }),
}));

const UNIT = {
  _id: '01900000-0000-7000-8000-000000000001',
  unitNumber: 'B-2',
  availability: { availableFrom: '2030-03-01T00:00:00.000Z', minLeaseMonths: 6 },
  pricing: {
    rent: 2_000_000,
    currency: 'INR',
    securityDeposit: 4_000_000,
    maintenanceCharges: { included: true, amount: 0 },
  },
} as unknown as PublicUnitDto;

function renderWizard() {
  render(
    <MemoryRouter>
      <BookingWizard open onClose={() => undefined} propertyName="Lakeview" unit={UNIT} />
    </MemoryRouter>,
  );
}

describe('BookingWizard (shared ZBookingCreateBody)', () => {
  beforeEach(() => mutate.mockClear());

  it('sends the full plan without an installment count', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(screen.getByTestId('booking-continue'));
    expect(mutate).toHaveBeenCalledTimes(1);
    expect(mutate.mock.calls[0]?.[0]).toEqual({
      rentalUnitId: UNIT._id,
      moveInDate: '2030-03-01',
      durationMonths: 11,
      paymentPlan: 'full',
    });
  });

  it('sends the chosen installment count with the installments plan and shows the schedule', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(screen.getByLabelText('By installments'));
    await user.selectOptions(screen.getByLabelText('Number of installments'), '4');
    expect(
      screen.getByRole('table', { name: 'Installment schedule' }).querySelectorAll('tbody tr'),
    ).toHaveLength(4);
    const duration = screen.getByLabelText(/Duration \(months\)/);
    await user.clear(duration);
    await user.type(duration, '500');
    expect((duration as HTMLInputElement).value).toBe('120');
    await user.click(screen.getByTestId('booking-continue'));
    expect(mutate.mock.calls[0]?.[0]).toEqual({
      rentalUnitId: UNIT._id,
      moveInDate: '2030-03-01',
      durationMonths: 120,
      paymentPlan: 'installments',
      installmentCount: 4,
    });
  });
});
