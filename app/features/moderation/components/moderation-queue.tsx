import { Eye, EyeOff, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ModerationAction, ModerationItem } from '#common/types.ts';
import { Button } from '#app/components/ui/button.tsx';
import { SkeletonGrid } from '#app/components/ui/skeleton.tsx';
import { toast, toastError } from '#app/hooks/use-toast.ts';
import { errorMessage } from '#app/lib/api-client.ts';
import { formatDateTime, plural } from '#app/lib/format.ts';
import { useModerationQueue, type QueueView } from '#app/features/moderation/api/get-moderation-queue.ts';
import { useModerateItem } from '#app/features/moderation/api/moderate-item.ts';

const PAGE = 20;
const ACTION_DONE: Record<ModerationAction, string> = {
  hide: 'Hidden',
  restore: 'Restored',
  dismiss: 'Reports dismissed',
};
const ACTION_WORD: Record<ModerationAction, string> = { hide: 'Hidden', restore: 'Restored', dismiss: 'Dismissed' };
/** Each decision's button: its words, what its accessible name says it does, its look and icon. */
const ACTION_BUTTON = {
  restore: { label: 'Restore', names: 'Restore', variant: 'secondary', icon: Eye },
  hide: { label: 'Hide', names: 'Hide', variant: 'danger', icon: EyeOff },
  dismiss: { label: 'Dismiss', names: 'Dismiss reports', variant: 'ghost', icon: X },
} as const satisfies Record<ModerationAction, object>;

const itemName = (item: ModerationItem) =>
  item.itemType === 'review'
    ? `Review by ${item.author.username ?? `User ${item.author.id}`} of ${item.agentName}`
    : `Agent ${item.agentName}`;

function QueueItem({ item }: { item: ModerationItem }) {
  const mutation = useModerateItem();
  const name = itemName(item);
  const act = (action: ModerationAction) =>
    mutation.mutate(
      { itemType: item.itemType, itemId: item.itemId, agentId: item.agentId, action },
      {
        onSuccess: () => toast({ title: ACTION_DONE[action], description: name }),
        onError: (error) => toastError('Error', error, 'The decision could not be saved'),
      },
    );
  // Hidden items can be restored, the others hidden; open reports can also be dismissed.
  const actions: ModerationAction[] = [
    item.hidden ? 'restore' : 'hide',
    ...(item.openReports > 0 ? ['dismiss' as const] : []),
  ];
  return (
    <article aria-label={name} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-slate-700">
          {item.itemType}
        </span>
        {item.hidden && (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">Hidden</span>
        )}
        {item.openReports > 0 && (
          <span className="text-sm font-semibold text-red-700">{plural(item.openReports, 'open report')}</span>
        )}
      </div>
      <h2 className="mt-2 font-semibold text-slate-900">
        {item.itemType === 'review' ? (
          <>
            Review by {item.author.username ?? `User ${item.author.id}`} of{' '}
            <Link href={`/agents/${item.agentId}`} className="text-brand-700 hover:underline">
              {item.agentName}
            </Link>
          </>
        ) : (
          <Link href={`/agents/${item.agentId}`} className="text-brand-700 hover:underline">
            {item.agentName}
          </Link>
        )}
      </h2>
      {item.rating !== null && <p className="text-sm text-slate-700">Rated {item.rating} out of 5 stars</p>}
      {item.text && <p className="mt-1 line-clamp-4 whitespace-pre-line break-words text-slate-700">{item.text}</p>}
      {item.reports.length > 0 && (
        <>
          <ul aria-label="Reasons" className="mt-3 flex flex-wrap gap-2">
            {Object.entries(item.reasons).map(([reason, n]) => (
              <li key={reason} className="rounded-md bg-red-50 px-2 py-0.5 text-sm text-red-800">
                {reason}: {n}
              </li>
            ))}
          </ul>
          <details className="mt-2 text-sm text-slate-700">
            <summary className="cursor-pointer font-medium">Reports</summary>
            <ul className="mt-2 flex flex-col gap-2">
              {item.reports.map((r, i) => (
                <li key={i}>
                  <span className="font-medium">{r.reason}</span> by {r.reporter ?? 'a deleted account'},{' '}
                  {formatDateTime(Date.parse(r.createdAt))}
                  {r.details && (
                    <span className="block whitespace-pre-line break-words text-slate-600">{r.details}</span>
                  )}
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
      {item.lastAction && (
        <p className="mt-2 text-sm text-slate-600">
          {ACTION_WORD[item.lastAction.action]} by {item.lastAction.by ?? 'a former moderator'},{' '}
          {formatDateTime(Date.parse(item.lastAction.at))}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {actions.map((action) => {
          const { label, names, variant, icon: Icon } = ACTION_BUTTON[action];
          return (
            <Button
              key={action}
              size="sm"
              variant={variant}
              disabled={mutation.isPending}
              onClick={() => act(action)}
              aria-label={`${names}: ${name}`}
            >
              <Icon aria-hidden className="size-4" /> {label}
            </Button>
          );
        })}
      </div>
    </article>
  );
}

/** The moderation queue: open reports grouped by item, and the hidden items (where Restore is). */
export function ModerationQueue() {
  const [view, setView] = useState<QueueView>('open');
  const [limit, setLimit] = useState(PAGE);
  const queue = useModerationQueue(view, limit);
  const items = queue.data?.items ?? [];
  const total = queue.data?.total ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label="Show" className="flex gap-2">
        {(['open', 'hidden'] as const).map((v) => (
          <Button
            key={v}
            size="sm"
            variant={view === v ? 'primary' : 'secondary'}
            aria-pressed={view === v}
            onClick={() => {
              setView(v);
              setLimit(PAGE);
            }}
          >
            {v === 'open' ? 'Open reports' : 'Hidden'}
          </Button>
        ))}
      </div>
      {queue.isPending ? (
        <SkeletonGrid
          count={2}
          label="Loading the queue"
          className="flex flex-col gap-3"
          itemClassName="h-32 rounded-xl"
        />
      ) : queue.isError ? (
        <p role="alert" className="text-red-700">
          The queue could not be loaded: {errorMessage(queue.error, 'please try again')}
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-600">
          {view === 'open' ? 'No open reports. Everything reported has been looked at.' : 'Nothing is hidden.'}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Showing {items.length} of {plural(total, view === 'open' ? 'reported item' : 'hidden item')}
          </p>
          {items.map((item) => (
            <QueueItem key={`${item.itemType}:${item.itemId}`} item={item} />
          ))}
          {items.length < total && (
            <Button
              variant="secondary"
              className="self-center"
              onClick={() => setLimit((l) => l + PAGE)}
              disabled={queue.isFetching}
            >
              {queue.isFetching ? 'Loading...' : 'Show more'}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
