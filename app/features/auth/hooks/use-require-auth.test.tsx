import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '#app/components/ui/toaster.tsx';
import { dismissToast, toast } from '#app/hooks/use-toast.ts';
import { sessionKeys } from '#app/features/auth/api/get-session.ts';
import { useRequireAuth } from './use-require-auth';

function Protected() {
  const { user } = useRequireAuth('You need to be logged in to view your agents');
  return <p>{user ? `Hello ${user.username}` : 'Loading'}</p>;
}

const mount = (user: unknown) => {
  const client = new QueryClient();
  client.setQueryData(sessionKeys.session, user);
  render(
    <QueryClientProvider client={client}>
      <Protected />
      <Toaster />
    </QueryClientProvider>,
  );
  return client;
};

describe('useRequireAuth', () => {
  // The toast store is module-wide: start every test without the previous one's toast.
  beforeEach(async () => {
    act(() => dismissToast(toast({ title: 'reset' })));
    await new Promise((resolve) => setTimeout(resolve, 350));
  });

  it('sends visitors to /auth with the reason, asking to come back here', async () => {
    window.history.replaceState(null, '', '/my-agents?tab=drafts');
    mount(null);
    expect(await screen.findByText('Authentication required')).toBeTruthy();
    expect(screen.getByText('You need to be logged in to view your agents')).toBeTruthy();
    expect(window.location.pathname).toBe('/auth');
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/my-agents?tab=drafts');
  });

  it('keeps the part of the page a mailed link names', async () => {
    window.history.replaceState(null, '', '/settings#where-you-are-signed-in');
    mount(null);
    expect(await screen.findByText('Authentication required')).toBeTruthy();
    expect(new URLSearchParams(window.location.search).get('next')).toBe('/settings#where-you-are-signed-in');
  });

  it('lets users in, and stays quiet when they log out on the page', async () => {
    window.history.replaceState(null, '', '/my-agents');
    const client = mount({ id: 1, username: 'demo' });
    expect(screen.getByText('Hello demo')).toBeTruthy();
    client.setQueryData(sessionKeys.session, null);
    await waitFor(() => expect(screen.getByText('Loading')).toBeTruthy());
    expect(screen.queryByText('Authentication required')).toBeNull();
    expect(window.location.pathname).toBe('/my-agents');
  });
});
