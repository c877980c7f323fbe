/**
 * A document's first modal dialog costs Chromium several times what later ones do: making the rest
 * of the page inert restyles all of it, and the first time nothing of that is cached (under 4x CPU
 * on /agents: a median 58-79 ms for the first showModal(), 18 ms once another had been opened before
 * it). On a phone, a page with a modal sheet (a list's filters, whose button opens it with no
 * script: docs/decisions/0044) opens and closes an empty dialog once, out of sight, when the browser
 * is idle: the first tap on Filters then costs only the sheet's own opening. An empty dialog opened
 * and closed in one task is never painted.
 *
 * Loaded with the entry script (nothing of React here) and used by the app's sheet too: done once a document.
 */

/** Tailwind's `md`: below it a list's filters are a sheet. */
const PHONE_WIDTH = '(width < 48rem)';

/** What opens a modal dialog with no script (a list's Filters button). */
const OPENS_A_MODAL = '[command="show-modal"]';

let warmed = false;

/**
 * Schedules the warm-up for the browser's next idle moment (within 3 s) where it is worth it: a
 * phone-sized screen with a modal dialog's button on the page. Only where the browser says when it
 * is idle (Chromium's figures; Safari has no requestIdleCallback and a timer could land mid-scroll).
 * Returns a cancel.
 */
export function warmModalWhenIdle(): () => void {
  if (
    warmed ||
    typeof window.requestIdleCallback !== 'function' ||
    !window.matchMedia(PHONE_WIDTH).matches ||
    document.querySelector(OPENS_A_MODAL) === null
  )
    return () => undefined;
  const handle = window.requestIdleCallback(warmModal, { timeout: 3000 });
  return () => window.cancelIdleCallback(handle);
}

/**
 * The warm-up, only while nothing has focus or a selection (closing gives focus back: a field's
 * keyboard must not blink) and no dialog or popover is open (a modal closes popovers).
 */
function warmModal(): void {
  const focused = document.activeElement;
  if (warmed || (focused && focused !== document.body) || window.getSelection()?.type === 'Range' || openLayer())
    return;
  warmed = true;
  const probe = document.createElement('dialog');
  document.body.append(probe);
  try {
    probe.showModal();
    // Styled and laid out while open: that is the work being done ahead.
    probe.getBoundingClientRect();
    probe.close();
  } finally {
    probe.remove();
  }
}

/** An open dialog or popover (a browser without popovers has none to close). */
function openLayer(): boolean {
  if (document.querySelector('dialog[open]')) return true;
  try {
    return document.querySelector(':popover-open') !== null;
  } catch {
    return false;
  }
}
