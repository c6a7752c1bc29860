import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BookingCheckoutDto,
  type BookingCreateBody,
  type BookingDetailDto,
  type CheckoutFields,
  type PublicUnitDto,
  splitInstallments,
  ZBookingCreateBody,
} from '@rentora/shared';
import { CheckCircle2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, Input } from '../../components/field';
import { apiErrorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { formatDate, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/auth-provider';
import { GatewayCheckout } from '../payments-checkout/gateway-checkout';
import { BOOKING_FALLBACK_MESSAGES, useCreateBooking, useVerifyBookingPayment } from './bookings.api';

export interface BookingWizardProps {
  open: boolean;
  onClose: () => void;
  propertyName: string;
  unit: PublicUnitDto;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function addMonths(isoDate: string, months: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** Book now: dates and duration → full or installments with the schedule → summary → checkout → confirmation. */
export function BookingWizard({ open, onClose, propertyName, unit }: BookingWizardProps) {
  const { user } = useAuth();
  const { pricing } = unit;
  const form = useForm<BookingCreateBody>({
    resolver: zodResolver(ZBookingCreateBody),
    defaultValues: {
      rentalUnitId: unit._id,
      moveInDate: unit.availability.availableFrom?.slice(0, 10) ?? inDays(7),
      durationMonths: Math.max(11, unit.availability.minLeaseMonths ?? 0),
      paymentPlan: 'full',
      installmentCount: 3,
    },
  });
  const { register, formState } = form;
  const [plan, count] = useWatch({ control: form.control, name: ['paymentPlan', 'installmentCount'] });
  const [checkout, setCheckout] = useState<BookingCheckoutDto | null>(null);
  const [done, setDone] = useState<BookingDetailDto | null>(null);
  const create = useCreateBooking();
  const verify = useVerifyBookingPayment();

  const monthly = pricing.maintenanceCharges.included
    ? pricing.rent
    : pricing.rent + pricing.maintenanceCharges.amount;
  const total = pricing.securityDeposit + monthly;
  const schedule = useMemo(
    () =>
      plan === 'installments'
        ? splitInstallments(total, count ?? 3).map((amount, i) => ({
            number: i + 1,
            amount,
            dueDate: addMonths(new Date().toISOString().slice(0, 10), i),
          }))
        : [],
    [plan, count, total],
  );

  /** The installment count is sent only with the installments plan (the choice is kept while the plan changes). */
  const submit = form.handleSubmit(({ installmentCount, ...body }) =>
    create.mutate(body.paymentPlan === 'installments' ? { ...body, installmentCount } : body, {
      onSuccess: setCheckout,
      onError: (error) => {
        applyServerErrors(form.setError, error);
        toast.error(apiErrorMessage(error, BOOKING_FALLBACK_MESSAGES.create));
      },
    }),
  );

  function paid(fields: CheckoutFields) {
    if (!checkout) return;
    verify.mutate(
      { bookingId: checkout.booking._id, ...fields },
      {
        onSuccess: (booking) => {
          setCheckout(null);
          setDone(booking);
          toast.success('Payment received: your booking is in');
        },
        onError: (error) => toast.error(apiErrorMessage(error, BOOKING_FALLBACK_MESSAGES.verify)),
      },
    );
  }

  const title = done ? 'Booking confirmed' : `Book unit ${unit.unitNumber}`;
  return (
    <>
      <Dialog
        open={open && !checkout}
        onClose={onClose}
        title={title}
        description={done ? undefined : propertyName}
        footer={
          done ? (
            <div className="flex w-full justify-end gap-2">
              <ButtonLink to="/tenant/applications" variant="primary">
                View my bookings
              </ButtonLink>
            </div>
          ) : (
            <div className="flex w-full justify-end gap-2">
              <Button variant="ghost" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={() => void submit()} loading={create.isPending} data-testid="booking-continue">
                Continue to payment
              </Button>
            </div>
          )
        }
      >
        {done ? (
          <div className="space-y-3 text-center" data-testid="booking-confirmation">
            <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-600" aria-hidden />
            <p className="text-lg font-semibold text-slate-900">
              {done.status === 'confirmed' ? 'Your booking is confirmed' : 'First installment paid'}
            </p>
            <p className="text-sm text-slate-600">
              Paid {formatMoney(done.paidAmount, done.currency)} of{' '}
              {formatMoney(done.totalAmount, done.currency)}. Move-in on {formatDate(done.moveInDate)}.
            </p>
          </div>
        ) : (
          <div className="space-y-4">
            <div className="grid grid-cols-2 gap-3">
              <Field label="Move-in date" required error={formState.errors.moveInDate?.message}>
                {(control) => <Input {...control} type="date" min={inDays(0)} {...register('moveInDate')} />}
              </Field>
              <Field label="Duration (months)" required error={formState.errors.durationMonths?.message}>
                {(control) => (
                  <Controller
                    control={form.control}
                    name="durationMonths"
                    render={({ field }) => (
                      <Input
                        {...control}
                        type="number"
                        min={1}
                        max={120}
                        ref={field.ref}
                        name={field.name}
                        value={field.value}
                        onBlur={field.onBlur}
                        onChange={(e) =>
                          field.onChange(Math.max(1, Math.min(120, Number(e.target.value) || 1)))
                        }
                      />
                    )}
                  />
                )}
              </Field>
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-700">How would you like to pay?</legend>
              <div className="grid grid-cols-2 gap-2">
                {(['full', 'installments'] as const).map((option) => (
                  <label
                    key={option}
                    className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${plan === option ? 'border-brand-500 bg-brand-50' : 'border-slate-200'}`}
                  >
                    <input type="radio" value={option} {...register('paymentPlan')} />
                    {option === 'full' ? 'Pay in full' : 'By installments'}
                  </label>
                ))}
              </div>
              {plan === 'installments' ? (
                <Field label="Number of installments" error={formState.errors.installmentCount?.message}>
                  {(control) => (
                    <select
                      {...control}
                      className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                      {...register('installmentCount', { setValueAs: Number })}
                    >
                      {Array.from({ length: 11 }, (_, i) => i + 2).map((n) => (
                        <option key={n} value={n}>
                          {n} installments
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              ) : null}
            </fieldset>
            {schedule.length > 0 ? (
              <table className="w-full text-sm" aria-label="Installment schedule">
                <thead className="text-left text-xs text-slate-500">
                  <tr>
                    <th className="py-1 font-medium">#</th>
                    <th className="py-1 font-medium">Due</th>
                    <th className="py-1 text-right font-medium">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {schedule.map((row) => (
                    <tr key={row.number} className="border-t border-slate-100">
                      <td className="py-1">{row.number}</td>
                      <td className="py-1">{formatDate(row.dueDate)}</td>
                      <td className="py-1 text-right">{formatMoney(row.amount, pricing.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            <dl className="space-y-1 rounded-xl bg-slate-50 p-3 text-sm">
              <div className="flex justify-between">
                <dt>Security deposit</dt>
                <dd>{formatMoney(pricing.securityDeposit, pricing.currency)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>First month (rent + maintenance)</dt>
                <dd>{formatMoney(monthly, pricing.currency)}</dd>
              </div>
              <div className="flex justify-between border-t border-slate-200 pt-1 font-semibold text-slate-900">
                <dt>Total</dt>
                <dd data-testid="booking-total">{formatMoney(total, pricing.currency)}</dd>
              </div>
              {schedule[0] ? (
                <div className="flex justify-between text-slate-600">
                  <dt>Due now</dt>
                  <dd>{formatMoney(schedule[0].amount, pricing.currency)}</dd>
                </div>
              ) : null}
            </dl>
            <p className="text-xs text-slate-500">
              The unit is held for you while you pay. See your bookings any time under{' '}
              <Link to="/tenant/applications" className="underline">
                My bookings
              </Link>
              .
            </p>
          </div>
        )}
      </Dialog>
      {checkout ? (
        <GatewayCheckout
          gateway={checkout.gateway}
          keyId={checkout.keyId}
          order={checkout.order}
          prefill={
            user ? { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : undefined
          }
          description={`${propertyName} · Unit ${unit.unitNumber}`}
          onPaid={paid}
          onFailed={(message) => toast.error(message)}
          onClose={() => {
            setCheckout(null);
            onClose();
          }}
        />
      ) : null}
    </>
  );
}
