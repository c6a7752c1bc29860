import { zodResolver } from '@hookform/resolvers/zod';
import { ZLeadCreateBody } from '@rentora/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ZRegisterCompanyForm } from '../features/auth/auth-resolvers';
import { useLightForm } from './light-form';

const emptyToUndefined = (value: string) => (value.trim() === '' ? undefined : value);

function ContactForm({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useLightForm({
    resolver: zodResolver(ZLeadCreateBody),
    defaultValues: { name: '', email: '', subject: 'Upgrade my plan', message: '', source: 'contact-page' },
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <input aria-label="Name" {...form.register('name')} />
      {errors.name ? <p>name: {errors.name.message}</p> : null}
      <input aria-label="Email" {...form.register('email')} />
      {errors.email ? <p>email: {errors.email.message}</p> : null}
      <input aria-label="Phone" {...form.register('phone', { setValueAs: emptyToUndefined })} />
      <input aria-label="Subject" {...form.register('subject')} />
      <textarea aria-label="Message" {...form.register('message')} />
      {errors.message ? <p>message: {errors.message.message}</p> : null}
      <button type="submit">Send</button>
    </form>
  );
}

function CompanyForm({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useLightForm({
    resolver: zodResolver(ZRegisterCompanyForm),
    defaultValues: {
      company: { name: '' },
      owner: { firstName: '', lastName: '', email: '', password: '' },
      confirmPassword: '',
    },
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <input aria-label="Company" {...form.register('company.name')} />
      {errors.company?.name ? <p>company: {errors.company.name.message}</p> : null}
      <input aria-label="First" {...form.register('owner.firstName')} />
      <input aria-label="Last" {...form.register('owner.lastName')} />
      <input aria-label="Email" {...form.register('owner.email')} />
      <input aria-label="Password" {...form.register('owner.password')} />
      <input aria-label="Confirm" {...form.register('confirmPassword')} />
      {errors.confirmPassword ? <p>confirm: {errors.confirmPassword.message}</p> : null}
      <button type="submit">Register</button>
    </form>
  );
}

const ZPasswordPair = z
  .object({ password: z.string().min(1), confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    message: 'Passwords do not match',
    path: ['confirm'],
  });

function PasswordForm() {
  const form = useLightForm({
    resolver: zodResolver(ZPasswordPair),
    defaultValues: { password: '', confirm: '' },
  });
  return (
    <form onSubmit={form.handleSubmit(() => {})} noValidate>
      <input aria-label="Password" {...form.register('password')} />
      <input aria-label="Confirm" {...form.register('confirm')} />
      <p>{form.formState.errors.confirm?.message}</p>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useLightForm', () => {
  it('validates on submit only, focuses the first invalid field, then re-validates a field as it changes', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<ContactForm onValid={onValid} />);
    expect(screen.getByLabelText('Subject')).toHaveProperty('value', 'Upgrade my plan');

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.queryByText(/^email:/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(/^email:/);
    expect(screen.getByText(/^name:/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Asha');
    await waitFor(() => expect(screen.queryByText(/^name:/)).toBeNull());
    expect(screen.getByText(/^email:/)).toBeTruthy();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Message'), 'Please call me about the Pro plan.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    // The schema's output, with the unregistered default (source) and the empty optional field left out.
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      subject: 'Upgrade my plan',
      message: 'Please call me about the Pro plan.',
      source: 'contact-page',
    });
    expect(screen.queryByText(/^(name|email|message):/)).toBeNull();
  });

  it('builds nested values from dotted names and reports nested and refined errors', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<CompanyForm onValid={onValid} />);
    await user.type(screen.getByLabelText('First'), 'Olivia');
    await user.type(screen.getByLabelText('Last'), 'Owner');
    await user.type(screen.getByLabelText('Email'), 'olivia@example.com');
    await user.type(screen.getByLabelText('Password'), 'Password123!');
    await user.type(screen.getByLabelText('Confirm'), 'Password123?');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText(/^company:/);
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Company'), 'Sunrise Rentals');
    await user.clear(screen.getByLabelText('Confirm'));
    await user.type(screen.getByLabelText('Confirm'), 'Password123!');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({
      company: { name: 'Sunrise Rentals' },
      owner: {
        firstName: 'Olivia',
        lastName: 'Owner',
        email: 'olivia@example.com',
        password: 'Password123!',
      },
      confirmPassword: 'Password123!',
    });
  });

  it('shows a refinement error on its path', async () => {
    const user = userEvent.setup();
    render(<PasswordForm />);
    await user.type(screen.getByLabelText('Password'), 'a');
    await user.type(screen.getByLabelText('Confirm'), 'b');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Passwords do not match');
  });
});
