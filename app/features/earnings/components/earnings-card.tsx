import { useRef } from 'react';
import { centsToCredits } from '#common/constants.ts';
import { earningsOwedMessage, owedCents } from '#common/earnings.ts';
import { Button } from '#app/components/ui/button.tsx';
import { toast, toastError } from '#app/hooks/use-toast.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { formatCents, formatCredits, plural } from '#app/lib/format.ts';
import { newIdempotencyKey } from '#app/lib/idempotency.ts';
import { useEarnings } from '#app/features/earnings/api/get-earnings.ts';
import { useMoveToCredits } from '#app/features/earnings/api/move-to-credits.ts';
import { PayoutsPanel } from './payouts-panel';
import { LOADS_IN_APP } from '#app/lib/app-start.ts';
import { StatementsList } from './statements-list';

function Figure({ label, cents, note }: { label: string; cents: number; note: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{formatCents(cents)}</dd>
      <dd className="mt-1 text-xs text-slate-600">{note}</dd>
    </div>
  );
}

/**
 * The creator's earnings: what is held, what is available, moving the available part into credits,
 * and payouts to a connected account.
 */
export function EarningsCard() {
  const earnings = useEarnings();
  const move = useMoveToCredits();
  // One key per tap: the retries of that tap reuse it, a new tap gets a new one.
  const key = useRef<string | null>(null);

  if (earnings.isPending)
    return (
      <section
        aria-label="Your earnings"
        aria-busy="true"
        {...LOADS_IN_APP}
        className="h-40 animate-pulse rounded-xl bg-slate-100"
      />
    );
  if (earnings.isError)
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        {errorMessage(earnings.error, 'Your earnings could not be loaded. Please try again later.')}
      </p>
    );
  const e = earnings.data;
  const movable = centsToCredits(e.availableCents);
  // Below zero after a refund of earnings already moved or paid out (docs/decisions/0029, 'A refund after the money left').
  const owed = owedCents(e.availableCents);

  const onMove = () => {
    key.current ??= newIdempotencyKey();
    move.mutate(
      { idempotencyKey: key.current },
      {
        onSuccess: ({ moved, balance }) =>
          toast({
            title: 'Earnings moved to credits',
            description: `${formatCredits(moved)} added. Your balance is ${formatCredits(balance)}.`,
          }),
        onError: (error) => toastError('Nothing was moved', error),
        onSettled: () => {
          key.current = null;
        },
      },
    );
  };

  return (
    <section aria-labelledby="earnings-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="earnings-heading" className="text-lg font-semibold">
            Your earnings
          </h2>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            You earn {e.sharePercent}% of every paid try of your agents. Earnings are held for{' '}
            {plural(e.holdDays, 'day')}, so a refunded try can still be taken back, then they are yours to use.
          </p>
        </div>
        <Button onClick={onMove} disabled={movable < 1 || move.isPending}>
          {move.isPending
            ? 'Moving...'
            : movable < 1
              ? 'Nothing to move yet'
              : `Move ${formatCredits(movable)} to my credits`}
        </Button>
      </div>
      {owed > 0 && (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {earningsOwedMessage(owed)}
        </p>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure
          label="Available"
          cents={e.availableCents}
          note={
            owed > 0 ? 'Below zero: future earnings pay it back first' : 'Can move to your credits or be paid out now'
          }
        />
        <Figure label="Pending" cents={e.pendingCents} note={`Held for ${plural(e.holdDays, 'day')}`} />
        <Figure label="Earned in all" cents={e.lifetimeCents} note="Refunds taken off" />
        <Figure label="Paid out" cents={e.paidOutCents} note="Moved to credits or paid to your account" />
      </dl>
      <PayoutsPanel availableCents={e.availableCents} />
      <StatementsList />
    </section>
  );
}
