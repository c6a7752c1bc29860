import type { paymentOrders, payments } from '../../db/schema';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
/** A ledger row of a gateway payment or refund (offline rows have neither order nor gateway id). */
export type GatewayPaymentRow = PaymentRow & { orderId: string; gatewayPaymentId: string };

export interface RecordPaymentInput {
  gatewayOrderId: string;
  gatewayPaymentId: string;
  status: 'captured' | 'failed' | 'refunded';
  source: 'verify' | 'webhook' | 'reconcile' | 'checkout' | 'refund';
  amount?: number;
  method?: string | null;
  failureReason?: string | null;
}

export interface RecordResult {
  /** True only for the one call that wrote the ledger row. */
  recorded: boolean;
  order: PaymentOrderRow;
  payment: PaymentRow;
}

/** A webhook delivery, logged (deduplicated on its event id) in the transaction that applies it. */
export interface WebhookDelivery {
  eventId: string;
  event: string;
  payload: unknown;
}

export interface RefundResult {
  /** `processed`: refunded now (ledger row written); `pending`: the gateway settles it later (webhook). */
  status: 'processed' | 'pending';
  refundId: string;
  amount: number;
}

/** Where a payments sub-service logs what it cannot do (a gateway that does not answer, a failed hook). */
export interface PaymentsLog {
  error(details: object, message: string): void;
  warn?(details: object, message: string): void;
}
