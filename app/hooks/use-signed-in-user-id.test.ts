import { QueryClient } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { sessionKeys } from '#app/lib/query-keys.ts';
import { signedInUserIdNow } from './use-signed-in-user-id';

it('waits for a session still on its way, so an action taken now knows who is signed in', async () => {
  const client = new QueryClient();
  let answer!: (user: { id: number }) => void;
  void client.prefetchQuery({
    queryKey: sessionKeys.session,
    queryFn: () => new Promise<{ id: number }>((resolve) => (answer = resolve)),
  });
  const now = signedInUserIdNow(client);
  answer({ id: 7 });
  expect(await now).toBe(7);
});

it('is null for a visitor, and without waiting when no session is being asked for', async () => {
  const client = new QueryClient();
  expect(await signedInUserIdNow(client)).toBeNull();
  client.setQueryData(sessionKeys.session, null);
  expect(await signedInUserIdNow(client)).toBeNull();
});
