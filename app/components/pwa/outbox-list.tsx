import { Button, ButtonLink } from '#app/components/ui/button.tsx';
import { formatDateTime } from '#app/lib/format.ts';
import { discardOutboxItem, retryOutboxItem, type OutboxItem, type OutboxState } from '#app/lib/outbox.ts';

const STATE_TEXT: Record<OutboxState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
};
const STATE_CLASS: Record<OutboxState, string> = {
  queued: 'bg-amber-100 text-amber-900',
  sending: 'bg-sky-100 text-sky-900',
  delivered: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

/** What can be done with an item not yet delivered, whatever its state. */
const ITEM_ACTIONS = [
  { label: 'Retry', variant: 'secondary', run: retryOutboxItem },
  { label: 'Discard', variant: 'ghost', run: discardOutboxItem },
] as const;

export function OutboxStateBadge({ state }: { state: OutboxState }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_CLASS[state]}`}>{STATE_TEXT[state]}</span>
  );
}

/** Each item with its state and what can be done with it: Retry, Discard and, once refused, Edit. */
export function OutboxList({ items, label }: { items: OutboxItem[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-3">
      {items.map((item) => (
        <li key={item.id} aria-label={item.label} className="rounded-lg border border-slate-200 p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{item.label}</span>
            <OutboxStateBadge state={item.state} />
          </div>
          <p className="mt-1 text-slate-600">
            {item.state === 'delivered' && item.deliveredAt
              ? `Delivered ${formatDateTime(item.deliveredAt)}`
              : `Saved ${formatDateTime(item.createdAt)}${item.attempts > 0 && item.state !== 'failed' ? `, ${item.attempts} ${item.attempts === 1 ? 'attempt' : 'attempts'} so far` : ''}`}
          </p>
          {item.state === 'failed' && item.error && <p className="mt-1 text-red-700">Not accepted: {item.error}</p>}
          {item.state !== 'delivered' && item.state !== 'sending' && (
            <div className="mt-2 flex flex-wrap gap-2">
              {item.state === 'failed' && item.kind === 'proposal' && (
                <ButtonLink
                  href={`/propose-agent?draft=${encodeURIComponent(item.id)}`}
                  size="sm"
                  variant="secondary"
                  aria-label={`Edit ${item.label}`}
                >
                  Edit
                </ButtonLink>
              )}
              {ITEM_ACTIONS.map(({ label, variant, run }) => (
                <Button
                  key={label}
                  size="sm"
                  variant={variant}
                  aria-label={`${label} ${item.label}`}
                  onClick={() => void run(item.id)}
                >
                  {label}
                </Button>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
