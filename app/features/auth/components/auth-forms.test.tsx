import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

describe('LoginForm', () => {
  it('shows the shared schema messages and sends nothing while invalid', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    wrap(<LoginForm internal={false} staffDomain="example.cc" onSuccess={() => {}} />);
    await userEvent.type(screen.getByLabelText('Username or email'), 'ab');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByLabelText('Username or email').getAttribute('aria-invalid')).toBe('true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('toggles password visibility with an announced pressed state', async () => {
    wrap(<LoginForm internal={false} staffDomain="example.cc" onSuccess={() => {}} />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input.getAttribute('type')).toBe('password');
    await userEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('sends the credentials and reports the server message on failure', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(
          JSON.stringify({ message: 'Invalid username or password', error: 'Invalid username or password' }),
          { status: 401 },
        ),
      );
    const { Toaster } = await import('#app/components/ui/toaster.tsx');
    wrap(
      <>
        <LoginForm internal={false} staffDomain="example.cc" onSuccess={() => {}} />
        <Toaster />
      </>,
    );
    await userEvent.type(screen.getByLabelText('Username or email'), 'demo');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password')).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'demo',
      password: 'wrong-password',
      isInternalLogin: false,
    });
  });
});

describe('RegisterForm', () => {
  it('requires the staff domain in Internal mode', async () => {
    wrap(<RegisterForm internal staffDomain="example.cc" />);
    await userEvent.type(screen.getByLabelText('Email'), 'me@gmail.com');
    expect(screen.getByText('Internal login requires a example.cc email address')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'me@example.cc');
    expect(screen.queryByText('Internal login requires a example.cc email address')).toBeNull();
    expect((screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('validates email format', async () => {
    wrap(<RegisterForm internal={false} staffDomain="example.cc" />);
    await userEvent.type(screen.getByLabelText('Username'), 'newbie');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
  });

  it("sends a person's registration with the hidden honeypot empty", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'Username already exists', error: 'Username already exists' }), {
        status: 409,
      }),
    );
    const { container } = wrap(<RegisterForm internal={false} staffDomain="example.cc" />);
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    await userEvent.type(screen.getByLabelText('Username'), 'newbie');
    await userEvent.type(screen.getByLabelText('Email'), 'newbie@example.com');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret12');
    // Tabbing from the password never lands in the honeypot.
    await userEvent.tab();
    expect(document.activeElement).not.toBe(trap);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/auth/register');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'secret12',
      isInternalLogin: false,
      website: '',
    });
  });
});
