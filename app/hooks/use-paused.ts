import type { FetchStatus } from '@tanstack/react-query';
import { useHydrated } from './use-hydrated';

/**
 * Whether a query waits for a connection (TanStack Query pauses it while the browser is offline).
 * False while React hydrates server HTML: the server rendered the query as it saw it, online, and a
 * connection lost before hydration ends (or a stale navigator.onLine) would otherwise render
 * something else there, a hydration mismatch. The offline state shows right after.
 */
export function usePaused(query: { fetchStatus: FetchStatus }): boolean {
  const hydrated = useHydrated();
  return hydrated && query.fetchStatus === 'paused';
}
