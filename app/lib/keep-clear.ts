// Where toasts go so that they cover no action (app/components/ui/toaster.tsx): above what sits at
// the bottom of the screen. Out of app/lib/bottom-bars.ts, which loads with the entry script: only
// the toaster's own chunk needs this.
/**
 * What toasts keep clear of: the bottom bars, an agent page's try bar, and what else floats at the
 * bottom with an action (the update prompt, marked KEEP_CLEAR).
 */
const AT_THE_BOTTOM = '[data-bottom-bar], [data-try-bar], [data-keep-clear]';

/** Marks something floating at the bottom with an action, for toasts to keep clear of. */
export const KEEP_CLEAR = { 'data-keep-clear': '' } as const;

/**
 * How much of the bottom of the screen, in CSS pixels, is taken by what sits there under the
 * horizontal span `left`..`right` (a toast's column): a toast placed that far up covers none of it.
 */
export function coveredAtBottom(left: number, right: number): number {
  let covered = 0;
  for (const element of document.querySelectorAll<HTMLElement>(AT_THE_BOTTOM)) {
    const rect = element.getBoundingClientRect();
    if (rect.height === 0 || rect.top >= innerHeight || rect.bottom <= 0) continue;
    if (rect.right <= left || rect.left >= right) continue;
    covered = Math.max(covered, innerHeight - rect.top);
  }
  return Math.ceil(covered);
}
