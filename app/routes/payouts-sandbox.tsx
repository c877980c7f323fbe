import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { SandboxOnboarding } from '#app/features/earnings/components/sandbox-onboarding.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

/** /payouts/sandbox, the test-mode stand-in for Stripe Connect's onboarding (docs/decisions/0029). */
export default function PayoutsSandboxPage() {
  useDocumentTitle('Test payout account');
  const { user } = useRequireAuth('You need to be logged in to connect a payout account');
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Connect a payout account</h1>
      {user ? <SandboxOnboarding /> : <Skeleton className="h-72 rounded-2xl" />}
    </div>
  );
}
