import type { SettlementInput } from '@rentora/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SettlementEditor } from './settlement-editor';

const TENANT_ID = '01900000-0000-7000-8000-000000000002';
const { draft } = vi.hoisted(() => ({
  draft: vi.fn(async (_tenantId: string, _body: SettlementInput) => ({ data: {} })),
}));

vi.mock('./deposits.api', async (original) => ({
  ...(await original<typeof import('./deposits.api')>()),
  depositsApi: { draft, update: vi.fn() },
}));

function renderEditor(onDone = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SettlementEditor tenantId={TENANT_ID} held={5_000_000} currency="INR" current={null} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

describe('SettlementEditor', () => {
  it('shows the refund due as deductions are typed, then the shortfall past the deposit, and saves a draft', async () => {
    const user = userEvent.setup();
    const onDone = renderEditor();
    expect(screen.getByTestId('settlement-result').textContent).toContain('50,000');

    await user.click(screen.getByRole('button', { name: 'Add deduction' }));
    await user.type(screen.getByLabelText('Description'), 'Broken window');
    await user.type(screen.getByLabelText('Amount'), '12500');
    expect(screen.getByTestId('settlement-deductions').textContent).toContain('12,500');
    expect(screen.getByTestId('settlement-result').textContent).toContain('37,500');
    expect(screen.getByText('Refund due')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add deduction' }));
    await user.type(screen.getAllByLabelText('Description')[1]!, 'Repainting');
    await user.type(screen.getAllByLabelText('Amount')[1]!, '40000');
    expect(screen.getByText('Owed beyond the deposit')).toBeTruthy();
    expect(screen.getByTestId('settlement-result').textContent).toContain('2,500');

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(draft).toHaveBeenCalledWith(TENANT_ID, {
      deductions: [
        { reason: 'damage', description: 'Broken window', amount: 1_250_000 },
        { reason: 'damage', description: 'Repainting', amount: 4_000_000 },
      ],
      includeOpenInvoices: true,
    });
    expect(onDone).toHaveBeenCalled();
  });
});
