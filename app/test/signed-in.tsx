// What a component or page test needs to run for someone signed in: the person, the query client a
// page finds their session in, and a render at an address of the test's choosing.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SessionUser } from '#common/types.ts';
import { sessionKeys } from '#app/lib/query-keys.ts';

/** Sam, a customer with an address confirmed; `fields` change what the test is about. */
export const personOf = (fields: Partial<SessionUser> = {}): SessionUser => ({
  id: 5,
  username: 'sam',
  email: 'sam@example.com',
  credits: 10,
  consumed: 0,
  role: 'user',
  profilePicture: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
  ...fields,
});

/** A query client holding `user`'s session, as the app has it once signed in: no retries, nothing goes stale. */
export function signedInClient(user: SessionUser): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionKeys.session, user);
  return client;
}

/**
 * Renders `ui` for `user` at `path` (with `search`, no '?'); the client and the location, which
 * records where the app went, are returned.
 */
export function renderSignedIn(
  ui: ReactNode,
  { user, path, search }: { user: SessionUser; path: string; search?: string },
) {
  const client = signedInClient(user);
  const location = memoryLocation({ path, searchPath: search, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </Router>,
  );
  return { client, location };
}
