import type { CheckoutFields } from '@rentora/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  loadRazorpayCheckout,
  openRazorpayCheckout,
  RAZORPAY_CHECKOUT_URL,
  type RazorpayCheckoutOptions,
  type RazorpayConstructor,
} from './razorpay-checkout';

describe('Razorpay Checkout', () => {
  it('adds checkout.js once and answers the Razorpay constructor it defines; a failed load can be retried', async () => {
    const failing = loadRazorpayCheckout();
    const first = document.head.querySelector<HTMLScriptElement>(`script[src="${RAZORPAY_CHECKOUT_URL}"]`);
    expect(first).not.toBeNull();
    first!.onerror?.(new Event('error'));
    await expect(failing).rejects.toThrow('could not be loaded');

    const loading = loadRazorpayCheckout();
    expect(loadRazorpayCheckout()).toBe(loading);
    const scripts = document.head.querySelectorAll<HTMLScriptElement>(
      `script[src="${RAZORPAY_CHECKOUT_URL}"]`,
    );
    expect(scripts).toHaveLength(2);
    class Fake {
      open() {}
      on() {}
    }
    (window as unknown as { Razorpay: unknown }).Razorpay = Fake;
    scripts[1]!.onload?.(new Event('load'));
    expect(await loading).toBe(Fake);
    expect(await loadRazorpayCheckout()).toBe(Fake);
    delete (window as unknown as { Razorpay?: unknown }).Razorpay;
  });

  it('opens Checkout with the order of our server and hands back the three fields to verify', async () => {
    let options: RazorpayCheckoutOptions | null = null;
    let failed: ((r: { error?: { description?: string } }) => void) | null = null;
    const open = vi.fn();
    const Fake = function (this: unknown, given: RazorpayCheckoutOptions) {
      options = given;
      return { open, on: (_event: string, listener: typeof failed) => (failed = listener) };
    } as unknown as RazorpayConstructor;
    const paid: CheckoutFields[] = [];
    const failures: string[] = [];
    const dismiss = vi.fn();
    await openRazorpayCheckout({
      keyId: 'rzp_test_key',
      order: { id: 'order_ABC', amount: 460_000, currency: 'INR' },
      description: 'Unit 1',
      onPaid: (fields) => paid.push(fields),
      onFailed: (message) => failures.push(message),
      onDismiss: dismiss,
      load: async () => Fake,
    });
    expect(open).toHaveBeenCalledOnce();
    expect(options).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_ABC',
      amount: 460_000,
      currency: 'INR',
    });
    options!.handler({
      razorpay_order_id: 'order_ABC',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    });
    expect(paid).toEqual([
      { razorpay_order_id: 'order_ABC', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' },
    ]);
    failed!({ error: { description: 'Card declined' } });
    expect(failures).toEqual(['Card declined']);
    options!.modal?.ondismiss?.();
    expect(dismiss).toHaveBeenCalledOnce();
  });
});
