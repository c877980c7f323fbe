import { act, fireEvent, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { personOf, renderSignedIn } from '#app/test/signed-in.tsx';
import { Navbar } from './navbar';

// The menu's code cannot be downloaded (the connection dropped), as a chunk's import fails.
vi.mock('./account-menu', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/account-menu.js');
});
const toast = vi.hoisted(() => vi.fn());
vi.mock('#app/hooks/use-toast.ts', async (original) => ({
  ...(await original<typeof import('#app/hooks/use-toast.ts')>()),
  toast,
}));

it('keeps the focus on the account menu button when its code fails to load, says so, and asks again on the next tap', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const user = personOf();
  renderSignedIn(<Navbar user={user} />, { user, path: '/' });
  const trigger = screen.getByRole('button', { name: 'sam, account menu' });
  trigger.focus();
  fireEvent.click(trigger);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const again = screen.getByRole('button', { name: 'sam, account menu' });
  expect(again.hasAttribute('disabled')).toBe(false);
  expect(document.activeElement).toBe(again);
  expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'The account menu could not be loaded' }));
  expect(screen.queryByRole('menu')).toBeNull();
  fireEvent.click(again);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(toast).toHaveBeenCalledTimes(2);
});
