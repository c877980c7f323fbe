import type { ReactNode } from 'react';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';

/**
 * A short page only a signed-in person may see (the test-mode stand-ins for Stripe's pages): its
 * heading, then its content once the session is known and a placeholder until then. A visitor is
 * sent to sign in, told `reason` (useRequireAuth).
 */
export function SignedInPage({ title, reason, children }: { title: string; reason: string; children: ReactNode }) {
  const { user } = useRequireAuth(reason);
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">{title}</h1>
      {user ? children : <Skeleton className="h-72 rounded-2xl" />}
    </div>
  );
}
