import { hashKey, queryOptions, useQuery, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { SESSION_HINT_COOKIE } from '#common/constants.ts';
import type { SessionUser } from '#common/types.ts';
import { api, ApiError, unwrap } from '#app/lib/api-client.ts';
import { PAGE_LOADED_AT } from '#app/lib/page-loaded-at.ts';
import { hasCookie } from '#app/lib/cookies.ts';
import { sessionKeys } from '#app/lib/query-keys.ts';
import { useHydrated } from '#app/hooks/use-hydrated.ts';
import { pageHydrated } from '#app/lib/hydration.ts';

export { sessionKeys };

/** Whether the server has said this browser holds a session (the session cookie itself is HttpOnly). */
export const hasSessionHint = (cookie = typeof document === 'undefined' ? '' : document.cookie): boolean =>
  hasCookie(SESSION_HINT_COOKIE, cookie);

/** The signed-in user, or null for a visitor (401). Visitors without the hint are not asked about. */
export async function getSession(): Promise<SessionUser | null> {
  if (!hasSessionHint()) return null;
  try {
    return await unwrap(await api.auth.session.$get());
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
    throw error;
  }
}

export const getSessionQueryOptions = () => queryOptions({ queryKey: sessionKeys.session, queryFn: getSession });

/**
 * Whether the page was rendered for the signed-in person, their session in its HTML (every page the
 * server renders for someone signed in: docs/decisions/0019, 0031). The server and the hydrating
 * browser both provide it.
 */
export const SessionInPage = createContext(false);

/** Whether a server-rendered page's query state carries the session (it was rendered for that person). */
export const carriesSession = (state: DehydratedState): boolean =>
  state.queries.some((query) => query.queryHash === hashKey(sessionKeys.session));

/**
 * The signed-in user. A page rendered for the person (SessionInPage) shows them from the start. One
 * the server rendered as a visitor sees it (their session could not be read then, or it is the plain
 * shell) shows them once hydrated, so hydration never meets markup the server did not send.
 */
export const useSession = () => {
  const query = useQuery(getSessionQueryOptions());
  const hydrated = useHydrated();
  const inPage = useContext(SessionInPage);
  const known = hydrated || inPage;
  return {
    user: known ? (query.data ?? null) : null,
    // Until then the user is not shown even when known: no one may take that for a visitor.
    isLoading: query.isPending || !known,
    /** Whether the server has confirmed the session during this page load (not just the saved copy). */
    isConfirmed: query.dataUpdatedAt >= PAGE_LOADED_AT || query.errorUpdatedAt >= PAGE_LOADED_AT,
    query,
  };
};

/** Merges fields the server has confirmed (e.g. a profile edit) into the cached session user. */
export function updateSessionUser(queryClient: QueryClient, patch: Partial<SessionUser>): void {
  queryClient.setQueryData<SessionUser | null>(sessionKeys.session, (user) => (user ? { ...user, ...patch } : user));
}

/**
 * Re-reads the session from the server (the navbar balance is the session user's credits), once every
 * part of the page has hydrated: a page rendered with the session must not meet a changed balance
 * while it still hydrates (docs/decisions/0019).
 */
export const refreshSession = (queryClient: QueryClient) =>
  pageHydrated.then(() => queryClient.invalidateQueries({ queryKey: sessionKeys.session }));
