import { VIEW_COUNTED_META } from '#common/ssr.ts';

/**
 * The agent whose view the server took as it rendered the page the app started on (VIEW_COUNTED_META;
 * worker/features/insights/index.ts), read once: a page only read, without the app ever starting,
 * is counted all the same (docs/decisions/0031). The app counts the agent pages it shows itself.
 */
let countedAtLoad: number | null | undefined;

/** Whether the server counted this agent's view when it rendered the page (the app then does not count it again). */
export function viewCountedAtLoad(agentId: number): boolean {
  if (countedAtLoad === undefined) countedAtLoad = Number(document.querySelector<HTMLMetaElement>(`meta[name="${VIEW_COUNTED_META}"]`)?.content) || null;
  return countedAtLoad === agentId;
}
