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
 */
export function registerServiceWorker(onUpdate: () => void, onUnavailable: () => void = () => undefined): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return onUnavailable();
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      const updating = () => navigator.serviceWorker.controller !== null && onUpdate();
      if (registration.waiting || registration.installing) updating();
      registration.addEventListener('updatefound', updating);
    })
    .catch(() => onUnavailable());
}
