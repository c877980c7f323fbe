import { act, fireEvent, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { personOf, renderSignedIn } from '#app/test/signed-in.tsx';
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
