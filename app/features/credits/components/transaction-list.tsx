import { ArrowDownLeft, ArrowUpRight, Receipt } from 'lucide-react';
import { Link } from 'wouter';
import type { CreditTransaction, LedgerKind, TransactionAgent } from '#common/types.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { SkeletonGrid } from '#app/components/ui/skeleton.tsx';
import { useTransactions } from '#app/features/credits/api/get-transactions.ts';
import { useLocalTime } from '#app/components/ui/local-time.tsx';
import { formatCount, formatCredits } from '#app/lib/format.ts';

export const KIND_LABELS: Record<LedgerKind, string> = {
  signup: 'Sign-up bonus',
  purchase: 'Credit purchase',
  try: 'Agent try',
  admin_topup: 'Top-up by an administrator',
  refund: 'Refund of a try',
  earnings: 'Earnings moved to credits',
};

export const formatAmount = (amount: number): string =>
  `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${formatCount(Math.abs(amount))}`;

/** The agent a try was for: its page while it exists, else its name as it was (decision 0022). */
function TriedAgent({ agent }: { agent: TransactionAgent }) {
  if (agent.deleted)
    return (
      <p className="break-words text-sm text-slate-600">
        {agent.name ? `${agent.name} (deleted since)` : 'Deleted agent'}
      </p>
    );
  return (
    <p className="break-words text-sm">
      <Link
        href={`/agents/${agent.id}`}
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
      >
        {agent.name}
      </Link>
    </p>
  );
}

function Row({ t }: { t: CreditTransaction }) {
  const credit = t.amount >= 0;
  const when = useLocalTime(t.createdAt, true);
  const Icon = credit ? ArrowDownLeft : ArrowUpRight;
  return (
    <li className="flex items-start gap-3 px-4 py-3 sm:px-5">
      <span
        aria-hidden
        className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full ${credit ? 'bg-green-100 text-green-700' : 'bg-slate-100 text-slate-700'}`}
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{KIND_LABELS[t.kind] ?? t.kind}</p>
        {t.agent ? (
          <TriedAgent agent={t.agent} />
        ) : (
          t.description && <p className="break-words text-sm text-slate-600">{t.description}</p>
        )}
        <p className="text-xs text-slate-600">
          <time dateTime={t.createdAt}>{when}</time>
        </p>
        {t.kind === 'purchase' && (
          <Link
            href={`/billing/receipts/${t.id}`}
            className="mt-1 inline-flex min-h-6 items-center text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            View receipt
            <span className="sr-only">
              {' '}
              for {formatCredits(t.amount)} bought {when}
            </span>
          </Link>
        )}
      </div>
      <div className="shrink-0 text-right">
        <p className={`font-semibold tabular-nums ${credit ? 'text-green-700' : 'text-slate-900'}`}>
          <span className="sr-only">{credit ? 'Added' : 'Spent'} </span>
          {formatAmount(t.amount)}
        </p>
        <p className="text-xs text-slate-600 tabular-nums">Balance {formatCount(t.balanceAfter)}</p>
      </div>
    </li>
  );
}

/** The signed-in user's credit history, newest first. */
export function TransactionList() {
  const { data, isPending, isError } = useTransactions();
  if (isPending)
    return <SkeletonGrid count={4} label="Loading credit history" className="grid gap-2" itemClassName="h-16" />;
  if (isError)
    return (
      <p className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        Error loading your credit history. Please try again later.
      </p>
    );
  if (data.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <Receipt aria-hidden className="size-10 text-slate-400" />
        <p className="mt-3 font-medium">No credit activity yet</p>
        <p className="text-sm text-slate-600">Purchases, agent tries and top-ups will be listed here.</p>
        <ButtonLink href="/credits" className="mt-4">
          Buy credits
        </ButtonLink>
      </div>
    );
  }
  return (
    <ol
      aria-label="Credit history"
      className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
    >
      {data.map((t) => (
        <Row key={t.id} t={t} />
      ))}
    </ol>
  );
}
