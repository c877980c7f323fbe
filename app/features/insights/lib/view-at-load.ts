/**
 * The view of an agent page that arrived rendered by the server, counted by the entry script: such a
 * page may be read and left without the app ever starting (docs/decisions/0031), a visitor's or a
 * signed-in person's alike. The server leaves out the creator's own visits (it knows who asks).
 * No React and no API client here: this runs before either is loaded.
 */
const countedAtLoad = new Set<number>();

export function countViewAtLoad(): void {
  const id = Number(/^\/agents\/(\d{1,9})\/?$/.exec(location.pathname)?.[1]);
  const navigation = performance.getEntriesByType?.('navigation')[0] as (PerformanceEntry & { responseStatus?: number }) | undefined;
  // Only an agent that exists (the Not Found page is rendered too), online, once per page load.
  if (!id || !navigator.onLine || (navigation?.responseStatus ?? 200) !== 200) return;
  countedAtLoad.add(id);
  const url = `/api/agents/${id}/views`;
  // A beacon: its answer (a 204) never comes back to the page. A fetch's did, and handling it cost
  // about 5 ms of the page's 60-70 ms of main thread at 1x (docs/decisions/0031, "The view beacon").
  if (!navigator.sendBeacon?.(url)) fetch(url, { method: 'POST', keepalive: true, credentials: 'include' }).catch(() => undefined);
}

/** Whether the entry script counted this agent's view already (the app then does not count it again). */
export const viewCountedAtLoad = (agentId: number): boolean => countedAtLoad.has(agentId);
