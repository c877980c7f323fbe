import { useParams } from 'wouter';
import { SignedInPage } from '#app/features/auth/components/signed-in-page.tsx';
import { SandboxCheckout } from '#app/features/payments/components/sandbox-checkout.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

/** /checkout/sandbox/:id, the test-mode stand-in for Stripe Checkout (docs/product.md#payments). */
export default function CheckoutSandboxPage() {
  useDocumentTitle('Test checkout');
  const { id = '' } = useParams<{ id: string }>();
  return (
    <SignedInPage title="Checkout" reason="You need to be logged in to purchase credits">
      <SandboxCheckout id={id} />
    </SignedInPage>
  );
}
