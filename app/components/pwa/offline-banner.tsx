import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, WifiOff } from 'lucide-react';
import { useBottomBar } from '#app/hooks/use-bottom-bar.ts';
import { BOTTOM_BAR } from '#app/lib/bottom-bars.ts';
import { useOnline } from '#app/hooks/use-online.ts';
import { formatDateTime } from '#app/lib/format.ts';

/**
 * Tells the user they are offline and from when the data on screen was saved. A bar at the bottom of
 * the screen (app-layout.tsx), so the connection going moves nothing the person is reading or about
 * to tap; kept short, what works offline a tap away. A bottom bar: the try bar, the update prompt and
 * toasts keep clear of it. The status region is always on the page, empty while online, so that its
 * words are announced as they come.
 */
export function OfflineBanner() {
  const online = useOnline();
  const queryClient = useQueryClient();
  const bar = useBottomBar();
  const updated = online
    ? 0
    : queryClient
        .getQueryCache()
        .getAll()
        .reduce((latest, q) => Math.max(latest, q.state.dataUpdatedAt), 0);
  return (
    // With the confirm-email bar below it, that bar keeps clear of the phone's home indicator.
    <div role="status" className="[&:has(+*)>*]:pb-2!">
      {online ? null : (
        <div
          ref={bar}
          {...BOTTOM_BAR}
          className="border-t border-amber-300 bg-amber-50 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] text-sm text-amber-900"
        >
          <div className="mx-auto max-w-7xl">
            <p className="flex items-start gap-2">
              <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                <strong>You are offline.</strong> Showing agents saved on this device
                {updated > 0 ? <> (last updated {formatDateTime(updated)})</> : null}.
              </span>
            </p>
            <details className="group ml-6">
              {/* 24 px tall at least, however short its line (WCAG 2.5.8). */}
              <summary className="inline-flex min-h-6 cursor-pointer items-center gap-1 font-semibold underline">
                What works offline
                <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
              </summary>
              <p className="pb-1">
                Proposals, reviews and saves are queued and sent when you are back online. Trying agents, buying credits
                and submitting agents need a connection.
              </p>
            </details>
          </div>
        </div>
      )}
    </div>
  );
}
