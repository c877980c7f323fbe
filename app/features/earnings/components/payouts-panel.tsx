import { useRef, useState, type FormEvent } from 'react';
import { CENTS_PER_DOLLAR, PAYOUT_MIN_CENTS } from '#common/constants.ts';
import type { Payout, PayoutAccountStatus } from '#common/types.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, TextInput } from '#app/components/ui/form-field.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { toast, toastError } from '#app/hooks/use-toast.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { formatCents, formatDate } from '#app/lib/format.ts';
import { newIdempotencyKey } from '#app/lib/idempotency.ts';
import {
  useConnectPayoutAccount,
  usePayoutAccount,
  usePayouts,
  useRequestPayout,
  useSettleSandboxPayout,
} from '#app/features/earnings/api/payouts.ts';

const STATE_LABEL: Record<Payout['state'], string> = { pending: 'Pending', paid: 'Paid', failed: 'Failed' };
const STATE_CLASS: Record<Payout['state'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
};

/** How a test-mode payout can end, as the tester chooses it. */
const SETTLE_BUTTONS = [
  { outcome: 'paid', label: 'Confirm test transfer', variant: 'primary' },
  { outcome: 'failed', label: 'Fail test transfer', variant: 'secondary' },
] as const;

/** Dollars as typed ('25', '25.5', '25.50') in whole cents; null for anything else. */
function parseDollars(text: string): number | null {
  const match = /^\s*\$?\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * CENTS_PER_DOLLAR + Number((match[2] ?? '').padEnd(2, '0'));
}

const dollarsField = (cents: number) => (cents / CENTS_PER_DOLLAR).toFixed(2);

function ConnectAccount({ status }: { status: PayoutAccountStatus }) {
  const connect = useConnectPayoutAccount();
  const started = status.account !== null;
  const onConnect = () =>
    connect.mutate(undefined, {
      // Stripe's onboarding or the test page: a full navigation, the way Stripe requires.
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => toastError('Could not connect a payout account', error),
    });
  return (
    <div className="grid gap-3 sm:flex sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">
        {started
          ? 'Stripe has not finished setting up your payout account yet. Continue where you left off.'
          : status.mode === 'sandbox'
            ? 'Connect a test payout account to try payouts (test mode: no real money moves).'
            : 'Connect a payout account with Stripe to receive your available earnings in your bank account.'}
      </p>
      <Button onClick={onConnect} disabled={connect.isPending} className="shrink-0">
        {connect.isPending ? 'Connecting...' : 'Connect payout account'}
      </Button>
    </div>
  );
}

function RequestPayout({ availableCents }: { availableCents: number }) {
  const request = useRequestPayout();
  const [amount, setAmount] = useState(() => dollarsField(Math.max(availableCents, PAYOUT_MIN_CENTS)));
  const [error, setError] = useState<string | null>(null);
  // One key per submitted payout: its retries reuse it, the next payout gets a new one.
  const key = useRef<string | null>(null);
  const enough = availableCents >= PAYOUT_MIN_CENTS;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseDollars(amount);
    if (cents === null) return setError('Enter an amount in dollars, such as 25.00');
    if (cents < PAYOUT_MIN_CENTS) return setError(`The smallest payout is ${formatCents(PAYOUT_MIN_CENTS)}`);
    if (cents > availableCents) return setError(`That is more than your available ${formatCents(availableCents)}`);
    setError(null);
    key.current ??= newIdempotencyKey();
    request.mutate(
      { amountCents: cents, idempotencyKey: key.current },
      {
        onSuccess: ({ payout, earnings }) => {
          toast({
            title: 'Payout requested',
            description: `${formatCents(payout.amountCents)} is on its way to your payout account.`,
          });
          setAmount(dollarsField(Math.max(earnings.availableCents, PAYOUT_MIN_CENTS)));
        },
        onError: (err) => setError(errorMessage(err, 'The payout could not be requested. Please try again.')),
        onSettled: () => {
          key.current = null;
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Request payout"
      className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_auto] sm:items-start"
    >
      <FormField
        id="payout-amount"
        label="Amount in US dollars"
        hint={`Available: ${formatCents(availableCents)}. The smallest payout is ${formatCents(PAYOUT_MIN_CENTS)}.`}
        error={error}
      >
        {(control) => (
          <TextInput
            {...control}
            invalid={Boolean(error)}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            disabled={!enough || request.isPending}
          />
        )}
      </FormField>
      <Button type="submit" disabled={!enough || request.isPending} className="sm:mt-7">
        {request.isPending ? 'Requesting...' : 'Request payout'}
      </Button>
    </form>
  );
}

function PayoutRow({ payout, sandbox }: { payout: Payout; sandbox: boolean }) {
  const settle = useSettleSandboxPayout();
  const amount = formatCents(payout.amountCents);
  const onSettle = (outcome: 'paid' | 'failed') =>
    settle.mutate(
      { id: payout.id, outcome },
      {
        onError: (error) => toastError('The test transfer did not change', error),
      },
    );
  return (
    <li className="grid gap-2 py-3 sm:flex sm:items-center sm:justify-between">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold tabular-nums">{amount}</span>
        <span className="text-sm text-slate-600">{formatDate(payout.createdAt)}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_CLASS[payout.state]}`}>
          {STATE_LABEL[payout.state]}
        </span>
        {payout.state === 'failed' && (
          <span className="text-sm text-slate-700">{payout.failureReason}; the money is available again.</span>
        )}
      </div>
      {sandbox && payout.provider === 'sandbox' && payout.state === 'pending' && (
        <div className="flex flex-wrap gap-2">
          {SETTLE_BUTTONS.map(({ outcome, label, variant }) => (
            <Button
              key={outcome}
              size="sm"
              variant={variant}
              onClick={() => onSettle(outcome)}
              disabled={settle.isPending}
              aria-label={`${label} of ${amount}`}
            >
              {label}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}

/**
 * Payouts in the earnings card (docs/decisions/0029, '## Payouts'): connect a payout account (Stripe
 * Connect, or a pretend one in test mode), request a payout of available earnings from $20, and the
 * payouts with their states.
 */
export function PayoutsPanel({ availableCents }: { availableCents: number }) {
  const status = usePayoutAccount();
  const ready = Boolean(status.data?.account?.payoutsEnabled);
  const payouts = usePayouts(status.data?.mode !== undefined && status.data.mode !== 'none');
  const sandbox = status.data?.mode === 'sandbox';

  return (
    <section aria-labelledby="payouts-heading" className="mt-6 border-t border-slate-200 pt-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="payouts-heading" className="text-base font-semibold">
          Payouts
        </h3>
        {ready && (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
            {sandbox ? 'Test payout account connected' : 'Payout account connected'}
          </span>
        )}
      </div>
      <div className="mt-3 grid gap-4">
        {status.isPending ? (
          <Skeleton className="h-16" />
        ) : status.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(status.error, 'Your payout account could not be loaded. Please try again later.')}
          </p>
        ) : status.data.mode === 'none' ? (
          <p className="text-sm text-slate-700">Payouts are not configured</p>
        ) : ready ? (
          <RequestPayout availableCents={availableCents} />
        ) : (
          <ConnectAccount status={status.data} />
        )}
        {payouts.data && payouts.data.length > 0 && (
          <ul aria-label="Your payouts" className="divide-y divide-slate-200">
            {payouts.data.map((payout) => (
              <PayoutRow key={payout.id} payout={payout} sandbox={sandbox} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
