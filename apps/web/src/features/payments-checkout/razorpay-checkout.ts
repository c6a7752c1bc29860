import type { CheckoutFields, PaymentOrderDto } from '@rentora/shared';

/** Razorpay Checkout's script (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/). */
export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpayCheckoutOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  handler: (response: CheckoutFields) => void;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  modal?: { ondismiss?: () => void; escape?: boolean };
}

export interface RazorpayCheckoutInstance {
  open(): void;
  on(event: 'payment.failed', listener: (response: { error?: { description?: string } }) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayCheckoutOptions) => RazorpayCheckoutInstance;

type WindowWithRazorpay = Window & { Razorpay?: RazorpayConstructor };

let loading: Promise<RazorpayConstructor> | null = null;

/** Loads checkout.js once (a failed load may be tried again) and answers its `Razorpay` constructor. */
export function loadRazorpayCheckout(
  doc: Document = document,
  src: string = RAZORPAY_CHECKOUT_URL,
): Promise<RazorpayConstructor> {
  const win = doc.defaultView as WindowWithRazorpay | null;
  if (win?.Razorpay) return Promise.resolve(win.Razorpay);
  if (loading) return loading;
  loading = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const ctor = (doc.defaultView as WindowWithRazorpay | null)?.Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error('Razorpay Checkout did not load'));
    };
    script.onerror = () => reject(new Error('Razorpay Checkout could not be loaded'));
    doc.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Opens Razorpay Checkout for an order made by our server; `onPaid` gets the three fields to verify on the server,
 * `onDismiss` runs when the visitor closes the window without paying.
 */
export async function openRazorpayCheckout(input: {
  keyId: string;
  order: PaymentOrderDto;
  description: string;
  prefill?: RazorpayCheckoutOptions['prefill'];
  onPaid: (fields: CheckoutFields) => void;
  onFailed: (message: string) => void;
  onDismiss: () => void;
  load?: () => Promise<RazorpayConstructor>;
}): Promise<void> {
  const Razorpay = await (input.load ?? loadRazorpayCheckout)();
  const checkout = new Razorpay({
    key: input.keyId,
    amount: input.order.amount,
    currency: input.order.currency,
    order_id: input.order.id,
    name: 'Rentora',
    description: input.description,
    prefill: input.prefill,
    theme: { color: '#4f46e5' },
    handler: (response) =>
      input.onPaid({
        razorpay_order_id: response.razorpay_order_id,
        razorpay_payment_id: response.razorpay_payment_id,
        razorpay_signature: response.razorpay_signature,
      }),
    modal: { ondismiss: input.onDismiss },
  });
  checkout.on('payment.failed', (response) =>
    input.onFailed(response.error?.description ?? 'The payment failed. You can try again.'),
  );
  checkout.open();
}
