import { VIEW_COUNTED_META, VIEW_TO_COUNT_META } from '#common/ssr.ts';
import { pageMeta, shownFromHistory } from '#app/lib/page-load.ts';

/** The agent whose view was counted at this page's load, by the server or from here. */
let countedAtLoad: number | null = null;

/**
 * The view of an agent page the server rendered. The server counts it as it serves a browser's
 * navigation and says so (VIEW_COUNTED_META; worker/features/insights/index.ts), so a page only
 * read costs no request of its own (docs/decisions/0031). Where the request did not say it would be
 * shown, the server leaves the count to the page (VIEW_TO_COUNT_META): a page prefetched or
 * prerendered before it was opened, counted from here once it is shown (a prerendered page runs its
 * scripts before anyone sees it), or one from a browser that sends no Sec-Fetch-Dest (Safari before
 * 16.4). A page shown again from the browser's cache (Back, Forward) was not served again and is not
 * counted again, as one restored from the back/forward cache is not.
 */
export function countViewAtLoad(): void {
  const counted = Number(pageMeta(VIEW_COUNTED_META));
  if (counted) {
    countedAtLoad = counted;
    return;
  }
  const id = Number(pageMeta(VIEW_TO_COUNT_META));
  if (!id) return;
  countedAtLoad = id;
  if (shownFromHistory()) return;
  const send = () => {
    if (!navigator.onLine) return;
    const url = `/api/agents/${id}/views`;
    if (!navigator.sendBeacon?.(url))
      fetch(url, { method: 'POST', keepalive: true, credentials: 'include' }).catch(() => undefined);
  };
  if ((document as Document & { prerendering?: boolean }).prerendering)
    document.addEventListener('prerenderingchange', send, { once: true });
  else send();
}

/** Whether this agent's view was counted at the page's load (the app then does not count it again). */
export const viewCountedAtLoad = (agentId: number): boolean => countedAtLoad === agentId;
