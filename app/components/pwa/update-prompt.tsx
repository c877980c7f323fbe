import { RefreshCw } from 'lucide-react';
import { useRegisterSW } from 'virtual:pwa-register/react';
// Travels in the app's first chunk: registering the service worker then costs no request of its own
// (the plugin's registration code imports it on demand).
import 'workbox-window';
import { Button } from '#app/components/ui/button.tsx';
import { KEEP_CLEAR } from '#app/lib/keep-clear.ts';

/**
 * Registers the service worker and, when a new version is waiting, offers to reload. It never
 * reloads by itself, so nobody loses a half-filled form.
 */
export function UpdatePrompt() {
  // Registered at once, not after the load event: with the later registration, the worker's install
  // (the whole app downloading) overlapped the next page load, and loads sometimes never completed.
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
  if (!needRefresh) return null;
  return (
    // Above the bottom bars (their actions stay tappable); on wide screens to the left, clear of the toasts.
    <div
      role="alert"
      // Toasts keep clear of it (app/lib/keep-clear.ts).
      {...KEEP_CLEAR}
      className="fixed inset-x-4 bottom-[calc(var(--bottom-bars)+1rem)] z-[90] mx-auto flex max-w-md items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xl lg:right-auto lg:mx-0 lg:w-md print:hidden"
    >
      <RefreshCw aria-hidden className="size-5 shrink-0 text-brand-600" />
      <p className="flex-1 text-sm">A new version of AgentMarket is available.</p>
      <Button size="sm" onClick={() => void updateServiceWorker(true)}>
        Reload to update
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
        Later
      </Button>
    </div>
  );
}
