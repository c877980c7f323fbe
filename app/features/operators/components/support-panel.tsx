import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { owedCents } from '#common/earnings.ts';
import type { SupportEarnings, SupportHistory, SupportTransaction } from '#common/types.ts';
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from '#app/components/ui/alert-dialog.tsx';
import { Button, buttonClass } from '#app/components/ui/button.tsx';
import { QueryState } from '#app/components/ui/query-state.tsx';
import { TableHead } from '#app/components/ui/table-head.tsx';
import { toast, toastError } from '#app/hooks/use-toast.ts';
import { formatCents, formatCredits, formatDate } from '#app/lib/format.ts';
import { useHistory, usePeople, useRefundTry } from '#app/features/operators/api/support.ts';

const KIND_LABELS: Record<string, string> = {
  signup: 'Sign-up grant',
  purchase: 'Purchase',
  try: 'Try',
  admin_topup: 'Top-up',
  refund: 'Refund',
  earnings: 'Earnings moved in',
};

const HISTORY_COLUMNS = [
  ['Date', 'px-3 py-2'],
  ['What', 'px-3 py-2'],
  ['Credits', 'px-3 py-2 text-right'],
  ['Balance', 'px-3 py-2 text-right'],
  [<span className="sr-only">Refund</span>, 'px-3 py-2'],
] as const;

/** A paid try's Refund button behind a confirmation; once refunded the row says so instead. */
function RefundCell({ row, username }: { row: SupportTransaction; username: string }) {
  const [open, setOpen] = useState(false);
  const refund = useRefundTry();
  if (row.kind !== 'try' || row.amount >= 0) return null;
  if (row.refunded) return <span className="text-sm font-medium text-emerald-700">Refunded</span>;
  const what = `${formatCredits(-row.amount)} for ${row.agent?.name ?? 'a try'}`;
  const onConfirm = () =>
    refund.mutate(row.id, {
      onSuccess: ({ credits, balance }) =>
        toast({
          title: 'Try refunded',
          description: `${formatCredits(credits)} back to ${username}; their balance is ${formatCredits(balance)}.`,
        }),
      onError: (error) => toastError('Not refunded', error),
      onSettled: () => setOpen(false),
    });
  return (
    <AlertDialog open={open} onOpenChange={(next) => !refund.isPending && setOpen(next)}>
      <AlertDialogTrigger className={buttonClass('secondary', 'sm')}>
        Refund<span className="sr-only"> {what}</span>
      </AlertDialogTrigger>
      <AlertDialogContent
        title="Refund this try?"
        description={`${username} gets ${what} back, and the creator's earning from it is reversed: if they already moved it into credits or were paid it, they owe it until new earnings cover it. A try can be refunded once.`}
        confirmLabel="Refund"
        pendingLabel="Refunding..."
        pending={refund.isPending}
        onConfirm={onConfirm}
      />
    </AlertDialog>
  );
}

/**
 * The person's earnings as a creator. What they owe after a refund reached earnings already moved or
 * paid out is said plainly, with the amount (docs/decisions/0029, 'A refund after the money left').
 */
function CreatorEarnings({ earnings }: { earnings: SupportEarnings }) {
  const owed = owedCents(earnings.availableCents);
  const pending = `${formatCents(earnings.pendingCents)} pending`;
  if (owed === 0)
    return (
      <p className="text-sm text-slate-600">
        Earnings as a creator: {formatCents(earnings.availableCents)} available · {pending}
      </p>
    );
  return (
    <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      Owes {formatCents(owed)} in earnings: a refund reached earnings already moved into credits or paid out. Future
      earnings pay it back first ({pending}); nothing can be moved or paid out until then.
    </p>
  );
}

/** Where the history's and the search's stand-ins sit (QueryState). */
const HISTORY_LOOK = { pending: 'mt-6 h-48 rounded-xl', alert: 'mt-6 text-red-800' };
const PEOPLE_LOOK = { pending: 'mt-4 h-16 rounded', alert: 'mt-4 text-red-800' };

function History({ userId }: { userId: number }) {
  const history = useHistory(userId);
  return (
    <QueryState query={history} failed="The history could not be loaded. Please try again later." look={HISTORY_LOOK}>
      {(history) => <HistoryTable history={history} />}
    </QueryState>
  );
}

function HistoryTable({ history: { person, transactions, earnings } }: { history: SupportHistory }) {
  return (
    <section aria-labelledby="history-heading" className="mt-6">
      <h3 id="history-heading" className="text-lg font-semibold">
        Credit history of {person.username}
      </h3>
      <p className="text-sm text-slate-600">
        {person.email} · balance {formatCredits(person.credits)}
      </p>
      {earnings && <CreatorEarnings earnings={earnings} />}
      <div
        role="region"
        aria-label={`Credit history of ${person.username}`}
        tabIndex={0}
        className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white"
      >
        <table className="min-w-full text-sm">
          <TableHead columns={HISTORY_COLUMNS} className="bg-slate-50 text-left text-slate-700" />
          <tbody className="divide-y divide-slate-100">
            {transactions.map((t) => (
              <tr key={t.id}>
                <td className="whitespace-nowrap px-3 py-2">{formatDate(t.createdAt)}</td>
                <td className="px-3 py-2">
                  {KIND_LABELS[t.kind] ?? t.kind}
                  {t.agent ? `: ${t.agent.name}` : ''}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{t.amount > 0 ? `+${t.amount}` : t.amount}</td>
                <td className="px-3 py-2 text-right tabular-nums">{t.balanceAfter}</td>
                <td className="px-3 py-2">
                  <RefundCell row={t} username={person.username} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Support (admins): find a person by username or email, read their credit history, refund a paid try once. */
export function SupportPanel() {
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const people = usePeople(q);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
    setSelected(null);
  };
  return (
    <section aria-labelledby="support-heading">
      <h2 id="support-heading" className="text-xl font-semibold">
        Find a person
      </h2>
      <form role="search" onSubmit={onSubmit} className="mt-3 flex flex-wrap items-end gap-2">
        <div className="flex grow flex-col">
          <label htmlFor={inputId} className="text-sm font-medium">
            Username or email
          </label>
          <input
            id={inputId}
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            minLength={2}
            maxLength={254}
            className="min-h-11 rounded-md border border-slate-300 px-2"
          />
        </div>
        <Button type="submit" disabled={draft.trim().length < 2}>
          <Search aria-hidden className="size-4" /> Search
        </Button>
      </form>
      {q.length >= 2 && (
        <QueryState query={people} failed="The search failed. Please try again." look={PEOPLE_LOOK}>
          {(found) =>
            found.length === 0 ? (
              <p role="status" className="mt-4 text-slate-600">
                Nobody’s username or email starts with “{q}”.
              </p>
            ) : (
              <ul
                aria-label="People found"
                className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
              >
                {found.map((p) => (
                  <li key={p.id} className="flex min-h-11 flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <span>
                      <span className="font-medium">{p.username}</span>{' '}
                      <span className="text-sm text-slate-600">{p.email}</span>
                    </span>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-pressed={selected === p.id}
                      onClick={() => setSelected(p.id)}
                    >
                      Show history<span className="sr-only"> of {p.username}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      )}
      {selected !== null && <History userId={selected} />}
    </section>
  );
}
