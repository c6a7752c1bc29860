import type { PayLinkCheckoutDto, PayLinkDto } from '@rentora/shared';
import { lazy, Suspense, useState } from 'react';
import { loadWithTimeout } from '../../app/lazy';
import { Button, type ButtonSize } from '../../components/button';
import { apiErrorMessage } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { loadQueryClient } from '../../lib/query-runtime';
import { toast } from '../../lib/toast';
import { openPayLinkOrder, PAY_LINK_MESSAGES, sandboxCheckoutPathOf, verifyPayLink } from './pay-links.api';

// The checkout (the sandbox dialog or Razorpay Checkout, and the query client the sandbox dialog uses) loads only
// when Pay is pressed: the pay page's first load stays small.
const GatewayCheckout = lazy(() =>
  loadWithTimeout(() =>
    Promise.all([import('../payments-checkout/gateway-checkout'), loadQueryClient()]),
  ).then(([module]) => ({ default: module.GatewayCheckout })),
);

export interface PayLinkButtonProps {
  token: string;
  amount: number;
  currency: string;
  /** Shown in the checkout: "Invoice INV/26-27/00042". */
  description: string;
  prefillName?: string;
  size?: ButtonSize;
  className?: string;
  /** The invoice after the payment was recorded (paid, with its receipts). */
  onPaid: (paid: PayLinkDto) => void;
}

/**
 * Pay the balance of a pay link's invoice: opens the order, the gateway's checkout, then verifies the answer on the
 * server (recorded once however often it arrives). The same button serves the public pay page and the tenant portal.
 */
export function PayLinkButton({
  token,
  amount,
  currency,
  description,
  prefillName,
  size = 'lg',
  className,
  onPaid,
}: PayLinkButtonProps) {
  const [checkout, setCheckout] = useState<PayLinkCheckoutDto | null>(null);
  const [busy, setBusy] = useState<'order' | 'verify' | null>(null);

  async function start() {
    setBusy('order');
    try {
      setCheckout(await openPayLinkOrder(token));
    } catch (error) {
      toast.error(PAY_LINK_MESSAGES.order, apiErrorMessage(error, 'Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  async function verify(fields: Parameters<typeof verifyPayLink>[1]) {
    setCheckout(null);
    setBusy('verify');
    try {
      onPaid(await verifyPayLink(token, fields));
    } catch (error) {
      toast.error(PAY_LINK_MESSAGES.verify, apiErrorMessage(error, ''));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Button
        size={size}
        className={className}
        loading={busy !== null || (checkout !== null && checkout.gateway === 'razorpay')}
        onClick={() => void start()}
        data-testid="pay-link-pay"
      >
        {busy === 'verify' ? 'Confirming payment…' : `Pay ${formatMoney(amount, currency)}`}
      </Button>
      {checkout ? (
        <Suspense fallback={null}>
          <GatewayCheckout
            gateway={checkout.gateway}
            keyId={checkout.keyId}
            order={checkout.order}
            description={description}
            prefill={prefillName ? { name: prefillName } : undefined}
            sandboxCheckoutPath={sandboxCheckoutPathOf(token)}
            onPaid={(fields) => void verify(fields)}
            onFailed={(message) => toast.error(PAY_LINK_MESSAGES.order, message)}
            onClose={() => setCheckout(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
