import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256 of `payload` under `secret`. */
export function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison of an expected hex digest with what the caller sent (any length, any content). */
export function safeEqualHex(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  if (a.length !== b.length) {
    // Compare anyway so that the time spent does not depend on where the input differs.
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}

/** The Checkout signature: HMAC-SHA256 of `order_id|payment_id` (Razorpay's documented scheme). */
export function paymentSignature(secret: string, orderId: string, paymentId: string): string {
  return hmacHex(secret, `${orderId}|${paymentId}`);
}

/** Checks a Checkout signature against the order id stored on our side (never the client's order id). */
export function verifyPaymentSignature(
  secret: string,
  storedOrderId: string,
  paymentId: string,
  signature: unknown,
): boolean {
  return safeEqualHex(paymentSignature(secret, storedOrderId, paymentId), signature);
}

/** Checks `x-razorpay-signature`: HMAC-SHA256 of the raw request body under the webhook secret. */
export function verifyWebhookSignature(
  secret: string,
  rawBody: Buffer | string,
  signature: unknown,
): boolean {
  return safeEqualHex(hmacHex(secret, rawBody), signature);
}
