/**
 * Bars at the bottom of the page that carry actions (the confirm-email banner, the install offer).
 * How much of the screen they cover is kept in --bottom-bars on <html>, so what sits at the bottom
 * (an agent page's try bar, the update prompt, toasts on wide screens) sits above them and never
 * takes a tap meant for them. The entry script keeps clear of a bar already in the server's HTML
 * (marked BOTTOM_BAR) before the app runs; the app's useBottomBar then keeps the same count.
 *
 * Loaded with the entry script: nothing of React here.
 */
const bars = new Set<HTMLElement>();
let frame = 0;
let resizes: ResizeObserver | undefined;

/** Marks a bottom bar: for the entry script to find in the server's HTML, and for toasts to keep clear of (app/lib/keep-clear.ts). */
export const BOTTOM_BAR = { 'data-bottom-bar': '' } as const;

function measure() {
  frame = 0;
  let covered = 0;
  for (const bar of bars) {
    if (!bar.isConnected) continue;
    const { top, bottom } = bar.getBoundingClientRect();
    // Only a bar on screen counts; a sticky one sits at the bottom, one in the flow at the page's end.
    if (top < innerHeight && bottom > 0) covered = Math.max(covered, innerHeight - top);
  }
  document.documentElement.style.setProperty('--bottom-bars', `${Math.ceil(covered)}px`);
}

const schedule = () => {
  if (!frame) frame = requestAnimationFrame(measure);
};

/** Keeps what floats clear of `bar` until the returned function is called. */
export function keepClearOf(bar: HTMLElement): () => void {
  if (bars.size === 0) {
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule);
    // The page growing or shrinking moves a bar in the flow without any scroll.
    resizes = new ResizeObserver(schedule);
    resizes.observe(document.documentElement);
  }
  bars.add(bar);
  resizes?.observe(bar);
  schedule();
  return () => {
    bars.delete(bar);
    resizes?.unobserve(bar);
    if (bars.size === 0) {
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
      resizes?.disconnect();
      resizes = undefined;
    }
    schedule();
  };
}

/** What floats at the bottom of the server's HTML and keeps clear of the bars: an agent page's try bar. */
const KEEPING_CLEAR = '#root [data-try-bar]';

/**
 * The bars the server rendered (a signed-in person's confirm-email banner), kept clear of from the
 * start by what floats in the server's HTML. A page with nothing floating is left alone until the
 * app runs (its useBottomBar counts the bars again, for the app's own toasts and prompts): setting
 * --bottom-bars restyles the whole document, about 10 ms of a slow phone's start for nothing.
 */
export function keepClearOfRenderedBars(): void {
  if (!document.querySelector(KEEPING_CLEAR)) return;
  for (const bar of document.querySelectorAll<HTMLElement>('#root [data-bottom-bar]')) keepClearOf(bar);
}
