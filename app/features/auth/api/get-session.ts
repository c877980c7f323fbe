import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { SESSION_HINT_COOKIE } from '../../../../common/constants';
import type { SessionUser } from '../../../../common/types';
import { api, ApiError, unwrap } from '../../../lib/api-client';
import { PAGE_LOADED_AT } from '../../../lib/page-loaded-at';
import { hasCookie } from '../lib/cookies';
import { sessionKeys } from '../../../lib/query-keys';
import { useHydrated } from '../../../hooks/use-hydrated';

export { sessionKeys };

/** Whether the server has said this browser holds a session (the session cookie itself is HttpOnly). */
export const hasSessionHint = (cookie = typeof document === 'undefined' ? '' : document.cookie): boolean => hasCookie(SESSION_HINT_COOKIE, cookie);

/** The signed-in user, or null for a visitor (401). Visitors without the hint are not asked about. */
export async function getSession(): Promise<SessionUser | null> {
  if (!hasSessionHint()) return null;
  try {
    return await unwrap<SessionUser>(await api.auth.session.$get());
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
    throw error;
  }
}

export const getSessionQueryOptions = () => queryOptions({ queryKey: sessionKeys.session, queryFn: getSession });


/**
 * The signed-in user. Pages come from the server as a visitor sees them; the user shows once the
 * page is hydrated, so hydration never meets markup the server did not send.
 */
export const useSession = () => {
  const query = useQuery(getSessionQueryOptions());
  const hydrated = useHydrated();
  return {
    user: hydrated ? (query.data ?? null) : null,
    isLoading: query.isPending,
    /** Whether the server has confirmed the session during this page load (not just the saved copy). */
    isConfirmed: query.dataUpdatedAt >= PAGE_LOADED_AT || query.errorUpdatedAt >= PAGE_LOADED_AT,
    query,
  };
};

/** Merges fields the server has confirmed (e.g. a profile edit) into the cached session user. */
export function updateSessionUser(queryClient: QueryClient, patch: Partial<SessionUser>): void {
  queryClient.setQueryData<SessionUser | null>(sessionKeys.session, (user) => (user ? { ...user, ...patch } : user));
}

/** Re-reads the session from the server (the navbar balance is the session user's credits). */
export const refreshSession = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: sessionKeys.session });
