import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { PURCHASE_RELOAD_DELAY_MS } from '#common/constants.ts';
import type { CreditTransaction } from '#common/types.ts';
import { toast } from '#app/hooks/use-toast.ts';
import { useTransactions } from '#app/features/credits/api/get-transactions.ts';
import { findPurchase } from '#app/features/credits/lib/match-purchase.ts';

const POLL_MS = 1000;
const GIVE_UP_MS = 60_000;

/**
 * After checkout (Stripe's return or the sandbox), waits until the server's ledger holds the
 * purchase (Stripe credits arrive by webhook, possibly a moment later), then confirms it and
 * reloads so every figure on screen comes from the new balance.
 */
export function PurchaseConfirmation({
  sessionId,
  credits,
  onConfirmed,
}: {
  sessionId: string | null;
  credits: number | null;
  onConfirmed: () => void;
}) {
  const [gaveUp, setGaveUp] = useState(false);
  const match = (list: readonly CreditTransaction[] | undefined) =>
    list ? findPurchase(list, { sessionId, credits }) : null;
  const { data } = useTransactions((list) => (gaveUp || match(list) ? false : POLL_MS));
  const purchase = match(data);
  const confirmed = purchase?.amount ?? null;
  const done = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (done.current || confirmed === null) return;
    done.current = true;
    toast({ title: 'Credits Purchased!', description: `Successfully added ${confirmed} credits to your account` });
    onConfirmed();
    // Reload without the return parameters so the confirmation is not repeated.
    setTimeout(() => window.location.replace(window.location.pathname), PURCHASE_RELOAD_DELAY_MS);
  }, [confirmed, onConfirmed]);

  if (confirmed !== null) {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-xl border border-green-300 bg-green-50 p-4 text-green-900"
      >
        <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0" />
        <p>
          <strong className="block">Credits Purchased!</strong>
          Successfully added {confirmed} credits to your account
        </p>
      </div>
    );
  }
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-800"
    >
      {gaveUp ? null : <Loader2 aria-hidden className="mt-0.5 size-5 shrink-0 animate-spin text-brand-600" />}
      <p>
        {gaveUp
          ? 'Your payment is still being confirmed. The credits appear in your balance and billing history as soon as the payment provider confirms it.'
          : 'Confirming your payment…'}
      </p>
    </div>
  );
}
