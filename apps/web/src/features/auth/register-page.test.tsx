import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RegisterPage } from './register-page';

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <RegisterPage />
    </MemoryRouter>,
  );
}

describe('register page', () => {
  it('asks a renter for name, email, optional phone and the password twice', async () => {
    renderAt('/auth/register');
    for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Password', 'Confirm password'])
      expect(screen.getByLabelText(label, { exact: true })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toMatchObject({ type: 'email' });
    expect(screen.getByLabelText('Phone')).toMatchObject({ type: 'tel' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findAllByRole('alert')).length).toBeGreaterThan(0);
  });

  it('asks a company owner for the company and their own account', () => {
    renderAt('/auth/register?type=company');
    for (const label of [
      'Company name',
      'Your first name',
      'Your last name',
      'Work email',
      'Phone',
      'Password',
    ])
      expect(screen.getByLabelText(label, { exact: true })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Register your company' })).toBeTruthy();
  });
});
