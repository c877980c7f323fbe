import { onlineManager } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { authHref } from '#common/next-path.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { useSession } from '#app/features/auth/api/get-session.ts';

/**
 * Protected pages (docs/product.md#roles): a visitor is told why and sent to /auth. When the user signs
 * out while on the page, the logout action takes them home, so no second toast is shown here. The
 * sign-in page brings them back here afterwards (`?next=`, docs/decisions/0021).
 */
export function useRequireAuth(description: string, title = 'Authentication required') {
  const { user, isLoading, isConfirmed } = useSession();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const hadUser = useRef(false);
  const redirected = useRef(false);

  useEffect(() => {
    if (user) hadUser.current = true;
  }, [user]);

  useEffect(() => {
    if (isLoading || user || redirected.current) return;
    // A visitor saved on this device may have signed in since (another tab, a new cookie): wait for
    // the server's answer on load before sending them away. Offline, the saved answer stands.
    if (!isConfirmed && onlineManager.isOnline()) return;
    redirected.current = true;
    if (hadUser.current) return;
    toast({ title, description, variant: 'destructive' });
    // The hash too: a mailed link to a part of a page (/settings#where-you-are-signed-in) comes back to it.
    navigate(authHref(`${location}${search ? `?${search}` : ''}${window.location.hash}`), { replace: true });
  }, [isLoading, isConfirmed, user, title, description, navigate, location, search]);

  return { user, isLoading };
}
