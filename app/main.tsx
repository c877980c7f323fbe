import { hydrate, onlineManager, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { QUERY_STATE_ELEMENT_ID } from '#common/ssr.ts';
import { App, attachOfflineStore } from './app';
import { carriesSession, getSessionQueryOptions, hasSessionHint, SessionInPage } from './features/auth/api/get-session';
import { applyPreferences } from './features/users/lib/preferences';
import { nextTask } from './lib/after-paint';
import { trackCameFrom } from './lib/came-from';
import { reactTookOver, releaseEarlyClicks } from './lib/early-clicks';
import { noHydration, pageHydrated } from './lib/hydration';
import { createQueryClient } from './lib/query-client';
import { markServedWithPage } from './lib/served-with-page';
import { preloadPage } from './routes';

// TanStack assumes online until an event says otherwise, and listens for those events only from its
// first subscriber (the first render): start from what the browser knows, and subscribe now so that a
// connection lost in between is not missed.
onlineManager.setOnline(navigator.onLine);
onlineManager.subscribe(() => {});
// Before any navigation in the app: "Back to listings" needs each entry's previous page.
trackCameFrom();

const queryClient = createQueryClient();
// Before the server's state is hydrated, so that state is saved for offline use as it arrives.
attachOfflineStore(queryClient);
// The entry script opens localStorage for them only when their cookie says one is set; preferences
// saved before that cookie existed are applied here, and get it.
applyPreferences();

/** The query cache the worker rendered this page from (public pages), or null for the plain shell. */
function serverState(): DehydratedState | null {
  const element = document.getElementById(QUERY_STATE_ELEMENT_ID);
  const text = element?.textContent;
  // Read once, then gone from the page: on /credits it holds the person's session, which must not
  // stay in the document after they sign out and the app moves on without a reload (decision 0019).
  element?.remove();
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null;
  }
}

/** The header bar index.html paints before any script: removed as the app's own takes its place. */
function ShellBarRemoval() {
  useLayoutEffect(() => document.getElementById('app-shell')?.remove(), []);
  return null;
}

// The start runs as a few short tasks rather than one long one, so the browser can handle a tap or
// paint in between (docs/decisions/0017). This module's own evaluation (React and the app's code) is
// the first.
await nextTask();
// Taps held back before React listened are replayed once every part is hydrated (or at once, below,
// for a page the browser renders by itself).
void pageHydrated.then(() => {
  void releaseEarlyClicks();
  // The page is the app's now (docs/decisions/0031: a page only read may never get here).
  document.documentElement.dataset.app = 'running';
});
const container = document.getElementById('root')!;
const state = serverState();
// A page rendered for the signed-in person carries their session; it hydrates with it shown.
const sessionInPage = state !== null && carriesSession(state);
// Elsewhere a signed-in page needs the session before anything else: ask for it now, not after rendering.
if (hasSessionHint() && !sessionInPage) void queryClient.prefetchQuery(getSessionQueryOptions());
const app = (
  <StrictMode>
    <SessionInPage value={sessionInPage}>
      <App queryClient={queryClient} />
    </SessionInPage>
  </StrictMode>
);

if (state && container.firstElementChild) {
  // Server-rendered: the page's data comes with it (no second request), and React takes over the
  // markup already on screen (docs/decisions/0012).
  hydrate(queryClient, state);
  markServedWithPage(queryClient, state);
  await nextTask();
  // A slice that hydrates late (its page's code still downloading) must see the path the server
  // rendered, not one a link or search has moved to meanwhile: it would hydrate one page's HTML as
  // another (React #418). wouter reads `ssrPath` while hydrating only; the slice then renders the
  // current path.
  // In a transition, hydration is time-sliced: React yields to the browser every few milliseconds, so
  // a tap or a keystroke during the start is handled at once (docs/decisions/0017). The offline copy
  // of the data waits for it to end (app/lib/hydration.ts).
  startTransition(() => {
    hydrateRoot(
      container,
      <Router ssrPath={location.pathname} ssrSearch={location.search.replace(/^\?/, '')}>
        {app}
      </Router>,
    );
  });
  reactTookOver();
} else {
  // The plain shell (signed-in pages, the installed app offline): the app renders everything here.
  preloadPage(location.pathname);
  noHydration();
  // In a transition too, so the first render is time-sliced rather than one long task
  // (docs/decisions/0018); the stand-in header bar goes in the same commit as the app's own.
  startTransition(() => {
    createRoot(container).render(
      <>
        {app}
        <ShellBarRemoval />
      </>,
    );
  });
}
