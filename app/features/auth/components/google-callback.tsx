import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { signInErrorMessage } from '#common/auth-errors.ts';
import { authHref, safeNextPath } from '#common/next-path.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { getSession } from '#app/features/auth/api/get-session.ts';
import { toastAcrossReload } from '#app/features/auth/lib/flash.ts';
import { AuthProgress } from './auth-progress';

/**
 * Where the worker sends the browser after Google (docs/product.md#screens). An `error` parameter
 * means sign-in failed; otherwise the session cookie is set and the app reloads at `next` (the page
 * the sign-in started from, checked by the worker and again here) or at its root.
 */
export function GoogleCallback() {
  const [, navigate] = useLocation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const error = params.get('error');
    const next = safeNextPath(params.get('next'));
    if (error) {
      // Anyone can put any text in a link's `error`: only the known messages are shown (docs/decisions/0024).
      toast({ title: 'Authentication Error', description: signInErrorMessage(error), variant: 'destructive' });
      navigate(authHref(next), { replace: true });
      return;
    }
    void (async () => {
      try {
        const user = await getSession();
        if (!user) throw new Error('No session after Google sign-in');
        toastAcrossReload({ title: 'Authentication Successful', description: `Signed in as ${user.username}` });
        window.location.replace(next ?? '/');
      } catch {
        toast({
          title: 'Authentication Failed',
          description: 'We could not sign you in with Google. Please try again.',
          variant: 'destructive',
        });
        navigate(authHref(next), { replace: true });
      }
    })();
  }, [navigate]);

  return <AuthProgress title="Processing Authentication">Finishing your Google sign-in…</AuthProgress>;
}
