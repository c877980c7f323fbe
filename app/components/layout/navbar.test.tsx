import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SessionUser } from '#common/types.ts';
import { personOf, renderSignedIn, signedInClient } from '#app/test/signed-in.tsx';
import { Navbar } from './navbar';

// The menu itself is Radix's (e2e/auth.spec.ts opens it in Chromium); here, what it is given.
vi.mock('./account-menu', () => ({
  default: ({ username, items }: { username: string; items: readonly { label: string }[] }) => (
    <div role="menu" aria-label={`${username}'s menu`}>
      {items.map((item) => (
        <div key={item.label} role="menuitem">
          {item.label}
        </div>
      ))}
    </div>
  ),
}));

it('opens the account menu in the very render of the tap once its code has loaded', async () => {
  const user = personOf();
  renderSignedIn(<Navbar user={user} />, { user, path: '/' });
  const trigger = screen.getByRole('button', { name: 'sam, account menu' });
  // Reaching for it (a pointer over it, a finger down on it) loads the menu's code.
  fireEvent.pointerEnter(trigger);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  fireEvent.click(trigger);
  // React.lazy would suspend here once and show the menu no sooner than 300 ms later.
  expect(screen.getByRole('menu', { name: "sam's menu" })).toBeTruthy();
  expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
    'Profile',
    'My Agents',
    'Billing',
    'Settings',
  ]);
});

it('starts closed after signing out elsewhere and back in, though it was open before', async () => {
  const user = personOf();
  const client = signedInClient(user);
  const location = memoryLocation({ path: '/settings' });
  const at = (who: SessionUser | null) => (
    <Router hook={location.hook}>
      <QueryClientProvider client={client}>
        <Navbar user={who} />
      </QueryClientProvider>
    </Router>
  );
  const { rerender } = render(at(user));
  fireEvent.click(screen.getByRole('button', { name: 'sam, account menu' }));
  expect(await screen.findByRole('menu', { name: "sam's menu" })).toBeTruthy();
  // Log out on the Settings page, then sign in again as the same person, with no reload between.
  rerender(at(null));
  rerender(at(user));
  expect(screen.getByRole('button', { name: 'sam, account menu' }).getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByRole('menu')).toBeNull();
});
