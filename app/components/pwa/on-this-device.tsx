import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '#app/hooks/use-toast.ts';
import { formatCount, formatDateTime, plural } from '#app/lib/format.ts';
import { sessionKeys } from '#app/lib/query-keys.ts';
import { clearPersistedCache, getQueryStore, MAX_SAVED_QUERIES, type SavedDataSummary } from '#app/lib/persist.ts';
import { Button } from '#app/components/ui/button.tsx';
import { InstallOffer } from './install-button';
import { OutboxList } from './outbox-list';
import { useOutbox } from '#app/hooks/use-outbox.ts';
import { SavedAgentsOnDevice } from '#app/components/saved/saved-agents-on-device.tsx';

const formatBytes = (bytes: number): string =>
  bytes < 1024
    ? plural(bytes, 'byte')
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 102.4) / 10} KB`
      : `${Math.round(bytes / (1024 * 104.8576)) / 10} MB`;

/**
 * Settings, 'On this device': what is saved for offline use (how much, how old) and the outbox of
 * requests waiting to be sent, each with its state and Retry / Discard.
 */
/** `onClear`: what else the page forgets with the saved data (display preferences live in a feature). */
export function OnThisDevice({ onClear }: { onClear?: () => void }) {
  const queryClient = useQueryClient();
  const [summary, setSummary] = useState<SavedDataSummary | null>(null);
  const [clearing, setClearing] = useState(false);
  const { items } = useOutbox();

  const loadSummary = useCallback(() => {
    const nothing: SavedDataSummary = { count: 0, bytes: 0, oldest: null };
    (getQueryStore()?.summary() ?? Promise.resolve(nothing)).then(setSummary, () => setSummary(nothing));
  }, []);
  useEffect(loadSummary, [loadSummary]);

  const clearDevice = async () => {
    setClearing(true);
    // Forget the in-memory copy too, so nothing saved reappears before the next page load.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.session[0] });
    await clearPersistedCache().catch(() => undefined);
    for (const key of ['current-credit-balance', 'consumed-credits', 'total-credits', 'flash-toast'])
      localStorage.removeItem(key);
    onClear?.();
    toast({
      title: 'Saved data cleared',
      description: 'Agents, reviews and settings saved on this device were removed.',
    });
    setClearing(false);
    loadSummary();
  };

  const waiting = items?.filter((item) => item.state !== 'delivered').length ?? 0;

  return (
    <div className="grid gap-6">
      <div>
        <h3 className="font-medium">Saved for offline use</h3>
        {summary ? (
          <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-700">Saved items</dt>
            <dd>{`${plural(summary.count, 'item')} (listings, agents, reviews, categories; at most ${formatCount(MAX_SAVED_QUERIES)}, the least recently used go first; saved agents below are kept apart)`}</dd>
            <dt className="text-slate-700">Size</dt>
            <dd>{formatBytes(summary.bytes)}</dd>
            <dt className="text-slate-700">Oldest</dt>
            <dd>{summary.oldest === null ? 'Nothing saved yet' : formatDateTime(summary.oldest)}</dd>
          </dl>
        ) : (
          <p className="mt-2 text-sm text-slate-600">Reading what is saved...</p>
        )}
        <Button className="mt-4" variant="secondary" disabled={clearing} onClick={() => void clearDevice()}>
          <Trash2 aria-hidden className="size-4" /> {clearing ? 'Clearing...' : 'Clear saved data'}
        </Button>
      </div>
      <SavedAgentsOnDevice />
      <div>
        <h3 className="font-medium">Waiting to be sent</h3>
        <p className="mt-1 text-sm text-slate-600">
          {waiting === 0
            ? 'Nothing is waiting: everything you submitted has been sent.'
            : `${waiting === 1 ? '1 item is' : `${waiting} items are`} kept on this device and sent by themselves when there is a connection, even with the app closed. Clearing saved data keeps them.`}
        </p>
        {items && items.length > 0 && (
          <div className="mt-3">
            <OutboxList items={items} label="Outbox" />
          </div>
        )}
      </div>
      {/* What is kept on this device is also what an installed app has at hand: the offer is here too. */}
      <InstallOffer />
    </div>
  );
}
