import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../hooks/use-toast';
import { deliverOutbox, subscribeOutbox } from '../../lib/outbox';

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
        void queryClient.invalidateQueries({ queryKey: ['proposals'] });
        if (!event.quiet) toast({ title: 'Proposal delivered', description: `“${event.item.label}” reached our operators. Thank you!` });
      } else if (event.type === 'failed' && !event.quiet) {
        toast({
          title: 'Submission Failed',
          description: `“${event.item.label}” was not accepted: ${event.item.error ?? 'unknown error'}. It is kept under Settings, On this device, for you to edit.`,
          variant: 'destructive',
        });
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
