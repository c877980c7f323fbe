import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../hooks/use-toast';

/** Query-key prefixes holding private data, dropped at logout (DESIGN decision 12). */
export const PRIVATE_KEY_PREFIXES = ['auth', 'credits', 'my-agents'] as const;

/**
 * SPEC section 4: logout clears the user and stored credit values even if the server call fails.
 */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await fetch('/api/auth/logout', { method: 'POST', credentials: 'include' });
  } catch {
    // Offline or server error: the local session is cleared all the same.
  }
  for (const key of ['current-credit-balance', 'consumed-credits', 'total-credits']) localStorage.removeItem(key);
  queryClient.setQueryData(['auth', 'session'], null);
  for (const prefix of PRIVATE_KEY_PREFIXES.slice(1)) queryClient.removeQueries({ queryKey: [prefix] });
  toast({ title: 'Logged out' });
}
