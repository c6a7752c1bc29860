import type { CheckoutFields, PaymentOrderDto } from '@rentora/shared';
import { useEffect, useRef } from 'react';
import { openRazorpayCheckout } from './razorpay-checkout';
import { SandboxCheckoutDialog } from './sandbox-checkout-dialog';

export interface GatewayCheckoutProps {
  /** From the server's answer: which gateway made the order and the public key for it. */
  gateway: 'sandbox' | 'razorpay';
  keyId: string;
  order: PaymentOrderDto;
  description: string;
  prefill?: { name?: string; email?: string };
  onPaid: (fields: CheckoutFields) => void;
  onFailed: (message: string) => void;
  onClose: () => void;
  /** The sandbox's checkout endpoint when it is not the signed-in payer's (a pay link's). */
  sandboxCheckoutPath?: string;
}

/** The checkout of an order: Razorpay Checkout when the server runs Razorpay, the sandbox dialog otherwise. */
export function GatewayCheckout(props: GatewayCheckoutProps) {
  if (props.gateway === 'razorpay') return <RazorpayCheckout {...props} />;
  return (
    <SandboxCheckoutDialog
      open
      order={props.order}
      description={props.description}
      onPaid={props.onPaid}
      onFailed={props.onFailed}
      onClose={props.onClose}
      checkoutPath={props.sandboxCheckoutPath}
    />
  );
}

function RazorpayCheckout({
  keyId,
  order,
  description,
  prefill,
  onPaid,
  onFailed,
  onClose,
}: GatewayCheckoutProps) {
  // Razorpay's own window is opened once per order; the latest callbacks are read through a ref.
  const callbacks = useRef({ onPaid, onFailed, onClose });
  callbacks.current = { onPaid, onFailed, onClose };
  // biome-ignore lint/correctness/useExhaustiveDependencies: one Checkout per order id
  useEffect(() => {
    openRazorpayCheckout({
      keyId,
      order,
      description,
      prefill,
      onPaid: (fields) => callbacks.current.onPaid(fields),
      onFailed: (message) => callbacks.current.onFailed(message),
      onDismiss: () => callbacks.current.onClose(),
    }).catch(() => {
      callbacks.current.onFailed(
        'The payment window could not be opened. Check your connection and try again.',
      );
      callbacks.current.onClose();
    });
  }, [order.id]);
  return (
    <p className="sr-only" role="status">
      Opening Razorpay Checkout…
    </p>
  );
}
