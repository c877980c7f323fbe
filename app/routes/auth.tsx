import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '#app/features/auth/api/get-session.ts';
import { AuthScreen } from '#app/features/auth/components/auth-screen.tsx';
import { useNextPath } from '#app/hooks/use-auth-href.ts';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

/**
 * /auth and /login. Someone already signed in is sent home (docs/product.md#screens, on load), or back
 * to the page that sent them here (`?next=`, a path of this site only: docs/decisions/0021).
 */
export default function AuthPage() {
  useDocumentTitle('Sign in');
  const { user, isLoading } = useSession();
  const [, navigate] = useLocation();
  const next = useNextPath();

  useEffect(() => {
    if (user) navigate(next ?? '/', { replace: true });
  }, [user, next, navigate]);

  if (isLoading) {
    return (
      <div role="status" aria-label="Checking your session" className="mx-auto max-w-6xl px-4 py-10">
        <div className="h-96 animate-pulse rounded-2xl bg-slate-200" />
      </div>
    );
  }
  // Stays mounted for the moment between signing in and the redirect so its toasts still fire.
  return <AuthScreen next={next} onSignedIn={() => navigate(next ?? '/')} />;
}
