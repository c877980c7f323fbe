import { navigationEntry } from './page-load';
import type { SaveServedMessage } from './saved-record';

/**
 * Registers the service worker from the entry script, so a page that never starts the app is still
 * kept for offline use (docs/decisions/0031). The path and scope are vite-plugin-pwa's (vite.config.ts,
 * injectManifest with app/sw.ts); the app's update prompt registers the same worker again through
 * workbox-window, which finds this registration and any version waiting in it. No service worker in
 * development, as the plugin has none there.
 *
 * `onUpdate`: a new version is installing or waiting while an older one controls the page: the app
 * starts so its prompt can offer the reload. `onUnavailable`: no worker will precache the app's code
 * (none in this browser or build, or its registration failed: storage blocked, a private window).
 * `onRegistered`: the registration, once there is one.
 */
export function registerServiceWorker(
  onUpdate: () => void,
  onUnavailable: () => void = () => undefined,
  onRegistered: (registration: ServiceWorkerRegistration) => void = () => undefined,
): void {
  if (!serviceWorkersRun()) return onUnavailable();
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      const updating = () => navigator.serviceWorker.controller !== null && onUpdate();
      if (registration.waiting || registration.installing) updating();
      registration.addEventListener('updatefound', updating);
      onRegistered(registration);
    })
    .catch(() => onUnavailable());
}

/** Whether this build and browser run a service worker at all (the plugin has none in development). */
export const serviceWorkersRun = (): boolean => import.meta.env.PROD && 'serviceWorker' in navigator;

/**
 * Whether a service worker answered this page's navigation, and so saved the data it arrived with
 * (app/sw.ts). Not whether one controls the page: a worker that activated while the page loaded
 * from the network claims it too.
 */
export const servedByWorker = (): boolean => (navigationEntry()?.workerStart ?? 0) > 0;

/** How long a worker has to say it saved a page's data before the page saves it itself. */
const HAND_OVER_TIMEOUT_MS = 10_000;

/**
 * Hands the page's JSON text to the registration's worker to save (docs/decisions/0035): the one
 * active, else the one waiting or installing (a device's first visit), each of which runs to take it.
 * Resolves true once the worker answers that it has written it; false when there is no worker, it
 * answers that IndexedDB refused the write, it becomes redundant (its install failed), or it does not
 * answer in time (one built before it could).
 */
export function handToWorker(registration: ServiceWorkerRegistration, text: string): Promise<boolean> {
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const done = (saved: boolean) => {
      clearTimeout(timer);
      worker.removeEventListener('statechange', onState);
      channel.port1.close();
      resolve(saved);
    };
    const onState = () => worker.state === 'redundant' && done(false);
    const timer = setTimeout(() => done(false), HAND_OVER_TIMEOUT_MS);
    // 'failed': IndexedDB refused the worker's write (a blocked upgrade there need not block the page's).
    channel.port1.onmessage = (event: MessageEvent) => done(event.data === 'saved');
    worker.addEventListener('statechange', onState);
    const message: SaveServedMessage = { type: 'SAVE_SERVED', text };
    worker.postMessage(message, [channel.port2]);
  });
}
