import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MoneyInput } from './money-input';

function Harness({ initial }: { initial: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput aria-label="Rent" value={value} onChange={setValue} />
      <output>{value === null ? 'empty' : value}</output>
    </>
  );
}

describe('MoneyInput', () => {
  it('shows rupees and keeps paise', async () => {
    render(<Harness initial={2_500_000} />);
    const input = screen.getByRole('textbox', { name: 'Rent' }) as HTMLInputElement;
    expect(input.value).toBe('25000');
    await userEvent.clear(input);
    expect(screen.getByRole('status').textContent).toBe('empty');
    await userEvent.type(input, '1,250.50');
    expect(input.value).toBe('1250.50');
    expect(screen.getByRole('status').textContent).toBe('125050');
  });
});
