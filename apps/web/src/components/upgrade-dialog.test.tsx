import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { upgradeRequestFromError, upgradeStore } from '../lib/upgrade-store';
import { UpgradeDialog, upgradeMessage } from './upgrade-dialog';
import { UpgradeDialogHost } from './upgrade-dialog-host';

afterEach(() => act(() => upgradeStore.close()));

describe('upgrade dialog message by limit type', () => {
  it.each([
    [{ limitType: 'properties', current: 3, limit: 3 }, "You've reached your limit of 3 properties"],
    [{ limitType: 'users', current: 5, limit: 5 }, "You've reached your limit of 5 users"],
    [{ limitType: 'rentalUnits', current: 20, limit: 20 }, "You've reached your limit of 20 rental units"],
    [
      { limitType: 'feature', feature: 'Payments' },
      'The feature "Payments" is not available in your current plan',
    ],
    [
      { limitType: 'feature', feature: 'analytics_read' },
      'The feature "View Analytics" is not available in your current plan',
    ],
    [{ limitType: 'storage' }, 'This feature requires an upgraded plan'],
    [{}, 'This feature requires an upgraded plan'],
  ] as const)('%j → %s', (request, text) => {
    expect(upgradeMessage(request)).toBe(text);
  });

  it('maps the API 403 bodies to the dialog request', () => {
    expect(
      upgradeRequestFromError({
        success: false,
        error: 'x',
        code: 'PLAN_LIMIT_REACHED',
        limitType: 'users',
        current: 5,
        limit: 5,
      }),
    ).toEqual({ limitType: 'users', current: 5, limit: 5 });
    expect(
      upgradeRequestFromError({
        success: false,
        error: 'x',
        code: 'FEATURE_NOT_IN_PLAN',
        feature: 'payments_read',
      }),
    ).toEqual({
      limitType: 'feature',
      feature: 'payments_read',
    });
  });
});

function renderDialog(request: Parameters<typeof UpgradeDialog>[0]['request']) {
  return render(
    <MemoryRouter>
      <UpgradeDialog request={request} onClose={() => undefined} />
    </MemoryRouter>,
  );
}

describe('upgrade dialog', () => {
  it('shows the heading, the four selling points and Contact Us buttons to /contact', () => {
    renderDialog({ limitType: 'feature', feature: 'Payments' });
    const dialog = screen.getByRole('dialog', { name: 'Unlock Your Full Potential' });
    for (const point of ['Unlimited Growth', 'Premium Features', 'Priority Support', 'Enhanced Security']) {
      expect(within(dialog).getByText(point)).toBeTruthy();
    }
    expect(within(dialog).getByRole('link', { name: 'Contact Us to Upgrade' }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(within(dialog).getByRole('link', { name: 'Talk to our sales team' }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(screen.getByTestId('upgrade-message').textContent).toBe(
      'The feature "Payments" is not available in your current plan',
    );
  });

  it('shows the usage bar only when current and limit are known and the limit is above 0', () => {
    const { unmount } = renderDialog({ limitType: 'properties', current: 3, limit: 3 });
    const bar = screen.getByRole('progressbar', { name: 'Current usage' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(screen.getByTestId('upgrade-usage').textContent).toContain('3 / 3');
    unmount();

    for (const request of [
      { limitType: 'properties', limit: 3 },
      { limitType: 'users', current: 2 },
      { limitType: 'users', current: 0, limit: 0 },
      { limitType: 'properties', current: 4, limit: -1 },
    ]) {
      const view = renderDialog(request);
      expect(screen.queryByRole('progressbar')).toBeNull();
      view.unmount();
    }
  });

  it('locks page scrolling while open and opens from the store (as the API client does)', async () => {
    render(
      <MemoryRouter>
        <UpgradeDialogHost />
      </MemoryRouter>,
    );
    expect(document.body.style.overflow).toBe('');
    act(() => upgradeStore.open({ limitType: 'users', current: 5, limit: 5 }));
    expect(await screen.findByRole('dialog', { name: 'Unlock Your Full Potential' })).toBeTruthy();
    // The dialog locks scrolling in an effect after it renders: on a busy machine that can come a tick later.
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'));
    expect(screen.getByTestId('upgrade-message').textContent).toBe("You've reached your limit of 5 users");

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.body.style.overflow).toBe(''));
  });
});
