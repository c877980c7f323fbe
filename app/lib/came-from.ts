import { useSyncExternalStore } from 'react';

/**
 * Which page of this site the person came to the current history entry from, so "Back to listings"
 * can go back to the list they were on (its filters and scroll) rather than start a new one.
 *
 * Each entry pushed in the app is stamped, in its own `history.state`, with the path it was pushed
 * from: the stamp stays with the entry through Back, Forward and reloads, and the entry before a
 * stamped one is exactly the page named. A page loaded in full from another page of this site (a link
 * tapped before the app started) takes that page from `document.referrer`. wouter sends the
 * `pushState` and `replaceState` events this listens to (it wraps the History API to see them).
 */
const KEY = 'cameFrom';
const here = () => `${location.pathname}${location.search}`;

let current = '';
let from: string | null = null;

const stampOf = (state: unknown): string | null => {
  const value = state && typeof state === 'object' ? (state as Record<string, unknown>)[KEY] : null;
  return typeof value === 'string' ? value : null;
};

function sameOriginReferrer(): string | null {
  try {
    const url = new URL(document.referrer);
    return url.origin === location.origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** Puts `from` on the current entry, keeping whatever else its state holds (a state that is not an object is left alone). */
function stamp(): void {
  const state: unknown = history.state;
  if (from === null || stampOf(state) === from || (state !== null && typeof state !== 'object')) return;
  history.replaceState({ ...(state as object | null), [KEY]: from }, '');
}

/** From the browser's start (app/main.tsx), before any navigation in the app. */
export function trackCameFrom(): void {
  current = here();
  from = stampOf(history.state) ?? sameOriginReferrer();
  stamp();
  addEventListener('pushState', () => {
    from = current;
    current = here();
    stamp();
  });
  // A replaced entry (a filter changed, a canonical path) keeps where it came from.
  addEventListener('replaceState', () => {
    current = here();
    stamp();
  });
  addEventListener('popstate', () => {
    current = here();
    from = stampOf(history.state);
  });
}

const subscribe = (onChange: () => void) => {
  const events = ['pushState', 'replaceState', 'popstate'];
  for (const type of events) addEventListener(type, onChange);
  return () => {
    for (const type of events) removeEventListener(type, onChange);
  };
};

/** The page the current entry came from when `accept` says it is one to go back to, else null: as it is now. */
export function cameFrom(accept: (path: string) => boolean): string | null {
  const path = stampOf(history.state);
  return path !== null && accept(path) ? path : null;
}

/**
 * cameFrom for rendering: null while hydrating (and on the server), so both render the same, then
 * the real answer. A click handler reads cameFrom itself: one in the moment between the hydrating
 * render and the next has only the null.
 */
export function useCameFrom(accept: (path: string) => boolean): string | null {
  return useSyncExternalStore(
    subscribe,
    () => cameFrom(accept),
    () => null,
  );
}
