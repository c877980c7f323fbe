import { CloudOff } from 'lucide-react';
import { OutboxStateBadge } from '#app/components/pwa/outbox-list.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { useOutbox } from '#app/hooks/use-outbox.ts';
import { discardOutboxItem, retryOutboxItem, type OutboxItem } from '#app/lib/outbox.ts';
import type { CreateRatingInput } from '#app/features/ratings/api/create-rating.ts';
import { YourReviewFrame } from './your-review';

/**
 * The viewer's newest review of this agent still in this device's outbox (written offline, or refused
 * on arrival), or null. Older ones are sent first, so the newest is what the page will end up showing.
 */
export function useQueuedReview(agentId: number, userId: number | null): OutboxItem | null {
  const { items } = useOutbox();
  if (userId === null || !items) return null;
  const waiting = items.filter(
    (item) =>
      item.kind === 'review' &&
      item.agentId === agentId &&
      item.state !== 'delivered' &&
      (item.body as CreateRatingInput).userId === userId,
  );
  return waiting.at(-1) ?? null;
}

/**
 * 'Your review' while it waits on this device (docs/decisions/0027): what was written, whether it is
 * waiting, being sent or was refused (with the server's reason), and Retry / Discard, as in Settings.
 */
export function QueuedReview({ item }: { item: OutboxItem }) {
  const body = item.body as CreateRatingInput;
  return (
    <YourReviewFrame
      rating={body.rating}
      className="border-amber-200 bg-amber-50/50"
      marks={<OutboxStateBadge state={item.state} />}
    >
      {item.state === 'failed' ? (
        <p className="mt-2 text-sm text-red-700">Not accepted: {item.error ?? 'unknown error'}</p>
      ) : (
        <p className="mt-2 inline-flex items-start gap-1.5 text-sm text-slate-700">
          <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" /> Saved on this device. It will be sent by itself
          when you are back online; until then others do not see it.
        </p>
      )}
      {body.comment && <p className="mt-2 whitespace-pre-line break-words text-slate-700">{body.comment}</p>}
      {item.state !== 'sending' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => void retryOutboxItem(item.id)}>
            Retry now
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void discardOutboxItem(item.id)}>
            Discard review
          </Button>
        </div>
      )}
    </YourReviewFrame>
  );
}
