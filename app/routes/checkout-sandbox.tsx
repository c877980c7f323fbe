import { useParams } from 'wouter';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { SandboxCheckout } from '#app/features/payments/components/sandbox-checkout.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

/** /checkout/sandbox/:id, the test-mode stand-in for Stripe Checkout (docs/product.md#payments). */
export default function CheckoutSandboxPage() {
  useDocumentTitle('Test checkout');
  const { user } = useRequireAuth('You need to be logged in to purchase credits');
  const { id = '' } = useParams<{ id: string }>();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Checkout</h1>
      {user ? <SandboxCheckout id={id} /> : <Skeleton className="h-72 rounded-2xl" />}
    </div>
  );
}
