import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '#app/hooks/use-toast.ts';
import { deliverOutbox, subscribeOutbox, type OutboxItem } from '#app/lib/outbox.ts';
import { agentKeys, proposalKeys, ratingKeys } from '#app/lib/query-keys.ts';

/** What the person is told when an item arrives or is refused; saves arrive silently (the button already showed them). */
function delivered(item: OutboxItem): { title: string; description: string } | null {
  if (item.kind === 'proposal')
    return { title: 'Proposal delivered', description: `“${item.label}” reached our operators. Thank you!` };
  if (item.kind === 'review')
    return { title: 'Review delivered', description: `Your ${item.label.replace(/^Review/, 'review')} is published.` };
  return null;
}

function refused(item: OutboxItem): { title: string; description: string } {
  const reason = item.error ?? 'unknown error';
  if (item.kind === 'proposal')
    return {
      title: 'Submission Failed',
      description: `“${item.label}” was not accepted: ${reason}. It is kept under Settings, On this device, for you to edit.`,
    };
  if (item.kind === 'review')
    return {
      title: 'Review not delivered',
      description: `Your ${item.label.replace(/^Review/, 'review')} was not accepted: ${reason}. It is kept under Settings, On this device.`,
    };
  return {
    title: 'Saved list not updated',
    description: `“${item.label}” was not accepted: ${reason}. It is kept under Settings, On this device.`,
  };
}

/**
 * Sends what this device's outbox holds: when the app starts, when the browser comes back online and
 * when a backoff is due (the service worker also does it on Background Sync, app open or not). Says
 * so wherever the person is, whoever delivered it (this page, another tab or the service worker).
 */
export function OutboxDelivery() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const run = (force: boolean) => {
      clearTimeout(timer);
      deliverOutbox({ force })
        .then((report) => {
          if (stopped || report.nextAttemptAt === null) return;
          timer = setTimeout(() => run(false), Math.max(0, report.nextAttemptAt - Date.now()));
        })
        .catch(() => undefined);
    };
    const onOnline = () => run(true);
    const unsubscribe = subscribeOutbox((event) => {
      if (event.type === 'delivered') {
        const { item } = event;
        if (item.kind === 'proposal') void queryClient.invalidateQueries({ queryKey: proposalKeys.all });
        if (item.kind === 'review' && item.agentId !== undefined) {
          void queryClient.invalidateQueries({ queryKey: ratingKeys.byAgent(item.agentId) });
          void queryClient.invalidateQueries({ queryKey: agentKeys.detail(item.agentId) });
        }
        const message = delivered(item);
        if (message && !event.quiet) toast(message);
      } else if (event.type === 'failed' && !event.quiet) {
        // A refusal is always shown (a review of a deleted agent too): never dropped silently.
        toast({ ...refused(event.item), variant: 'destructive' });
      }
    });
    window.addEventListener('online', onOnline);
    run(false);
    return () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient]);
  return null;
}
