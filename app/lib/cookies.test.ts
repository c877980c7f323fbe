import { afterEach, expect, it, vi } from 'vitest';
import { requestCookies } from './cookies';

afterEach(() => {
  document.head.querySelectorAll('meta[name="request-cookies"]').forEach((meta) => meta.remove());
  for (const name of ['am_display', 'flash-toast']) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  vi.restoreAllMocks();
});

const named = (content: string) => {
  const meta = Object.assign(document.createElement('meta'), { name: 'request-cookies', content });
  document.head.append(meta);
};
const navigationOf = (type: NavigationTimingType) =>
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as PerformanceNavigationTiming]);

it('takes the cookies the server named, not those of document.cookie', () => {
  document.cookie = 'flash-toast=1';
  named('am_display am_signed_in');
  navigationOf('navigate');
  const sent = requestCookies();
  expect([sent('am_display'), sent('am_signed_in'), sent('flash-toast')]).toEqual([true, true, false]);
});

it('takes none when the server named none', () => {
  document.cookie = 'am_display=1';
  named('');
  navigationOf('reload');
  expect(requestCookies()('am_display')).toBe(false);
});

it('reads document.cookie on a page the server did not name them in (the plain shell)', () => {
  document.cookie = 'flash-toast=1';
  const sent = requestCookies();
  expect([sent('flash-toast'), sent('am_display')]).toEqual([true, false]);
});

it("reads document.cookie on a page shown again from the browser's cache (Back): what the server named is of another time", () => {
  document.cookie = 'am_display=1';
  named('');
  navigationOf('back_forward');
  expect(requestCookies()('am_display')).toBe(true);
});
