/**
 * The first screen of a page load is shown whole: the app renders while hidden and appears once the
 * data it asked for has arrived (or FIRST_SCREEN_MAX_WAIT_MS has passed). A phone then paints and lays
 * out the page once instead of a skeleton first and the content again, and no work is left to block
 * taps afterwards. docs/decisions/0007-first-screen-shown-whole.md
 */

/** Longest the first screen waits for its data before showing whatever it has (skeletons). */
export const FIRST_SCREEN_MAX_WAIT_MS = 2000;
/** How long nothing must be loading before the screen is shown: renders that data started are done by then. */
export const FIRST_SCREEN_SETTLE_MS = 40;

/**
 * Query `meta` for data the first screen need not wait for: it shows below the fold with its own
 * placeholder (an agent's reviews, under the page's own agent data).
 */
export const NOT_AWAITED_ON_FIRST_SCREEN = { firstScreen: false } as const;

/** Whether the first screen waits for this query (queries wait unless their meta says otherwise). */
export const awaitedOnFirstScreen = (query: { meta?: Record<string, unknown> }): boolean => query.meta?.firstScreen !== false;

let holds = 0;
const listeners = new Set<() => void>();

/** Something the first screen waits for besides data (a page's code still loading); returns its release. */
export function holdFirstScreen(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    for (const listener of listeners) listener();
  };
}

export const firstScreenHeld = (): boolean => holds > 0;

export function onFirstScreenHoldsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
