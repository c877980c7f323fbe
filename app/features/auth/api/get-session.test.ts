import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, hasSessionHint } from './get-session';

describe('getSession', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    // An expiry in the past, not Max-Age=0: happy-dom keeps a Max-Age=0 cookie (empty, but named)
    // until the clock's next millisecond, and the next test starting within it found a hint.
    document.cookie = 'am_signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/';
  });

  it('reads the hint among other cookies, and only under its own name', () => {
    expect(hasSessionHint('theme=dark; am_signed_in=1')).toBe(true);
    expect(hasSessionHint('theme=dark')).toBe(false);
    expect(hasSessionHint('x_am_signed_in=1')).toBe(false);
  });

  it('answers a visitor without a request when there is no hint', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(getSession()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server when the hint is there, and takes 401 as signed out', async () => {
    document.cookie = 'am_signed_in=1; Path=/';
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'Please sign in', error: 'Please sign in' }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(getSession()).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
