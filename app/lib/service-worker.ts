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
export function registerServiceWorker(onUpdate: () => void, onUnavailable: () => void = () => undefined, onRegistered: (registration: ServiceWorkerRegistration) => void = () => undefined): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return onUnavailable();
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

/** Whether a service worker served this page (and so saved the data it arrived with as it did, app/sw.ts). */
export const servedByWorker = (): boolean => 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null;

/**
 * Hands the page's JSON text to the registration's worker to save (docs/decisions/0035): the one
 * active, else the one waiting or installing (a device's first visit), each of which runs to take it.
 * False when there is none to take it.
 */
export function handToWorker(registration: ServiceWorkerRegistration, text: string): boolean {
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  if (!worker) return false;
  const message: SaveServedMessage = { type: 'SAVE_SERVED', text };
  worker.postMessage(message);
  return true;
}
