import { useCallback } from 'react';

/**
 * Bars at the bottom of the page that carry actions (the confirm-email banner, the install offer).
 * How much of the screen they cover is kept in --bottom-bars on <html>, so what floats at the bottom
 * (the update prompt, toasts on wide screens) sits above them and never takes a tap meant for them.
 */
const bars = new Set<HTMLElement>();
let frame = 0;
let resizes: ResizeObserver | undefined;

function measure() {
  frame = 0;
  let covered = 0;
  for (const bar of bars) {
    const { top, bottom } = bar.getBoundingClientRect();
    // Only a bar on screen counts; a sticky one sits at the bottom, one in the flow at the page's end.
    if (top < innerHeight && bottom > 0) covered = Math.max(covered, innerHeight - top);
  }
  document.documentElement.style.setProperty('--bottom-bars', `${Math.ceil(covered)}px`);
}

const schedule = () => {
  if (!frame) frame = requestAnimationFrame(measure);
};

function add(bar: HTMLElement) {
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
}

function remove(bar: HTMLElement) {
  bars.delete(bar);
  resizes?.unobserve(bar);
  if (bars.size === 0) {
    removeEventListener('scroll', schedule);
    removeEventListener('resize', schedule);
    resizes?.disconnect();
    resizes = undefined;
  }
  schedule();
}

/** A ref for a bottom bar: while it is mounted, floating layers keep clear of it. */
export function useBottomBar() {
  return useCallback((bar: HTMLElement | null) => {
    if (!bar) return;
    add(bar);
    return () => remove(bar);
  }, []);
}
