import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../hooks/use-toast';
import { api } from './api-client';
import { creditKeys, myAgentsKeys, paymentKeys, proposalKeys, sessionKeys } from './query-keys';

/** Query-key prefixes holding private data, dropped at logout (DESIGN decision 12). */
export const PRIVATE_KEY_PREFIXES = [sessionKeys.session[0], creditKeys.all[0], myAgentsKeys.all[0], proposalKeys.all[0], paymentKeys.all[0]] as const;

/** Client-stored credit values SPEC section 3 lists; only ever a cache of the server's numbers. */
const STORED_CREDIT_KEYS = ['current-credit-balance', 'consumed-credits', 'total-credits'];

/** Forgets everything private about the current user (the session itself is handled by callers). */
export function clearPrivateData(queryClient: QueryClient): void {
  for (const key of STORED_CREDIT_KEYS) localStorage.removeItem(key);
  for (const prefix of PRIVATE_KEY_PREFIXES.slice(1)) queryClient.removeQueries({ queryKey: [prefix] });
}

/**
 * SPEC section 4: logout clears the user and stored credit values even if the server call fails.
 */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await api.auth.logout.$post();
  } catch {
    // Offline or server error: the local session is cleared all the same.
  }
  queryClient.setQueryData(sessionKeys.session, null);
  clearPrivateData(queryClient);
  toast({ title: 'Logged out' });
}
