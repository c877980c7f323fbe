import type { QueryClient } from '@tanstack/react-query';
import { toast } from '#app/hooks/use-toast.ts';
import { api } from './api-client';
import { getQueryStore, PRIVATE_KEY_PREFIXES } from './persist';
import { savedKeys, sessionKeys } from './query-keys';

/** Client-stored credit values docs/product.md#data lists; only ever a cache of the server's numbers. */
const STORED_CREDIT_KEYS = ['current-credit-balance', 'consumed-credits', 'total-credits'];

/** Forgets everything private about the current user (the session itself is handled by callers). */
export function clearPrivateData(queryClient: QueryClient): void {
  for (const key of STORED_CREDIT_KEYS) localStorage.removeItem(key);
  for (const prefix of PRIVATE_KEY_PREFIXES.slice(1)) queryClient.removeQueries({ queryKey: [prefix] });
  // /saved as the server drew it for this person names their account's agents (docs/decisions/0036).
  queryClient.removeQueries({ queryKey: savedKeys.served });
  // The copies saved for offline use go too (the session's own entry is written again as it changes).
  void getQueryStore()
    ?.removePrivate()
    .catch(() => undefined);
}

/**
 * docs/product.md#states: logout clears the user and stored credit values even if the server call fails.
 * The session is cleared first, before the server is asked: a part of the page that mounts meanwhile
 * (a Log out tapped before the app ran is replayed while the page is still being drawn) renders for
 * a visitor and asks for nothing of theirs, which the server would refuse once the session has ended.
 */
export async function logout(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(sessionKeys.session, null);
  try {
    await api.auth.logout.$post();
  } catch {
    // Offline or server error: the local session is cleared all the same.
  }
  clearPrivateData(queryClient);
  toast({ title: 'Logged out' });
}
