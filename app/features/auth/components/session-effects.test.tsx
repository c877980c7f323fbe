import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_HINT_COOKIE } from '#common/constants.ts';
import type { SessionUser } from '#common/types.ts';
import { Toaster } from '#app/components/ui/toaster.tsx';
import { dismissToast, toast } from '#app/hooks/use-toast.ts';
import { noHydration } from '#app/lib/hydration.ts';
import { PAGE_LOADED_AT } from '#app/lib/page-loaded-at.ts';
import { forgetServedWithPage, markServedWithPage } from '#app/lib/served-with-page.ts';
import { getSessionQueryOptions, sessionKeys, useSession } from '#app/features/auth/api/get-session.ts';
import { toastAcrossReload } from '#app/features/auth/lib/flash.ts';
import { SessionEffects } from './session-effects';

const mount = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionEffects />
      <Toaster />
    </QueryClientProvider>,
  );

describe('SessionEffects', () => {
  // The toast store is module-wide: start every test without the previous one's toast.
  beforeEach(async () => {
    act(() => dismissToast(toast({ title: 'reset' })));
    await new Promise((resolve) => setTimeout(resolve, 350));
  });

  afterEach(() => {
    window.history.replaceState(null, '', '/');
    sessionStorage.clear();
    document.cookie = 'flash-toast=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/';
    vi.restoreAllMocks();
  });

  it('reports a Google sign-in error from the address and removes it', async () => {
    window.history.replaceState(null, '', '/auth?error=access_denied&keep=1');
    mount();
    expect(await screen.findByText('Authentication failed')).toBeTruthy();
    // A link's own text is never shown (docs/decisions/0024): only known messages, else a generic one.
    expect(screen.getByText('Please try again.')).toBeTruthy();
    expect(screen.queryByText(/access_denied/)).toBeNull();
    expect(window.location.pathname + window.location.search).toBe('/auth?keep=1');
  });

  it('leaves the Google callback page its own error handling', () => {
    window.history.replaceState(null, '', '/auth/google/callback?error=x');
    mount();
    expect(screen.queryByText('Authentication failed')).toBeNull();
    expect(window.location.search).toBe('?error=x');
  });

  it('replays a toast the previous page left before a full reload, once', async () => {
    // As the previous document stored it (toastAcrossReload there): the toast and the cookie saying one waits.
    sessionStorage.setItem(
      'flash-toast',
      JSON.stringify({
        title: 'Registration successful',
        description: 'Your account has been created',
        page: 'previous',
      }),
    );
    document.cookie = 'flash-toast=1; Max-Age=60; Path=/';
    mount();
    expect(await screen.findByText('Your account has been created')).toBeTruthy();
    expect(sessionStorage.getItem('flash-toast')).toBeNull();
  });

  it('does not open sessionStorage on a page load no toast is waiting for', async () => {
    const getItem = vi.spyOn(window.sessionStorage, 'getItem');
    mount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getItem).not.toHaveBeenCalledWith('flash-toast');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('leaves the toast a page sets before reloading for the next page', async () => {
    toastAcrossReload({ title: 'Authentication Successful', description: 'Signed in as demo' });
    mount();
    expect(await screen.findByText('Signed in as demo')).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem('flash-toast') ?? '{}')).toMatchObject({
      title: 'Authentication Successful',
    });
  });
});

describe('SessionEffects: a session restored from the device', () => {
  const user: SessionUser = {
    id: 1,
    username: 'demo',
    email: 'demo@example.com',
    credits: 100,
    consumed: 0,
    role: 'user',
    profilePicture: null,
    createdAt: '2026-01-01T00:00:00Z',
    emailVerified: true,
  };
  const restoredAt = PAGE_LOADED_AT - 60_000;
  let answer: () => void = () => undefined;
  const fetchMock = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        answer = () =>
          resolve(new Response(JSON.stringify(user), { status: 200, headers: { 'Content-Type': 'application/json' } }));
      }),
  );

  function Navbar() {
    useSession();
    return null;
  }
  const newClient = () =>
    new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  const mountWith = (client: QueryClient) =>
    render(
      <QueryClientProvider client={client}>
        <Navbar />
        <SessionEffects />
      </QueryClientProvider>,
    );

  beforeEach(() => {
    // A page the browser renders by itself, as main.tsx starts one: nothing waits for hydration.
    noHydration();
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = `${SESSION_HINT_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });

  it('is checked with the server again', async () => {
    const client = newClient();
    client.setQueryData(sessionKeys.session, user, { updatedAt: restoredAt });
    mountWith(client);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    answer();
    await waitFor(() =>
      expect(client.getQueryState(sessionKeys.session)?.dataUpdatedAt).toBeGreaterThanOrEqual(PAGE_LOADED_AT),
    );
  });

  it('is not asked for again when the server rendered this page with it', async () => {
    const client = newClient();
    client.setQueryData(sessionKeys.session, user, { updatedAt: restoredAt });
    markServedWithPage(client, dehydrate(client));
    mountWith(client);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    forgetServedWithPage();
  });

  it('is asked for once when the page already asked at start', async () => {
    const client = newClient();
    // The app asks at start; the saved copy is restored while the answer is on its way.
    void client.prefetchQuery(getSessionQueryOptions());
    client.setQueryData(sessionKeys.session, user, { updatedAt: restoredAt });
    mountWith(client);
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer();
    await waitFor(() =>
      expect(client.getQueryState(sessionKeys.session)?.dataUpdatedAt).toBeGreaterThanOrEqual(PAGE_LOADED_AT),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
