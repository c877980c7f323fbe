import './styles.css';
import { PAGE_MODULES_META, QUERY_STATE_ELEMENT_ID } from '#common/ssr.ts';
import { holdEarlyClicks } from './lib/early-clicks';
import { saveServedQueries } from './lib/saved-record';

/**
 * The page's entry script. On a page the server rendered, the app is fetched and run once the
 * content is on screen (its first contentful paint): evaluating React and hydrating are the longest
 * tasks of the start, and on a slow phone they would otherwise hold that paint back
 * (docs/decisions/0017). The plain shell (signed-in pages, offline) has nothing to show without the
 * app, and a hidden tab paints nothing: there it starts at once. A browser that does not report
 * paints starts it a frame after the load event.
 */
let started = false;
function start(): void {
  if (started) return;
  started = true;
  // A rendered page names its own chunks (an agent page's code): fetched alongside the app.
  const modules = document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_MODULES_META}"]`)?.content.split(' ') ?? [];
  for (const href of modules) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  // Each step in a task of its own, so none is long on a slow phone (docs/decisions/0018): the
  // fetches above, then React's code (its evaluation and the compiling it triggers are the longest
  // piece of the start), then the app's. All of it was fetched at once.
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  void nextTask()
    .then(() => import('react-dom/client'))
    .then(nextTask)
    .then(() => import('./main'));
}

holdEarlyClicks();
// Seen means saved (docs/decisions/0027): the data this page arrived with goes to IndexedDB now, not
// when the app takes over after the first paint; a page left at once is readable offline all the same.
const servedState = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
if (servedState) void saveServedQueries(servedState);
const rendered = document.getElementById('root')?.firstElementChild != null;
const reportsPaints = PerformanceObserver.supportedEntryTypes?.includes('paint') ?? false;
if (!rendered || document.visibilityState === 'hidden') {
  start();
} else if (reportsPaints) {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
  // A tab sent to the background paints nothing more.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && start());
  // Not waiting for ever: the paint report can lag the load event (a busy compositor), so the load
  // event alone does not start the app, but a paint that never comes does not keep it from starting.
  addEventListener('load', () => setTimeout(start, 3000), { once: true });
} else {
  addEventListener('load', () => requestAnimationFrame(() => setTimeout(start, 0)), { once: true });
}
