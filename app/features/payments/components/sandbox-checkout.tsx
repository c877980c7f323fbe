import { FlaskConical, Lock } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '#app/components/ui/button.tsx';
import { NoticeCard } from '#app/components/ui/notice-card.tsx';
import { SkeletonGroup } from '#app/components/ui/skeleton.tsx';
import { toastError } from '#app/hooks/use-toast.ts';
import { ApiError, errorMessage } from '#app/lib/api-client.ts';
import { useCancelSandbox } from '#app/features/payments/api/cancel-sandbox.ts';
import { useCompleteSandbox } from '#app/features/payments/api/complete-sandbox.ts';
import { useSandboxSession } from '#app/features/payments/api/get-sandbox-session.ts';
import { formatCount } from '#app/lib/format.ts';
import { checkoutReturnPath } from '#common/checkout-return.ts';
import { CENTS_PER_DOLLAR } from '#common/constants.ts';
import { formatDecimal } from '#common/format.ts';
import { safeNextPath } from '#common/next-path.ts';

const dollars = (cents: number) => formatDecimal(cents / CENTS_PER_DOLLAR, 0, 2);

function TestModeBanner() {
  return (
    <p className="flex items-center justify-center gap-2 rounded-t-2xl bg-amber-400 px-4 py-2 text-sm font-bold uppercase tracking-wide text-slate-900">
      <FlaskConical aria-hidden className="size-4" /> Test mode: no real payment is taken
    </p>
  );
}

/**
 * The sandbox checkout (docs/product.md#payments): stands in for Stripe Checkout when the server has no
 * Stripe keys. Paying credits the account through the server's normal purchase code.
 */
export function SandboxCheckout({ id }: { id: string }) {
  const [, navigate] = useLocation();
  // The page the purchase started on (an agent's): Pay and Cancel return to /credits, which leads back there.
  const next = safeNextPath(new URLSearchParams(useSearch()).get('next'));
  const BACK = { href: next ? `/credits?${new URLSearchParams({ next })}` : '/credits', label: 'Back to Credits' };
  const session = useSandboxSession(id);
  const complete = useCompleteSandbox();
  const cancel = useCancelSandbox();
  const busy = complete.isPending || cancel.isPending;

  if (session.isPending) {
    return (
      <SkeletonGroup
        label="Loading checkout"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-8"
        shapes={['h-6 w-1/2', 'h-24']}
      />
    );
  }
  if (session.isError) {
    const missing = session.error instanceof ApiError && session.error.status === 404;
    return (
      <NoticeCard title={missing ? 'Checkout not found' : 'Checkout unavailable'} back={BACK}>
        {missing
          ? 'This checkout does not exist or belongs to another account.'
          : errorMessage(session.error, 'Please try again later.')}
      </NoticeCard>
    );
  }

  const { credits, amountCents, status } = session.data;
  const price = dollars(amountCents);

  if (status !== 'open') {
    return (
      <NoticeCard
        title={status === 'completed' ? 'This checkout is already paid' : 'This checkout has expired'}
        back={BACK}
      >
        {status === 'completed'
          ? `The ${credits} credits are already in your account.`
          : 'Start a new purchase from the Credits page.'}
      </NoticeCard>
    );
  }

  const pay = () =>
    complete.mutate(id, {
      onSuccess: () =>
        navigate(checkoutReturnPath({ outcome: 'success', amount: credits, next, sessionId: encodeURIComponent(id) })),
      onError: (error) => toastError('Purchase failed', error, 'There was an error processing your purchase'),
    });

  const onCancel = () =>
    cancel.mutate(id, {
      // Whatever the server says, leaving checkout must always work. /credits says it was cancelled (once).
      onSettled: () => navigate(checkoutReturnPath({ outcome: 'cancelled', amount: credits, next })),
    });

  return (
    <div className="overflow-hidden rounded-2xl border-2 border-amber-400 bg-white shadow-sm">
      <TestModeBanner />
      <div className="grid gap-6 p-6 sm:p-8">
        <div>
          <h2 className="text-xl font-semibold">AgentMarket credits</h2>
          <p className="mt-1 text-sm text-slate-600">
            This server runs without Stripe keys, so this page simulates a card payment. Paying here adds real credits
            to your account on this server only.
          </p>
        </div>
        <dl className="grid gap-3 rounded-xl bg-slate-50 p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Credits</dt>
            <dd className="font-semibold" data-testid="sandbox-credits">
              {formatCount(credits)}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Price (1 credit = $1)</dt>
            <dd className="font-semibold">${price}</dd>
          </div>
        </dl>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="lg" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <Button size="lg" disabled={busy} onClick={pay}>
            <Lock aria-hidden className="size-4" />
            {complete.isPending ? 'Processing...' : `Pay $${price} (test)`}
          </Button>
        </div>
      </div>
    </div>
  );
}
