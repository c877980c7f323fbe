import { render } from '@testing-library/react';
import { expect, it, vi } from 'vitest';

/** Whether the promise has settled by the time pending tasks have run. */
const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

it('settles once the navbar, the page and the footer have each been hydrated, not before', async () => {
  vi.resetModules();
  const { HydratedMark, pageHydrated } = await import('./hydration');
  render(
    <>
      <HydratedMark part="navbar" />
      <HydratedMark part="page" />
    </>,
  );
  expect(await settled(pageHydrated)).toBe(false);
  render(<HydratedMark part="footer" />);
  expect(await settled(pageHydrated)).toBe(true);
});

it('settles at once for a page nothing hydrates', async () => {
  vi.resetModules();
  const { noHydration, pageHydrated } = await import('./hydration');
  expect(await settled(pageHydrated)).toBe(false);
  noHydration();
  expect(await settled(pageHydrated)).toBe(true);
});
