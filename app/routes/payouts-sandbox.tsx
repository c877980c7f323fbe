import { SignedInPage } from '#app/features/auth/components/signed-in-page.tsx';
import { SandboxOnboarding } from '#app/features/earnings/components/sandbox-onboarding.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

/** /payouts/sandbox, the test-mode stand-in for Stripe Connect's onboarding (docs/decisions/0029). */
export default function PayoutsSandboxPage() {
  useDocumentTitle('Test payout account');
  return (
    <SignedInPage title="Connect a payout account" reason="You need to be logged in to connect a payout account">
      <SandboxOnboarding />
    </SignedInPage>
  );
}
