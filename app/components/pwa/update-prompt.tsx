import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
// Travels in the app's first chunk: registering the service worker then costs no request of its own
// (the plugin's registration code imports it on demand).
import 'workbox-window';
import { Button } from '#app/components/ui/button.tsx';
import { KEEP_CLEAR } from '#app/lib/keep-clear.ts';

/**
 * A tab still showing the old version after another tab accepted the update may ask for a page chunk
 * the new deployment no longer has: it then loads the page again, whole and of one version (once per
 * address, so an offline miss cannot loop). The failure still reaches the import meanwhile: were it
 * prevented, Vite would resolve the import with nothing, which React.lazy would render as a broken
 * page rather than the page error's message (app/components/layout/page-error.tsx).
 */
function useReloadOnStaleChunk() {
  useEffect(() => {
    const onPreloadError = () => {
      const key = `chunk-reload:${location.pathname}`;
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
      location.reload();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);
}

/**
 * Registers the service worker and, when a new version is waiting, offers to reload. It never
 * reloads by itself, so nobody loses a half-filled form.
 */
export function UpdatePrompt() {
  useReloadOnStaleChunk();
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
