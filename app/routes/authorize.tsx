import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { authHref } from '#common/next-path.ts';
import { SkeletonGroup } from '#app/components/ui/skeleton.tsx';
import { sessionKeys } from '#app/features/auth/api/get-session.ts';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { ConsentScreen } from '#app/features/connections/components/consent-screen.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { toast } from '#app/hooks/use-toast.ts';

const SIGN_IN_REASON = 'Please log in to connect an app to your account';

/**
 * /authorize, where an app connecting through OAuth sends the person (docs/decisions/0042): the
 * worker brings them here signed in, with the app's request in the query; a visitor is sent to sign
 * in and comes back. The query is read as the page opened, once. Found signed out later (in another
 * tab), they are sent the same way, to the same address.
 */
export default function AuthorizePage() {
  useDocumentTitle('Connect an app');
  const { user } = useRequireAuth(SIGN_IN_REASON);
  const [query] = useState(() => (typeof window === 'undefined' ? '' : window.location.search));
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const onSignedOut = useCallback(() => {
    // Signed out first, so the sign-in page does not send a session it still remembers straight back here.
    queryClient.setQueryData(sessionKeys.session, null);
    toast({ title: 'Authentication required', description: SIGN_IN_REASON, variant: 'destructive' });
    navigate(authHref(`/authorize${query}`), { replace: true });
  }, [queryClient, navigate, query]);
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      {user ? (
        <ConsentScreen query={query} onSignedOut={onSignedOut} />
      ) : (
        <SkeletonGroup label="Loading" className="grid" shapes={['h-96 rounded-2xl']} />
      )}
    </div>
  );
}
