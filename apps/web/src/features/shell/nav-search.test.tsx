import { type AccessContext, ROLE_DEFAULT_FEATURES } from '@rentora/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NavSearch } from './nav-search';
import { type VisibleNavItem, visibleNav } from './use-nav';

const owner: AccessContext = {
  role: 'user',
  companyRole: 'owner',
  features: ROLE_DEFAULT_FEATURES.owner,
  planFeatures: [],
};
const items = visibleNav(owner).flatMap((group) => group.items);

function setup() {
  const onSelect = vi.fn<(entry: VisibleNavItem) => void>();
  const onClose = vi.fn();
  render(<NavSearch items={items} onSelect={onSelect} onClose={onClose} />);
  return { onSelect, onClose, input: screen.getByRole('combobox', { name: 'Search navigation' }) };
}

function selectedOption(): string | null {
  return (
    screen.queryAllByRole('option').find((option) => option.getAttribute('aria-selected') === 'true')
      ?.textContent ?? null
  );
}

describe('navigation search', () => {
  it('shows the Quick Navigation hint when focused with no query', async () => {
    const { input } = setup();
    await userEvent.click(input);
    expect(screen.getByText('Quick Navigation')).toBeTruthy();
  });

  it('shows the result count and "No results found"', async () => {
    const { input } = setup();
    await userEvent.type(input, 'pay');
    expect(screen.getByText('1 result')).toBeTruthy();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['PaymentsFinancial']);

    await userEvent.clear(input);
    await userEvent.type(input, 'company');
    // Company, Company Users, Import and the Audit Log of the Company group.
    expect(screen.getByText('4 results')).toBeTruthy();

    await userEvent.clear(input);
    await userEvent.type(input, 'zzzz');
    expect(screen.getByText('No results found')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('moves with the arrow keys (wrapping) and opens the active result with Enter', async () => {
    const { input, onSelect, onClose } = setup();
    await userEvent.type(input, 'company');
    expect(selectedOption()).toBe('CompanyCompany');
    await userEvent.keyboard('{ArrowDown}');
    expect(selectedOption()).toBe('Company UsersCompany');
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getAllByRole('option')[1]!.getAttribute('id'),
    );
    await userEvent.keyboard('{ArrowDown}');
    expect(selectedOption()).toBe('ImportCompany');
    await userEvent.keyboard('{ArrowDown}');
    expect(selectedOption()).toBe('Audit LogCompany');
    await userEvent.keyboard('{ArrowDown}');
    expect(selectedOption()).toBe('CompanyCompany');
    await userEvent.keyboard('{ArrowUp}');
    expect(selectedOption()).toBe('Audit LogCompany');
    await userEvent.keyboard('{ArrowUp}');
    expect(selectedOption()).toBe('ImportCompany');
    await userEvent.keyboard('{ArrowUp}');
    expect(selectedOption()).toBe('Company UsersCompany');
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(
      expect.objectContaining({ item: expect.objectContaining({ href: '/dashboard/company-users' }) }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('closes on Esc: clears the query, leaves the field and tells the shell', async () => {
    const { input, onSelect, onClose } = setup();
    await userEvent.type(input, 'maint');
    expect(screen.getByText('1 result')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect((input as HTMLInputElement).value).toBe('');
    expect(document.activeElement).not.toBe(input);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('searches descriptions and group names too', async () => {
    const { input } = setup();
    await userEvent.type(input, 'invitations');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Company UsersCompany',
    ]);
  });
});
