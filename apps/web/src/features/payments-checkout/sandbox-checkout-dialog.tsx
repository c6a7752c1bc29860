import type { CheckoutFields, PaymentOrderDto, SandboxCheckoutResult } from '@rentora/shared';
import { useMutation } from '@tanstack/react-query';
import { CreditCard, Lock, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, Input } from '../../components/field';
import { Tabs } from '../../components/tabs';
import { type ApiOk, api, apiErrorMessage } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';

export interface SandboxCheckoutDialogProps {
  open: boolean;
  order: PaymentOrderDto;
  description: string;
  /** Razorpay Checkout's success handler: the fields to verify on our server. */
  onPaid: (fields: CheckoutFields) => void;
  onFailed: (message: string) => void;
  onClose: () => void;
  /** Where the sandbox takes the order: the signed-in payer's `/payments/sandbox/checkout` unless given (a pay link's own). */
  checkoutPath?: string;
}

type Method = 'card' | 'upi';

/**
 * The offline stand-in for Razorpay Checkout (sandbox mode): card and UPI tabs, "Pay" and "Fail". The server signs the
 * answer exactly as Razorpay would; no real money moves.
 */
export function SandboxCheckoutDialog({
  open,
  order,
  description,
  onPaid,
  onFailed,
  onClose,
  checkoutPath = '/payments/sandbox/checkout',
}: SandboxCheckoutDialogProps) {
  const [method, setMethod] = useState<Method>('card');
  const checkout = useMutation({
    mutationFn: (outcome: 'success' | 'failure') =>
      api
        .post<ApiOk<SandboxCheckoutResult>>(checkoutPath, { orderId: order.id, outcome })
        .then((r) => r.data),
    onSuccess: (result) => {
      if (result.outcome === 'success' && result.razorpay_signature) {
        onPaid({
          razorpay_order_id: result.razorpay_order_id,
          razorpay_payment_id: result.razorpay_payment_id,
          razorpay_signature: result.razorpay_signature,
        });
      } else {
        onFailed('The payment was declined. You can try again.');
      }
    },
    onError: (error) => onFailed(apiErrorMessage(error, 'Payment failed')),
  });
  const busy = checkout.isPending;
  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      title="Sandbox checkout"
      description={description}
      size="sm"
      footer={
        <div className="flex w-full items-center justify-between gap-2">
          <Button variant="ghost" onClick={() => checkout.mutate('failure')} disabled={busy}>
            Fail
          </Button>
          <Button onClick={() => checkout.mutate('success')} loading={busy} data-autofocus>
            Pay {formatMoney(order.amount, order.currency)}
          </Button>
        </div>
      }
    >
      <div className="space-y-4" data-testid="sandbox-checkout">
        <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-800">
          <Lock className="h-3.5 w-3.5" aria-hidden /> Test mode: no real money moves. Order {order.id}
        </p>
        <Tabs
          label="Payment method"
          variant="pills"
          value={method}
          onChange={setMethod}
          idPrefix="sandbox-method"
          tabs={[
            { id: 'card', label: 'Card', icon: <CreditCard className="h-4 w-4" aria-hidden /> },
            { id: 'upi', label: 'UPI', icon: <Smartphone className="h-4 w-4" aria-hidden /> },
          ]}
        />
        {method === 'card' ? (
          <div key="card" className="grid grid-cols-2 gap-3" id="sandbox-method-panel-card" role="tabpanel">
            <Field label="Card number" className="col-span-2">
              {(control) => (
                <Input
                  {...control}
                  defaultValue="4111 1111 1111 1111"
                  inputMode="numeric"
                  autoComplete="off"
                />
              )}
            </Field>
            <Field label="Expiry">
              {(control) => <Input {...control} defaultValue="12/30" autoComplete="off" />}
            </Field>
            <Field label="CVV">
              {(control) => <Input {...control} defaultValue="123" inputMode="numeric" autoComplete="off" />}
            </Field>
          </div>
        ) : (
          <div key="upi" id="sandbox-method-panel-upi" role="tabpanel">
            <Field label="UPI ID">
              {(control) => <Input {...control} defaultValue="success@razorpay" autoComplete="off" />}
            </Field>
          </div>
        )}
      </div>
    </Dialog>
  );
}
