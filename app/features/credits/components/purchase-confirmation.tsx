import { ArrowRight, CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { CreditTransaction } from '#common/types.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { useTransactions } from '#app/features/credits/api/get-transactions.ts';
import { findPurchase } from '#app/features/credits/lib/match-purchase.ts';

const POLL_MS = 1000;
const GIVE_UP_MS = 60_000;

/** Where the purchase started (an agent's page), for the confirmation to lead back to. */
export interface PurchaseReturn {
  href: string;
  label: string;
}

/**
 * After checkout (Stripe's return or the sandbox), waits until the server's ledger holds the
 * purchase (Stripe credits arrive by webhook, possibly a moment later), then confirms it, here and
 * only here (no toast besides: said once), and `onConfirmed` refreshes the balance everywhere on
 * screen. A purchase started on an agent's page leads back there (`back`), where Try Agent is ready.
 */
export function PurchaseConfirmation({
  sessionId,
  credits,
  back,
  onConfirmed,
}: {
  sessionId: string | null;
  credits: number | null;
  back: PurchaseReturn | null;
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
    onConfirmed();
  }, [confirmed, onConfirmed]);

  const backLink = back && (
    <ButtonLink href={back.href} size="lg" className="mt-3 w-full sm:w-auto">
      {back.label} <ArrowRight aria-hidden className="size-5" />
    </ButtonLink>
  );
  if (confirmed !== null) {
    return (
      <div className="rounded-xl border border-green-300 bg-green-50 p-4 text-green-900">
        <div role="status" className="flex items-start gap-3">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong className="block">Credits Purchased!</strong>
            Successfully added {confirmed} credits to your account
          </p>
        </div>
        {backLink}
      </div>
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 text-slate-800">
      <div role="status" className="flex items-start gap-3">
        {gaveUp ? null : <Loader2 aria-hidden className="mt-0.5 size-5 shrink-0 animate-spin text-brand-600" />}
        <p>
          {gaveUp
            ? 'Your payment is still being confirmed. The credits appear in your balance and billing history as soon as the payment provider confirms it.'
            : 'Confirming your payment…'}
        </p>
      </div>
      {gaveUp && backLink}
    </div>
  );
}
