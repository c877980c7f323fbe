import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useOnline } from '#app/hooks/use-online.ts';
import { formatDateTime } from '#app/lib/format.ts';

/** Tells the user they are offline and from when the data on screen was saved. */
export function OfflineBanner() {
  const online = useOnline();
  const queryClient = useQueryClient();
  if (online) return null;
  const updated = queryClient
    .getQueryCache()
    .getAll()
    .reduce((latest, q) => Math.max(latest, q.state.dataUpdatedAt), 0);
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <p className="mx-auto flex max-w-7xl items-center gap-2">
        <WifiOff aria-hidden className="size-4 shrink-0" />
        <span>
          <strong>You are offline.</strong> Showing agents saved on this device
          {updated > 0 ? <> (last updated {formatDateTime(updated)})</> : null}. Trying agents, buying credits and
          submitting agents need a connection; proposals, reviews and saves are queued and sent when you are back
          online.
        </span>
      </p>
    </div>
  );
}
