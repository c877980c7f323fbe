import { type ENTRY_COOKIES } from '#common/constants.ts';
import { REQUEST_COOKIES_META } from '#common/ssr.ts';
import { pageMeta, shownFromHistory } from './page-load';

/** Whether `cookie` (document.cookie by default) holds a cookie of this name. */
export const hasCookie = (name: string, cookie = document.cookie): boolean =>
  cookie.split(';').some((part) => part.trim().startsWith(`${name}=`));

/**
 * Which of the cookies the entry script acts on this page's request carried: as the server named
 * them in a page it rendered (REQUEST_COOKIES_META), else from document.cookie, read once. That read
 * asks the browser's process and holds the page until it answers, 3-12 ms at a mid-tier phone's
 * speed on our machines (docs/decisions/0031). A page shown again from the browser's cache (Back,
 * Forward) holds what the server named then, so there the cookies themselves are read.
 */
export function requestCookies(): (name: (typeof ENTRY_COOKIES)[number]) => boolean {
  const named = pageMeta(REQUEST_COOKIES_META);
  if (named === undefined || shownFromHistory()) {
    const cookie = document.cookie;
    return (name) => hasCookie(name, cookie);
  }
  const names = new Set(named.split(' '));
  return (name) => names.has(name);
}
