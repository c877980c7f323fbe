import './styles.css';
import { PAGE_MODULES_META } from '../common/ssr';
import { holdEarlyClicks } from './lib/early-clicks';

/**
 * The page's entry script. The app is fetched and run once the page's content is on screen (its first
 * contentful paint): evaluating React and hydrating are the longest tasks of the start, and on a slow
 * phone they would otherwise hold that paint back (docs/decisions/0017). Where the browser does not
 * report paints it starts at the first frame after the load event; in a hidden tab, which paints
 * nothing, at once.
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
  void import('./main');
}

holdEarlyClicks();
if (document.visibilityState === 'hidden') {
  start();
} else {
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  }
  // Without paint reports, or with nothing contentful to paint: a frame after the page has loaded.
  addEventListener('load', () => requestAnimationFrame(() => setTimeout(start, 0)), { once: true });
  // A tab sent to the background paints nothing more.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && start());
}
