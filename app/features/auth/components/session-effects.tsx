import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { AUTH_FAILED, signInErrorMessage } from '#common/auth-errors.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { PAGE_LOADED_AT } from '#app/lib/page-loaded-at.ts';
import { isServedWithPage } from '#app/lib/served-with-page.ts';
import { refreshSession, sessionKeys } from '#app/features/auth/api/get-session.ts';
import { takeFlash } from '#app/features/auth/lib/flash.ts';

const CALLBACK_PATH = '/auth/google/callback';

/**
 * App-wide session behaviour on load (docs/product.md#screens, on load): re-check the session the
 * persisted cache restored, replay a toast left before a full reload, and report a Google sign-in
 * error passed back in the `error` query parameter, removing it from the address.
 */
export function SessionEffects() {
  const queryClient = useQueryClient();
  const isRestoring = useIsRestoring();
  const [location, navigate] = useLocation();
  const handled = useRef(false);

  useEffect(() => {
    if (isRestoring) return;
    // A session restored from the device may have expired on the server, and cached data never goes
    // stale by itself; a session fetched (or being fetched) during this page load is already current,
    // and so is one the server rendered this page with. That one is not asked for again: the page is
    // still hydrating from it, and a changed balance would not match its HTML (docs/decisions/0019).
    const query = queryClient.getQueryCache().find({ queryKey: sessionKeys.session, exact: true });
    const state = query?.state;
    if (
      query &&
      state?.data !== undefined &&
      state.dataUpdatedAt < PAGE_LOADED_AT &&
      state.fetchStatus !== 'fetching' &&
      !isServedWithPage(query.queryHash)
    ) {
      void refreshSession(queryClient);
    }
  }, [isRestoring, queryClient]);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const params = new URLSearchParams(window.location.search);
    const error = params.get('error');
    const flash = takeFlash();
    if (error && location !== CALLBACK_PATH) {
      // Only known messages are shown; a link's own text never is (docs/decisions/0024).
      const known = signInErrorMessage(error);
      toast({
        title: 'Authentication failed',
        description: known === AUTH_FAILED ? 'Please try again.' : known,
        variant: 'destructive',
      });
      params.delete('error');
      const search = params.toString();
      navigate(`${location}${search ? `?${search}` : ''}${window.location.hash}`, { replace: true });
    } else if (flash) {
      toast(flash);
    }
  }, [location, navigate]);

  return null;
}
