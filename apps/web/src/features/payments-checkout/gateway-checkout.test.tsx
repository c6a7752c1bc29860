import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GatewayCheckout } from './gateway-checkout';
import { RAZORPAY_CHECKOUT_URL } from './razorpay-checkout';

const order = { id: 'order_Test0000000001', amount: 4_600_000, currency: 'INR' };

function renderCheckout(gateway: 'sandbox' | 'razorpay') {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <GatewayCheckout
        gateway={gateway}
        keyId={gateway === 'razorpay' ? 'rzp_test_key' : 'sandbox'}
        order={order}
        description="Unit 1"
        onPaid={vi.fn()}
        onFailed={vi.fn()}
        onClose={vi.fn()}
      />
    </QueryClientProvider>,
  );
}

describe('GatewayCheckout', () => {
  it('shows the sandbox dialog in sandbox mode and loads no gateway script', () => {
    renderCheckout('sandbox');
    expect(screen.getByTestId('sandbox-checkout')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Pay ₹/ })).toBeTruthy();
    expect(document.querySelector(`script[src="${RAZORPAY_CHECKOUT_URL}"]`)).toBeNull();
  });

  it('loads Razorpay Checkout instead of the sandbox dialog in Razorpay mode', () => {
    renderCheckout('razorpay');
    expect(screen.queryByTestId('sandbox-checkout')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Opening Razorpay Checkout');
    expect(document.querySelector(`script[src="${RAZORPAY_CHECKOUT_URL}"]`)).not.toBeNull();
  });
});
