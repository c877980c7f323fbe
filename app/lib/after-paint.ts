let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];

/**
 * Runs `work` in a task of its own, soon, as `setTimeout(work, 0)` would, but not as a timer. A page
 * that has just opened a tab (Try Agent's, from its tap) is hidden behind it while its app starts
 * and replays the tap, and Chromium runs a hidden page's timers at most once a second, each step of
 * that start waiting up to a second (developer.chrome.com/blog/timer-throttling-in-chrome-88); a
 * message the page posts to itself is not held. Loaded with the entry script: it imports nothing.
 */
export function inNextTask(work: () => void): void {
  // One channel for the page, held here (a port only a pending message refers to may be collected
  // with it), as React's scheduler holds its own; each message runs the oldest work waiting.
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  waiting.push(work);
  channel.port2.postMessage(null);
}

/** Resolves in a task of its own (inNextTask): a long piece of work cut into short tasks. */
export const nextTask = (): Promise<void> => new Promise((resolve) => inNextTask(resolve));

/**
 * Runs `work` once the next frame is on screen: a tap's own answer (a pressed state, a tab shown) is
 * painted first, and what can wait (a history entry, the app's start, a list laid out anew) runs in
 * a task after it. A hidden page paints no frame, so there it runs at once.
 */
export function afterNextPaint(work: () => void): void {
  if (document.visibilityState === 'hidden') work();
  else requestAnimationFrame(() => inNextTask(work));
}
