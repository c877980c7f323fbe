import { useLocation, useSearch } from 'wouter';
import { authHref, safeNextPath } from '#common/next-path.ts';

/**
 * /auth with `?next=` this page, so signing in returns here (docs/decisions/0021). Read from the
 * router, not from `window`, so the server and the browser render the same link.
 */
export function useAuthHref(): string {
  const [path] = useLocation();
  const search = useSearch();
  return authHref(search ? `${path}?${search}` : path);
}

/** The checked `?next=` of the current page (the sign-in pages): where to go once signed in, or null. */
export function useNextPath(): string | null {
  return safeNextPath(new URLSearchParams(useSearch()).get('next'));
}
