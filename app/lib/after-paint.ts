/**
 * Runs `work` once the next frame is on screen: a tap's own answer (a pressed state, a tab shown) is
 * painted first, and what can wait (a history entry, the app's start, a list laid out anew) runs in
 * a task after it. A hidden page paints no frame, so there it runs at once. Loaded with the entry
 * script: it imports nothing.
 */
export function afterNextPaint(work: () => void): void {
  if (document.visibilityState === 'hidden') work();
  else requestAnimationFrame(() => setTimeout(work, 0));
}
