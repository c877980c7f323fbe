import { VIEW_COUNTED_META } from '#common/ssr.ts';

/** An agent's page by its number, either spelling (as worker/features/insights/index.ts reads it). */
const AGENT_PAGE = /^\/agents?\/(\d{1,9})\/?$/i;

/** The agent whose view was counted at this page's load, by the server or from here. */
let countedAtLoad: number | null = null;

/**
 * The view of an agent page the server rendered. The server counts it as it serves a browser's
 * navigation and says so (VIEW_COUNTED_META; worker/features/insights/index.ts), so a page only
 * read is counted without a request of its own (docs/decisions/0031). A page it served otherwise
 * is counted from here, with a beacon: one the browser prefetched or prerendered before it was
 * opened (counted once it is shown: a prerendered page runs its scripts before anyone sees it), or
 * a browser that does not say it navigates (Safari before 16.4). A page shown again from the
 * browser's cache (Back, Forward) is not served again, and is not counted again, as one restored
 * from the back/forward cache is not.
 */
export function countViewAtLoad(): void {
  const id = Number(AGENT_PAGE.exec(location.pathname)?.[1]);
  if (!id) return;
  const counted = Number(document.querySelector<HTMLMetaElement>(`meta[name="${VIEW_COUNTED_META}"]`)?.content);
  if (counted) {
    countedAtLoad = counted;
    return;
  }
  const navigation = performance.getEntriesByType?.('navigation')[0] as (PerformanceEntry & { responseStatus?: number }) | undefined;
  // Only an agent that exists (the Not Found page is rendered too).
  if ((navigation?.responseStatus ?? 200) !== 200) return;
  countedAtLoad = id;
  const send = () => {
    if (!navigator.onLine) return;
    const url = `/api/agents/${id}/views`;
    if (!navigator.sendBeacon?.(url)) fetch(url, { method: 'POST', keepalive: true, credentials: 'include' }).catch(() => undefined);
  };
  if ((document as Document & { prerendering?: boolean }).prerendering) document.addEventListener('prerenderingchange', send, { once: true });
  else send();
}

/** Whether this agent's view was counted at the page's load (the app then does not count it again). */
export const viewCountedAtLoad = (agentId: number): boolean => countedAtLoad === agentId;
