import { useQueryClient } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { useEffect } from 'react';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useRequireAuth } from '#app/features/auth/hooks/use-require-auth.ts';
import { useTransactions } from '#app/features/credits/api/get-transactions.ts';
import { TransactionList } from '#app/features/credits/components/transaction-list.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';
import { formatCount } from '#app/lib/format.ts';
import { sessionKeys } from '#app/lib/query-keys.ts';

/**
 * The history is read again when the page opens (a try on another device since the server rendered
 * it shows up); the session, whose balance the figures and the header show, is not. When the newest
 * entry's balance is not the session's, the session is read again too, so the page never shows a
 * history and a balance that disagree. Only for a signed-in person: a visitor's request would be
 * refused.
 */
function useBalanceFollowsHistory(credits: number): void {
  const queryClient = useQueryClient();
  const newestBalance = useTransactions().data?.[0]?.balanceAfter;
  useEffect(() => {
    if (newestBalance !== undefined && newestBalance !== credits)
      void queryClient.invalidateQueries({ queryKey: sessionKeys.session });
  }, [newestBalance, credits, queryClient]);
}

/** The balance and the credits used, kept in step with the history below them. */
function CreditFigures({ credits, consumed }: { credits: number; consumed: number }) {
  useBalanceFollowsHistory(credits);
  return (
    <dl className="mt-8 grid grid-cols-2 gap-3 sm:max-w-md">
      <div className="rounded-xl border border-amber-200 bg-amber-50 p-4">
        <dt className="text-sm font-medium text-amber-900">Available credits</dt>
        <dd className="text-2xl font-bold text-amber-900">{formatCount(credits)}</dd>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <dt className="text-sm font-medium text-slate-700">Credits used</dt>
        <dd className="text-2xl font-bold text-slate-900">{formatCount(consumed)}</dd>
      </div>
    </dl>
  );
}

export default function BillingPage() {
  useDocumentTitle('Billing');
  const { user } = useRequireAuth('Please log in to view your billing history');
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Billing</h1>
          <p className="mt-1 text-slate-600">Every change to your credit balance, newest first.</p>
        </div>
        <ButtonLink href="/credits">
          <Coins aria-hidden className="size-4" /> Buy Credits
        </ButtonLink>
      </div>
      {user ? (
        <>
          <CreditFigures credits={user.credits} consumed={user.consumed} />
          <h2 className="mb-4 mt-10 text-xl font-semibold">Credit history</h2>
          <TransactionList />
        </>
      ) : (
        <Skeleton className="mt-8 h-64 rounded-xl" />
      )}
    </div>
  );
}
