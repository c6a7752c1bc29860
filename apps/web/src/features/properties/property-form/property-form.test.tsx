import type { PropertyCreateBody } from '@rentora/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PropertyForm } from './property-form';

describe('PropertyForm (shared ZPropertyCreateBody)', () => {
  it('stops on a step with errors and submits the parsed body from the review step', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_body: PropertyCreateBody) => undefined);
    render(<PropertyForm mode="create" submitting={false} onSubmit={onSubmit} onCancel={() => undefined} />);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Basics' })).toBeTruthy();

    await user.type(screen.getByLabelText(/Property name/), '  Lakeview Residency ');
    await user.selectOptions(screen.getByLabelText(/Property type/), 'villa');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Address & map' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText('Required')).length).toBeGreaterThanOrEqual(3);
    await user.type(screen.getByLabelText(/Address line 1/), '12 Lake Road');
    await user.type(screen.getByLabelText(/^City/), 'Bengaluru');
    await user.type(screen.getByLabelText(/^State/), 'Karnataka');
    await user.type(screen.getByLabelText(/Postal code/), '56');
    await user.type(screen.getByLabelText('Latitude'), '12.97');
    await user.type(screen.getByLabelText('Longitude'), '77.59');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter a valid postal code')).toBeTruthy();
    await user.type(screen.getByLabelText(/Postal code/), '0008');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByRole('heading', { name: 'Details' });
    await user.click(screen.getByRole('button', { name: 'Lift' }));
    await user.type(screen.getByLabelText('Floors'), '6');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByTestId('property-review');
    expect(screen.getByTestId('property-review').textContent).toContain('12.97000, 77.59000');
    await user.click(screen.getByRole('button', { name: 'Create property' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Lakeview Residency',
      propertyType: 'villa',
      description: '',
      address: {
        line1: '12 Lake Road',
        line2: '',
        landmark: '',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560008',
        country: 'India',
        coordinates: { latitude: 12.97, longitude: 77.59 },
      },
      amenities: ['lift'],
      ownerContact: null,
      managerContact: null,
      totalFloors: 6,
      yearBuilt: null,
      isListed: true,
    });
  });
});
