import { useCallback, useEffect, useState } from 'react';
import { listOutbox, subscribeOutbox, type OutboxItem } from '#app/lib/outbox.ts';

/** The outbox as it is now, kept current as items are queued, sent or refused (in any tab). */
export function useOutbox(): { items: OutboxItem[] | null; reload: () => void } {
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  const reload = useCallback(() => {
    listOutbox()
      .then(setItems)
      .catch(() => setItems([]));
  }, []);
  useEffect(() => {
    reload();
    return subscribeOutbox(reload);
  }, [reload]);
  return { items, reload };
}
