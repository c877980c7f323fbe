/**
 * A document's first modal dialog (the filter sheet, opened by its invoker command) costs Chromium
 * several times what later ones do: showModal() makes the rest of the page inert, which restyles all
 * of it, with little of that in the style caches yet. Under 4x CPU on /agents the first showModal()
 * took a median of 72 ms (62-108), the same sheet shown without making the page inert 38 ms (15-70)
 * (docs/decisions/0044). So the first one is shown in the top layer as a popover, which looks the
 * same (its ::backdrop, its place) and is painted at once, and is made modal in a task after that
 * frame: the page inert, focus kept inside, Escape and the backdrop closing it, as before. Later
 * dialogs open modal at once. Loaded with the entry script, so it serves the sheet before the app and
 * after it alike; the app's idle warm-up (app/features/agents/components/filter-sheet.tsx) counts as
 * this document's first modal.
 */
import { afterNextPaint } from './after-paint';

let modalOpened = false;

/** Whether this document has had a modal dialog: its next one costs only its own opening. */
export const modalOpenedYet = (): boolean => modalOpened;

export function noteModalOpened(): void {
  modalOpened = true;
}

/** A `command` event (invoker commands) on its way down: the document's first `show-modal` painted first. */
function firstModalAfterItsFrame(event: Event): void {
  const dialog = event.target;
  if (
    modalOpened ||
    (event as Event & { command?: string }).command !== 'show-modal' ||
    !(dialog instanceof HTMLDialogElement) ||
    dialog.open ||
    dialog.hasAttribute('popover') ||
    typeof dialog.showPopover !== 'function'
  )
    return;
  event.preventDefault();
  modalOpened = true;
  dialog.popover = 'manual';
  dialog.showPopover();
  afterNextPaint(() => {
    const shown = dialog.matches(':popover-open');
    if (shown) dialog.hidePopover();
    dialog.removeAttribute('popover');
    // Hidden or taken out of the page meanwhile: left closed.
    if (shown && dialog.isConnected) dialog.showModal();
  });
}

/** From the entry script. `command` does not bubble: heard on its way down. */
export function paintFirstModalFirst(): void {
  document.addEventListener('command', firstModalAfterItsFrame, true);
}
