/**
 * The cookie that names the agents saved on a device, newest save first, so the server can draw
 * /saved as it draws every page people read (docs/decisions/0036). The device keeps the agents
 * themselves (IndexedDB); the cookie only their ids, and only /saved is sent it (its Path).
 */
export const SAVED_AGENTS_COOKIE = 'saved-agents';
export const SAVED_AGENTS_COOKIE_PATH = '/saved';

/**
 * The most the server draws, and so the most the cookie names: a page of cards. A device that keeps
 * more is drawn its newest ones; the page's check (app/lib/app-start.ts) finds the rest and the app
 * draws them.
 */
export const SAVED_AGENTS_DRAWN = 48;
/** Ids are positive 32-bit integers (the provider's too: worker/features/provider/map.ts). */
const MAX_ID = 2 ** 31 - 1;
/** More than SAVED_AGENTS_DRAWN ids of 10 digits and their dots: anything longer is not ours. */
const MAX_VALUE_LENGTH = 1000;

/** The cookie's value for these ids (newest first). */
export const savedAgentsCookieValue = (ids: readonly number[]): string => ids.slice(0, SAVED_AGENTS_DRAWN).join('.');

/**
 * What /saved is drawn from for a signed-in person (docs/decisions/0036): the device's ids that are
 * not on the account first (saves not sent yet, or made signed out: the newest, as a rule), then the
 * account's newest, each once, at most SAVED_AGENTS_DRAWN. A new device then shows the person's list
 * from its first paint, not "No saved agents yet" until the app has merged it.
 */
export function savedAgentIdsToDraw(device: readonly number[], account: readonly number[]): number[] {
  const onAccount = new Set(account);
  return [...new Set([...device.filter((id) => !onAccount.has(id)), ...account])].slice(0, SAVED_AGENTS_DRAWN);
}

/** The ids a cookie's value names, in its order: anything that is not an id is left out, and each id counts once. */
export function parseSavedAgentsCookie(value: string | undefined | null): number[] {
  const ids = new Set<number>();
  for (const part of (value ?? '').slice(0, MAX_VALUE_LENGTH).split('.')) {
    if (ids.size === SAVED_AGENTS_DRAWN) break;
    if (/^[1-9]\d{0,9}$/.test(part) && Number(part) <= MAX_ID) ids.add(Number(part));
  }
  return [...ids];
}
