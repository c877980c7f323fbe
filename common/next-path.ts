import { CONSENT_QUERY_MAX } from './oauth';

/**
 * Where to send someone once they have signed in (`?next=`), checked the same way by the app and the
 * worker (docs/decisions/0021). Only a path of this site is accepted: `/agents/7?tab=reviews` yes;
 * `//evil.example`, `/\evil.example`, `https://…`, `javascript:…` and anything with control
 * characters (which URL parsers drop, turning `/\t/evil` into `//evil`) no. The sign-in pages
 * themselves are refused too, so a sign-in never returns to sign-in.
 */
// Room for an OAuth authorization request coming back after sign-in: /authorize and the longest query
// its consent page accepts (docs/decisions/0042), so a request the page takes is never lost at sign-in.
export const NEXT_PATH_MAX = '/authorize'.length + CONSENT_QUERY_MAX;

const BASE = 'https://next-path.invalid';
const SIGN_IN_PAGES = /^\/(auth|login)(\/|$)/i;

/** The same-origin path to go to after signing in, normalised, or null when `raw` is not one. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > NEXT_PATH_MAX) return null;
  // One slash then not a second one (nor a backslash, which browsers read as a slash).
  if (raw[0] !== '/' || raw[1] === '/' || raw[1] === '\\') return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || SIGN_IN_PAGES.test(url.pathname)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can leave two slashes in front (`/..//evil` is `//evil`): checked again once normalised.
  return path.startsWith('//') ? null : path;
}

/** /auth, asking to come back to `next` when it is a path worth coming back to (not the home page). */
export function authHref(next?: string | null): string {
  const path = safeNextPath(next);
  return path && path !== '/' ? `/auth?${new URLSearchParams({ next: path })}` : '/auth';
}
