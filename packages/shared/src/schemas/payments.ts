import { z } from 'zod';

/** Payments: the sandbox checkout call and the Checkout answer the browser hands back. */

export const ZSandboxCheckoutBody = z.object({
  orderId: z.string().trim().min(1).max(64),
  outcome: z.enum(['success', 'failure']),
});
export type SandboxCheckoutBody = z.infer<typeof ZSandboxCheckoutBody>;

/** What Razorpay Checkout hands the browser on success (`razorpay_signature` is absent after a failure). */
export const ZSandboxCheckoutResult = z.object({
  outcome: z.enum(['success', 'failure']),
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string().optional(),
});
export type SandboxCheckoutResult = z.infer<typeof ZSandboxCheckoutResult>;

export const ZCheckoutFields = z.object({
  razorpay_order_id: z.string().trim().min(1).max(64),
  razorpay_payment_id: z.string().trim().min(1).max(64),
  razorpay_signature: z.string().trim().min(1).max(256),
});
export type CheckoutFields = z.infer<typeof ZCheckoutFields>;

export const ZWebhookResult = z.object({ received: z.literal(true), duplicate: z.boolean() });

export const ZPaymentDto = z.object({
  _id: z.string(),
  gatewayPaymentId: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['captured', 'failed', 'refunded']),
  method: z.string().nullable(),
  source: z.string(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentDto = z.infer<typeof ZPaymentDto>;

export const ZPaymentOrderDto = z.object({ id: z.string(), amount: z.number().int(), currency: z.string() });
export type PaymentOrderDto = z.infer<typeof ZPaymentOrderDto>;
