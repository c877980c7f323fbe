import { PENDING_TRY_COOKIE } from '#common/constants.ts';
import { hasCookie } from '#app/lib/cookies.ts';

// The Idempotency-Key of a try still waiting for its answer, per agent, in this tab's
// sessionStorage: a reloaded page finds it and asks the server how that try ended (docs/decisions/0002).
const PREFIX = 'pending-try:';
/**
 * Set while a key is stored. Pages open sessionStorage only when it is there (its first use costs a
 * synchronous load, docs/decisions/0010). Left to expire rather than cleared: another tab may hold a key.
 */
const MARKER = PENDING_TRY_COOKIE;
const MARKER_MAX_AGE_S = 24 * 60 * 60;

export function loadPendingTry(agentId: number, cookie = document.cookie): string | null {
  if (!hasCookie(MARKER, cookie)) return null;
  try {
    return sessionStorage.getItem(PREFIX + agentId);
  } catch {
    return null;
  }
}

export function savePendingTry(agentId: number, key: string): void {
  try {
    sessionStorage.setItem(PREFIX + agentId, key);
    document.cookie = `${MARKER}=1; Max-Age=${MARKER_MAX_AGE_S}; Path=/; SameSite=Lax`;
  } catch {
    // Storage unavailable (private mode): the key still lives in memory for this page's retries.
  }
}

export function clearPendingTry(agentId: number): void {
  try {
    sessionStorage.removeItem(PREFIX + agentId);
  } catch {
    // Nothing was stored.
  }
}

/**
 * Whether the agent page at `pathname` holds a try this tab left pending (`markerSent`: the marker
 * came with the page's request). The entry script then starts the app at once (app/boot.ts), which
 * asks the server how that try ended and says so.
 */
export function pendingTryWaits(pathname: string, markerSent: boolean): boolean {
  const id = /^\/agents?\/(\d+)\/?$/i.exec(pathname)?.[1];
  if (!markerSent || id === undefined) return false;
  try {
    return sessionStorage.getItem(PREFIX + Number(id)) !== null;
  } catch {
    return false;
  }
}
