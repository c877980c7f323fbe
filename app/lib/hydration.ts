import { useLayoutEffect } from 'react';
import { partHydrated, type HydratingPart } from './early-clicks';

let resolveHydrated: () => void = () => undefined;

/**
 * Settles once every part of the page has been hydrated (at once for a page the browser renders by
 * itself). Until then nothing may change what those parts read: a part hydrating in a later slice
 * would render other data than its HTML holds, a hydration mismatch.
 */
export const pageHydrated = new Promise<void>((resolve) => {
  resolveHydrated = resolve;
});

/** The page was not server-rendered: nothing hydrates. */
export const noHydration = (): void => resolveHydrated();

/**
 * Rendered last inside each part's boundary. A layout effect: it runs in the commit that hydrated the
 * part, before a tap that made React hydrate it at once reaches the page (app/lib/early-clicks.ts).
 */
export function HydratedMark({ part }: { part: HydratingPart }) {
  useLayoutEffect(() => {
    // The navbar, the page and the footer: each a Suspense boundary, hydrated in its own slices.
    if (partHydrated(part)) resolveHydrated();
  }, [part]);
  return null;
}
