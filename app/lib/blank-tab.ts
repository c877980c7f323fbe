// The agent's tab for Try Agent, opened from the tap itself (docs/decisions/0044). Loaded with the
// entry script, which opens it for a tap held before the app runs: the app may take seconds to
// start on a slow phone, past the tap's user activation (5 s in Chromium, about 1 s for WebKit's
// timers), after which a pop-up blocker stops the tab. It imports nothing.

export interface OpeningTab {
  /** Ends the wait: the tab if it has opened, else null, and none will. */
  take: () => Window | null;
}

/**
 * A tab opened blank for a tap once its answer ('Processing...', 'Starting…') is on screen, and sent
 * to the agent when the try is paid (app/features/agents/components/try-agent-card.tsx). Opening a
 * window holds the page's thread (about 140 ms on this machine: the browser makes the window before
 * `open` returns), and the tap must show that it was taken first. Two frames later is still within
 * the tap's user activation, so no pop-up blocker stops it; where the frame's callback is not allowed
 * to open one (a browser that keeps the activation only for a timer), the timer set in the tap tries
 * again. `take` ends the wait: the tab if it has
 * opened, else null and none will (the try answered first, and its caller opens the address).
 */
export function blankTabAfterThePaint(): OpeningTab {
  let tab: Window | null = null;
  let waiting = true;
  const open = () => {
    if (!waiting) return;
    tab = window.open('', '_blank');
    if (!tab) return;
    waiting = false;
    // The agent's site must not be able to script or redirect this tab.
    tab.opener = null;
  };
  // Two frames: the first draws the answer, and by the second the browser has shown it. Making a
  // window holds the browser as well as the page: made right after the first, it kept that frame off
  // the screen (docs/decisions/0044).
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(open, 0)));
  // A hidden page paints no frame; and WebKit lets a tap open a window from a timer of up to about a
  // second, perhaps not from a frame's callback. Kept short: a try that answers before any tab is
  // open opens the agent's address after its request, which pop-up blockers may stop.
  setTimeout(open, 250);
  return {
    take: () => {
      waiting = false;
      return tab;
    },
  };
}

/** The tab the entry script is opening for a held tap, until the app's replay of that tap takes it. */
let early: OpeningTab | null = null;

/**
 * From the entry script: a held tap on a control marked OPENS_TAB starts opening its tab now. Left
 * before the app replays the tap (a link tapped meanwhile), the page closes it: no try was made.
 */
export function openEarlyTab(): void {
  if (early) return;
  early = blankTabAfterThePaint();
  addEventListener('pagehide', closeUntakenEarlyTab, { once: true });
}

/** The app's tap: the tab the entry script opened for it when it was held, once. */
export function takeEarlyTab(): OpeningTab | null {
  const taken = early;
  early = null;
  return taken;
}

/** Once held taps are replayed: a tab none of them took (its button was disabled by then) is closed. */
export function closeUntakenEarlyTab(): void {
  takeEarlyTab()?.take()?.close();
}

/** Marks a control whose tap opens a tab (Try Agent, for an agent with an address). */
export const OPENS_TAB = { 'data-opens-tab': '' } as const;
