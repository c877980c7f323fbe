/**
 * The cookie that names the agents saved on a device, newest save first, so the server can draw
 * /saved as it draws every page people read (docs/decisions/0036). The device keeps the agents
 * themselves (IndexedDB); the cookie only their ids, and only /saved is sent it (its Path).
 */
export const SAVED_AGENTS_COOKIE = 'saved-agents';
export const SAVED_AGENTS_COOKIE_PATH = '/saved';

/** Well under the 4,096 bytes browsers keep of one cookie. A longer list is cut: the page's check finds the rest (app/lib/app-start.ts). */
const MAX_VALUE_LENGTH = 3000;
/** As many as one person may keep saved (worker/features/saved/data.ts). */
const MAX_IDS = 500;

/** The cookie's value for these ids (newest first): as many whole ids as fit. */
export function savedAgentsCookieValue(ids: readonly number[]): string {
  let value = '';
  for (const id of ids.slice(0, MAX_IDS)) {
    const next = value ? `${value}.${id}` : String(id);
    if (next.length > MAX_VALUE_LENGTH) break;
    value = next;
  }
  return value;
}

/** The ids a cookie's value names, in its order: anything that is not an id is left out, and each id counts once. */
export function parseSavedAgentsCookie(value: string | undefined | null): number[] {
  const ids = new Set<number>();
  for (const part of (value ?? '').slice(0, MAX_VALUE_LENGTH).split('.')) {
    if (/^[1-9]\d{0,8}$/.test(part)) ids.add(Number(part));
    if (ids.size === MAX_IDS) break;
  }
  return [...ids];
}
