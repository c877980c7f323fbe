import { useQueryClient } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { INITIAL_CREDITS } from '#common/constants.ts';
import { safeNextPath } from '#common/next-path.ts';
import { BackLink } from '#app/components/ui/back-link.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useConfig } from '#app/features/auth/api/get-config.ts';
import { refreshSession } from '#app/features/auth/api/get-session.ts';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { useAgent } from '#app/features/agents/api/get-agent.ts';
import { PurchaseConfirmation, type PurchaseReturn } from '#app/features/credits/components/purchase-confirmation.tsx';
import { PurchaseForm } from '#app/features/credits/components/purchase-form.tsx';
import { initialPurchaseAmount } from '#app/features/credits/lib/amount.ts';
import { useCreateCheckout } from '#app/features/payments/api/create-checkout.ts';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { agentIdIn } from '#app/lib/buy-credits.ts';
import { formatCount } from '#app/lib/format.ts';
import { isRetryable, newIdempotencyKey } from '#app/lib/idempotency.ts';

const positive = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * Where a purchase started on a page of this site (`?next=`, an agent's 'Buy credits to try') leads
 * back to: named after the agent when it is one (the server renders its name with the page).
 */
function usePurchaseReturn(next: string | null): PurchaseReturn | null {
  const agent = useAgent(agentIdIn(next) ?? 0);
  if (!next) return null;
  return { href: next, label: agent.data ? `Back to ${agent.data.name}` : 'Back to where you were' };
}

export default function CreditsPage() {
  useDocumentTitle('Buy Credits');
  const { user } = useRequireAuth('You need to be logged in to purchase credits');
  const queryClient = useQueryClient();
  const config = useConfig();
  const checkout = useCreateCheckout();
  const [leaving, setLeaving] = useState(false);
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const purchase = params.get('purchase');
  const next = safeNextPath(params.get('next'));
  const back = usePurchaseReturn(next);
  // The checkout's return, as the page opened with it: kept once the address no longer says it.
  const [returned] = useState(() =>
    purchase === 'success'
      ? {
          sessionId: params.get('session_id'),
          credits: positive(params.get('amount')) ?? positive(params.get('credits')),
        }
      : null,
  );
  // Confirmed: the balance on screen is the server's new one, and the address keeps the amount and
  // where to go back, not the return, so a reload does not confirm the purchase again.
  const onConfirmed = useCallback(() => {
    void refreshSession(queryClient);
    const kept = new URLSearchParams();
    const amount = new URLSearchParams(window.location.search).get('amount');
    if (amount) kept.set('amount', amount);
    if (next) kept.set('next', next);
    const search = kept.toString();
    navigate(search ? `/credits?${search}` : '/credits', { replace: true });
  }, [queryClient, navigate, next]);

  // One Idempotency-Key per intended purchase: tapping again after a lost answer gets the same checkout.
  const intended = useRef<{ amount: number; key: string } | null>(null);
  const onContinue = (amount: number) => {
    if (intended.current?.amount !== amount) intended.current = { amount, key: newIdempotencyKey() };
    checkout.mutate(
      { amount, next, idempotencyKey: intended.current.key },
      {
        onSuccess: ({ url }) => {
          intended.current = null;
          // Stripe Checkout or the sandbox page: a full navigation, the way Stripe requires.
          setLeaving(true);
          window.location.assign(url);
        },
        onError: (error) => {
          if (!isRetryable(error)) intended.current = null;
          toast({
            title: 'Purchase failed',
            description: 'There was an error processing your purchase',
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <BackLink
        href={back?.href ?? '/discover'}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:underline"
      >
        {back?.label ?? 'Back to Discover'}
      </BackLink>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Buy Credits</h1>
          <p className="mt-1 text-slate-600">Credits pay for trying agents. 1 credit = $1.</p>
        </div>
        {user ? (
          <p className="rounded-full bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-900">
            Current balance: <span data-testid="credits-balance">{formatCount(user.credits)}</span> credits
          </p>
        ) : (
          <Skeleton className="h-9 w-48" />
        )}
      </div>

      {user && returned && (
        <div className="mt-6">
          <PurchaseConfirmation
            sessionId={returned.sessionId}
            credits={returned.credits}
            back={back}
            onConfirmed={onConfirmed}
          />
        </div>
      )}
      {purchase === 'cancelled' && (
        <p role="status" className="mt-6 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700">
          Checkout cancelled. No credits were added and nothing was charged.
        </p>
      )}

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
        {user && config.data?.paymentsMode === 'none' ? (
          // docs/product.md#payments: neither Stripe nor the sandbox is set up, so nothing is offered for sale.
          <div role="status" className="h-fit rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
            <h2 className="text-lg font-semibold text-slate-900">Payments are not configured</h2>
            <p className="mt-2 text-sm">
              This server cannot take payments yet, so credits cannot be bought here. Your balance and free credits work
              as usual.
            </p>
          </div>
        ) : user ? (
          // ?amount= (an agent page sends someone short of a try here with it): read from the router,
          // so the server's render for the person and the browser's hydration start from the same amount.
          <PurchaseForm
            processing={checkout.isPending || leaving}
            initialAmount={initialPurchaseAmount(params.get('amount'))}
            onContinue={onContinue}
          />
        ) : (
          <Skeleton className="h-[28rem] rounded-2xl" />
        )}
        <aside
          aria-labelledby="how-credits-heading"
          className="h-fit rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-700"
        >
          <h2 id="how-credits-heading" className="text-base font-semibold text-slate-900">
            How credits work
          </h2>
          <ul className="mt-3 grid list-disc gap-2 pl-5">
            <li>Every agent shows its cost per try, from 1 to 100 credits, before you try it.</li>
            <li>Trying your own agents is free.</li>
            <li>New accounts start with {INITIAL_CREDITS} free credits.</li>
            <li>Your balance is kept on our server, so it is the same on every device.</li>
            <li>
              Every purchase and try is listed in{' '}
              <Link href="/billing" className="font-medium text-brand-700 underline">
                Billing
              </Link>
              .
            </li>
          </ul>
        </aside>
      </div>
      {/* Below the form, not above it: the notice arrives with the server's settings and must not push the page down. */}
      {config.data?.paymentsMode === 'sandbox' && (
        <p className="mt-8 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>Payments on this server are in test mode: checkout is simulated and no card is ever charged.</span>
        </p>
      )}
    </div>
  );
}
