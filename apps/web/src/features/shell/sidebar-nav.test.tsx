import { type AccessContext, type Feature, ROLE_DEFAULT_FEATURES } from '@rentora/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SidebarNav } from './sidebar-nav';
import { type VisibleNavItem, visibleNav } from './use-nav';

// The seeded Starter plan: no payments, invoices, bookings, analytics or reports.
const STARTER: Feature[] = ROLE_DEFAULT_FEATURES.owner.filter(
  (feature) =>
    !['payments_', 'invoices_', 'bookings_', 'analytics_', 'reports_'].some((p) => feature.startsWith(p)),
);
const PROFESSIONAL: Feature[] = ROLE_DEFAULT_FEATURES.owner.filter(
  (feature) => feature !== 'analytics_export',
);

function renderNav(ctx: AccessContext, onLockedClick = vi.fn<(entry: VisibleNavItem) => void>()) {
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <SidebarNav groups={visibleNav(ctx)} pathname="/dashboard" showLabels onLockedClick={onLockedClick} />
    </MemoryRouter>,
  );
  return onLockedClick;
}

/** Closed groups (analytics, company, administration) render no items: open them all. */
async function openAllGroups() {
  for (const toggle of screen.queryAllByRole('button', { expanded: false })) await userEvent.click(toggle);
}

function itemStates(): Record<string, string> {
  return Object.fromEntries(
    [...document.querySelectorAll<HTMLElement>('[data-nav-item]')].map((element) => [
      element.dataset.navItem,
      element.dataset.state,
    ]),
  );
}

describe('sidebar item states (shared navItemState)', () => {
  it('shows field staff only what they hold: dashboard, profile, maintenance and notifications', async () => {
    renderNav({
      role: 'user',
      companyRole: 'field_staff',
      features: ROLE_DEFAULT_FEATURES.field_staff,
      planFeatures: PROFESSIONAL,
    });
    await openAllGroups();
    expect(itemStates()).toEqual({
      dashboard: 'accessible',
      profile: 'accessible',
      maintenance: 'accessible',
      notifications: 'accessible',
    });
    expect(screen.queryByText('No accessible features')).toBeNull();
  });

  it('locks what an owner holds but the Starter plan lacks, and a click opens the upgrade dialog', async () => {
    const onLockedClick = renderNav({
      role: 'user',
      companyRole: 'owner',
      features: ROLE_DEFAULT_FEATURES.owner,
      planFeatures: STARTER,
    });
    await openAllGroups();
    const states = itemStates();
    expect(states.analytics).toBe('locked');
    expect(states.companies).toBe('accessible');
    expect(states.payments).toBe('locked');
    expect(states.properties).toBe('accessible');
    expect(states.tenants).toBe('accessible');
    expect(states['company-users']).toBe('accessible');
    // Admin items need admin features an owner does not hold: hidden, not locked.
    expect(states.plans).toBeUndefined();
    expect(states.bookings).toBeUndefined();

    const payments = screen.getByRole('button', { name: 'Payments (Upgrade required)' });
    expect(payments.tagName).toBe('BUTTON');
    await userEvent.click(payments);
    expect(onLockedClick).toHaveBeenCalledWith(
      expect.objectContaining({ state: 'locked', item: expect.objectContaining({ id: 'payments' }) }),
    );
    // Accessible items are links to their page.
    expect(screen.getByRole('link', { name: 'Properties' }).getAttribute('href')).toBe(
      '/dashboard/properties',
    );
  });

  it('never locks for super_admin: every item is accessible, including the administration group', async () => {
    renderNav({ role: 'super_admin', features: [], planFeatures: STARTER });
    await openAllGroups();
    const states = itemStates();
    expect(Object.keys(states)).toHaveLength(20);
    expect(Object.values(states).every((state) => state === 'accessible')).toBe(true);
    const admin = within(screen.getByRole('list', { name: 'Administration' }));
    expect(admin.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Admin ManagementAdmin',
      'Plans and PricingAdmin',
      'Notification LogsAdmin',
      'Test NotificationsAdmin',
      'LeadsAdmin',
    ]);
  });

  it('opens the property, tenant, financial and maintenance groups and closes analytics, company and administration', () => {
    renderNav({ role: 'super_admin', features: [], planFeatures: [] });
    const expanded = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-expanded');
    expect(expanded('Properties')).toBe('true');
    expect(expanded('Tenants')).toBe('true');
    expect(expanded('Financial')).toBe('true');
    expect(expanded('Maintenance')).toBe('true');
    expect(expanded('Analytics')).toBe('false');
    expect(expanded('Company')).toBe('false');
    expect(expanded('Administration')).toBe('false');
  });

  it('does not lock when the plan feature list is empty (the plan restricts nothing)', async () => {
    renderNav({
      role: 'user',
      companyRole: 'accountant',
      features: ROLE_DEFAULT_FEATURES.accountant,
      planFeatures: [],
    });
    await openAllGroups();
    expect(itemStates()).toMatchObject({
      payments: 'accessible',
      tenants: 'accessible',
      analytics: 'accessible',
    });
    expect(Object.values(itemStates())).not.toContain('locked');
  });

  it('says "No accessible features" when nothing needing a feature is visible', () => {
    renderNav({ role: 'user', companyRole: 'sales_agent', features: [], planFeatures: PROFESSIONAL });
    expect(itemStates()).toEqual({ dashboard: 'accessible', profile: 'accessible' });
    expect(screen.getByText('No accessible features')).toBeTruthy();
    expect(screen.getByText('Contact your administrator.')).toBeTruthy();
  });
});
