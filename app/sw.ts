/// <reference lib="webworker" />
/**
 * The installed app's service worker (built by vite-plugin-pwa's injectManifest; docs/decisions/0011).
 * - Navigations go to the network first (the server renders pages, always of the deployed version)
 *   and fall back to the precached app shell offline. `/api`, the sitemap and robots.txt never get it.
 * - The shell, styles and every route chunk are precached as one version. A new worker waits until
 *   the person accepts the update (or every tab of the old version is gone), so a page never mixes
 *   HTML of one version with chunks of another; the old precache goes when the new one activates.
 * - The data a rendered page arrives with is saved for offline use as the page arrives (docs/decisions/0027),
 *   or as the page that registered this worker hands it over (docs/decisions/0035).
 * - The outbox (proposals, reviews, saves) is replayed on Background Sync, app open or not.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { deliverOutbox, OUTBOX_SYNC_TAG } from './lib/outbox';
import { isSaveServedMessage, saveServedPage, saveServedText } from './lib/saved-record';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

/** Where a navigation gives up on a network that does not answer (lie-fi) and shows the shell. */
const NAVIGATION_TIMEOUT_MS = 5000;
const SHELL_URL = '/index.html';

/** A navigation from the network: the response navigation preload already started, else a fetch. */
const fromNetwork = async (request: Request, event: ExtendableEvent | undefined): Promise<Response> =>
  (await ((event as FetchEvent | undefined)?.preloadResponse as Promise<Response | undefined> | undefined)?.catch(
    () => undefined,
  )) ?? fetch(request);

// Navigations first: registered before the precache route, which would otherwise answer `/` itself.
registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      try {
        const response = await Promise.race([
          fromNetwork(request, event),
          new Promise<never>((_resolve, reject) =>
            setTimeout(() => reject(new Error('navigation timed out')), NAVIGATION_TIMEOUT_MS),
          ),
        ]);
        // Seen means saved (docs/decisions/0027): the data a rendered page arrives with is written
        // here, as it arrives, whether or not the page lives long enough to start the app.
        if (response.ok && response.headers.get('Content-Type')?.includes('text/html'))
          (event as ExtendableEvent | undefined)?.waitUntil(saveServedPage(response.clone()));
        return response;
      } catch {
        return (await matchPrecache(SHELL_URL)) ?? Response.error();
      }
    },
    // OAuth and discovery always reach the worker: it signs the person in first and forbids framing.
    {
      denylist: [
        /^\/api(\/|$)/,
        /^\/sitemap\.xml$/,
        /^\/robots\.txt$/,
        /^\/authorize(\/|$)/,
        /^\/oauth\//,
        /^\/\.well-known\//,
      ],
    },
  ),
);
// Navigations to those (a sign-in redirect, Google's callback): the network's, no shell. They must
// still be answered with the preloaded response: left unanswered, the browser sends the request a
// second time, and Google sign-in sent twice started two attempts whose second refused the first
// ("expired or already used", seen in CI).
registerRoute(
  ({ request }) => request.mode === 'navigate',
  ({ request, event }) => fromNetwork(request, event),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Agent pictures are kept as they are seen (not precached: there are thousands).
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' && url.origin === self.location.origin && !url.pathname.startsWith('/api/'),
  new CacheFirst({
    cacheName: 'agent-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('activate', (event) => {
  // Navigation preload: the network request for a page starts while this worker is still waking up.
  event.waitUntil(self.registration.navigationPreload?.enable().catch(() => undefined) ?? Promise.resolve());
});

// The page's "Reload to update" (workbox-window's messageSkipWaiting): the only way a new version
// takes over open tabs. That page then reloads; any other open tab reloads on its next page change.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
  // A page this worker did not serve (the visit that registered it) hands over the data it arrived
  // with: parsed and saved here, off the page's main thread, and the page told once it is written
  // (docs/decisions/0035).
  else if (isSaveServedMessage(event.data))
    event.waitUntil(
      saveServedText(event.data.text).then((written) => event.ports[0]?.postMessage(written ? 'saved' : 'failed')),
    );
});
// The first install has no older version to mix with: take control of the page that installed it,
// so it works offline without a reload. Updates only activate through the rule above.
clientsClaim();

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    deliverOutbox({ force: true }).then((report) => {
      // Still waiting (no network after all, or 5xx/429): fail the event so the browser tries again later.
      if (report.waiting > 0 && !event.lastChance) throw new Error('Outbox items are still waiting to be sent');
    }),
  );
}) as EventListener);
