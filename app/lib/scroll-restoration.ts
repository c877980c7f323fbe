/**
 * Back and Forward inside the app return to where the person was on that page, however deep in a
 * list (docs/decisions/0023-phone-first-lists.md). The browser's own restoration runs on popstate,
 * before the page it returns to has rendered its list again, so it lands near the top; instead each
 * history entry gets a key, its scroll position is recorded as the person scrolls, and a return to
 * it is restored once the page has rendered. An entry the router has just pushed carries no state,
 * so one that has a key is one returned to. The position is kept as the card at the top of the
 * screen and its offset: cards far off screen are laid out at a stand-in height until near
 * (render-when-near), so a plain number of pixels would land on another card.
 */

interface Place {
  y: number;
  /** The agent card at the top of the screen (data-agent-id) and how far above the top it began. */
  anchor?: { id: string; offset: number };
}

const places = new Map<string, Place>();
let restoring = false;
let cancelRestore: (() => void) | null = null;
let counter = 0;
/** The path the last navigation settled on: until the next one has rendered, nothing is recorded. */
let settledPath = '';

const entryKey = (): string | undefined => {
  const state = window.history.state as { scrollKey?: unknown } | null;
  return typeof state?.scrollKey === 'string' ? state.scrollKey : undefined;
};

/** Gives the current history entry a key of its own, keeping whatever state it carries. */
function stampEntry(): string {
  const existing = entryKey();
  if (existing) return existing;
  const key = `${Date.now().toString(36)}-${(counter++).toString(36)}`;
  const state = (window.history.state as Record<string, unknown> | null) ?? {};
  window.history.replaceState({ ...state, scrollKey: key }, '');
  return key;
}

function currentPlace(): Place {
  const y = window.scrollY;
  for (const card of document.querySelectorAll<HTMLElement>('[data-agent-id]')) {
    const rect = card.getBoundingClientRect();
    if (rect.bottom > 0 && rect.height > 0) return { y, anchor: { id: card.dataset.agentId!, offset: -rect.top } };
  }
  return { y };
}

let recordFrame = 0;
function onScroll() {
  if (restoring || recordFrame) return;
  recordFrame = requestAnimationFrame(() => {
    recordFrame = 0;
    if (restoring) return;
    // A filter change replaces the entry with no state (the router passes none): key it again.
    // A new page the router has pushed is keyed once it has rendered (afterNavigation), not here.
    const key = entryKey() ?? (window.location.pathname === settledPath ? stampEntry() : undefined);
    if (key) places.set(key, currentPlace());
  });
}

/** Starts recording (once, in the browser). */
export function startScrollRestoration(): void {
  if (typeof window === 'undefined' || startScrollRestoration.started) return;
  startScrollRestoration.started = true;
  window.history.scrollRestoration = 'manual';
  settledPath = window.location.pathname;
  stampEntry();
  window.addEventListener('scroll', onScroll, { passive: true });
}
startScrollRestoration.started = false;

/** Where to scroll to for this place, or undefined while its anchor card is not rendered yet. */
function targetY(place: Place): number | undefined {
  if (!place.anchor) return place.y;
  const card = document.querySelector<HTMLElement>(`[data-agent-id="${CSS.escape(place.anchor.id)}"]`);
  if (!card) return undefined;
  return card.getBoundingClientRect().top + window.scrollY + place.anchor.offset;
}

/**
 * Called after each navigation has rendered: a return through history goes back to the recorded
 * place (trying for a moment while the page's list comes back, and giving up as soon as the person
 * scrolls themselves), anything else starts at the top as a new page would.
 */
export function afterNavigation(): void {
  cancelRestore?.();
  // The router pushes (or replaces) entries with no state: an entry that already has its key is
  // one returned to through history (Back or Forward).
  const returned = entryKey() !== undefined;
  settledPath = window.location.pathname;
  const key = stampEntry();
  const place = returned ? places.get(key) : undefined;
  // Instant: the page's smooth scrolling is for moves within a page, not for arriving on one.
  if (!place) {
    window.scrollTo({ top: 0, behavior: 'instant' });
    // A link to a part of a page (a card's 'Updated' mark to #whats-new) lands on that part once
    // the page has rendered it: its data may take two requests on a slow connection.
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) scrollUntil(() => document.getElementById(id)?.getBoundingClientRect().top, false, 10_000);
    return;
  }
  scrollUntil(() => targetY(place), true, 2000);
}

/**
 * Scrolls to where `target` says (an offset from the top of the page: `absolute`; otherwise from the
 * top of the screen) as soon as it knows, trying for `ms` while the page renders, and giving up as
 * soon as the person scrolls themselves.
 */
function scrollUntil(target: () => number | undefined, absolute: boolean, ms: number): void {
  restoring = true;
  const deadline = performance.now() + ms;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    restoring = false;
    cancelRestore = null;
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
  };
  cancelRestore = stop;
  for (const type of ['wheel', 'touchstart', 'keydown'] as const)
    window.addEventListener(type, stop, { passive: true });
  const pageY = (): number | undefined => {
    const found = target();
    if (found === undefined) return undefined;
    // Below the sticky header, as the style sheet's scroll-padding-top keeps anchors.
    return absolute
      ? found
      : found + window.scrollY - parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop || '0');
  };
  const attempt = () => {
    const y = pageY();
    if (y !== undefined) {
      window.scrollTo({ top: y, behavior: 'instant' });
      // Reached (the page is long enough) and the anchor stayed put: done.
      if (Math.abs(window.scrollY - y) < 2 && Math.abs((pageY() ?? y) - y) < 2) return stop();
    }
    if (performance.now() > deadline) return stop();
    frame = requestAnimationFrame(attempt);
  };
  attempt();
}
