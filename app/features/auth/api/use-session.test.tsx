import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import type { SessionUser } from '#common/types.ts';
import { createQueryClient } from '#app/lib/query-client.ts';
import { sessionKeys } from '#app/lib/query-keys.ts';
import { SessionInPage, useSession } from './get-session';

const ada: SessionUser = {
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  credits: 100,
  consumed: 0,
  role: 'user',
  profilePicture: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
};

function Who() {
  const { user, isLoading } = useSession();
  return <p>{user ? `Signed in as ${user.username}` : isLoading ? 'Checking' : 'Visitor'}</p>;
}

/** Server HTML, then the browser hydrating it, both from a cache that holds the session. */
async function serveAndHydrate(inPage: boolean) {
  const page = () => {
    const client = createQueryClient();
    client.setQueryData(sessionKeys.session, ada);
    return (
      <QueryClientProvider client={client}>
        <SessionInPage value={inPage}>
          <Who />
        </SessionInPage>
      </QueryClientProvider>
    );
  };
  const container = document.createElement('div');
  container.innerHTML = renderToString(page());
  const served = container.textContent;
  document.body.append(container);
  const onRecoverableError = vi.fn();
  await act(async () => {
    hydrateRoot(container, page(), { onRecoverableError });
  });
  const shown = container.textContent;
  container.remove();
  return { served, shown, mismatches: onRecoverableError.mock.calls.length };
}

it('a page rendered for the person shows them in its HTML and keeps them through hydration', async () => {
  expect(await serveAndHydrate(true)).toEqual({ served: 'Signed in as ada', shown: 'Signed in as ada', mismatches: 0 });
});

it('a public page is served as a visitor sees it, still loading rather than signed out, and shows the person once hydrated', async () => {
  expect(await serveAndHydrate(false)).toEqual({ served: 'Checking', shown: 'Signed in as ada', mismatches: 0 });
});
