/**
 * A document's first modal dialog (the filter sheet, opened by its invoker command) costs Chromium
 * several times what later ones do: showModal() makes the rest of the page inert, which restyles all
 * of it, with little of that in the style caches yet. Under 4x CPU on /agents the first showModal()
 * took a median of 72 ms (62-108), the same sheet shown without making the page inert 38 ms (15-70)
 * (docs/decisions/0044). So the first one is shown in the top layer as a popover, which looks the
 * same (its ::backdrop, its place) and is painted at once, and is made modal in a task after that
 * frame: the page inert, focus kept inside, Escape and the backdrop closing it, focus given back to
 * its button, as when the browser opens it. Later dialogs open modal at once. Loaded with the entry
 * script, so it serves the sheet before the app and after it alike; the app's idle warm-up
 * (app/features/agents/components/filter-sheet.tsx) counts as this document's first modal.
 */
import { afterNextPaint } from './after-paint';

/**
 * Marks a modal dialog a tap on whose backdrop closes it (the filter sheet): handled here, before
 * the app and in it. Not the browser's `closedby="any"`: Chromium closes such a dialog as the finger
 * lifts, then sends the tap's click to whatever is under it, so a tap on the backdrop over the
 * header's logo closed the sheet and went home.
 */
export const BACKDROP_CLOSES = { 'data-backdrop-closes': '' } as const;

let modalOpened = false;

/** The first modal while it is shown as a popover, and what had the focus before it opened. */
let showing: { dialog: HTMLDialogElement; opener: Element | null } | null = null;

/** Whether this document has had a modal dialog: its next one costs only its own opening. */
export const modalOpenedYet = (): boolean => modalOpened;

export function noteModalOpened(): void {
  modalOpened = true;
}

const commandOf = (event: Event) => (event as Event & { command?: string }).command;

/** A `command` event (invoker commands) on its way down: the document's first `show-modal` painted first. */
function firstModalAfterItsFrame(event: Event): void {
  const dialog = event.target;
  if (showing && dialog === showing.dialog) {
    // In its frame as a popover, which the browser's dialog commands do not act on: a second tap on
    // its button is the same opening, and Close (or a request to close) closes it.
    event.preventDefault();
    if (commandOf(event) === 'close' || commandOf(event) === 'request-close') endShowing(false);
    return;
  }
  if (
    modalOpened ||
    commandOf(event) !== 'show-modal' ||
    !(dialog instanceof HTMLDialogElement) ||
    dialog.open ||
    dialog.hasAttribute('popover') ||
    typeof dialog.showPopover !== 'function'
  )
    return;
  modalOpened = true;
  // The button that sent the command (it is not focused by a tap everywhere), else the focus.
  const opener = (event as Event & { source?: Element | null }).source ?? document.activeElement;
  dialog.popover = 'manual';
  try {
    dialog.showPopover();
  } catch {
    // Not shown so (a browser's own refusal): the browser opens it modal, as it would have.
    dialog.removeAttribute('popover');
    return;
  }
  event.preventDefault();
  showing = { dialog, opener };
  afterNextPaint(() => endShowing(true));
}

/**
 * The popover's frame is over: made modal (`modal`), or closed (Escape, Close or a tap on its
 * backdrop in that frame). A manual popover records nothing to give the focus back to, so its
 * button has it again first: showModal() then records it, as when the browser opens the dialog
 * itself, and a sheet closed here leaves it there.
 */
function endShowing(modal: boolean): void {
  if (!showing) return;
  const { dialog, opener } = showing;
  showing = null;
  const shown = dialog.matches(':popover-open');
  if (shown) dialog.hidePopover();
  dialog.removeAttribute('popover');
  if (!shown || !dialog.isConnected) return;
  if (opener instanceof HTMLElement && opener.isConnected && !dialog.contains(opener))
    opener.focus({ preventScroll: true });
  if (modal) dialog.showModal();
}

/** Escape in the popover's frame closes it, as it closes the modal. */
function escapeWhileShowing(event: KeyboardEvent): void {
  if (!showing || event.key !== 'Escape') return;
  event.preventDefault();
  endShowing(false);
}

const closesOnBackdrop = (dialog: HTMLDialogElement) => dialog.hasAttribute('data-backdrop-closes');

/**
 * The sheet (a dialog marked BACKDROP_CLOSES) whose backdrop `event` is on: an open modal's, the
 * event's target being the dialog itself outside its box; or, in the popover's frame, anywhere
 * outside the sheet but its own button (a popover's backdrop lets taps through to the page, which is
 * not inert yet; a second tap on Filters is the same opening, its command taken above).
 */
function sheetBehind(event: MouseEvent): HTMLDialogElement | null {
  const target = event.target;
  if (showing) {
    const sheet = showing.dialog;
    if (!closesOnBackdrop(sheet) || !(target instanceof Element) || sheet.contains(target)) return null;
    if (sheet.id && target.closest(`[commandfor="${CSS.escape(sheet.id)}"]`)) return null;
    return sheet;
  }
  if (!(target instanceof HTMLDialogElement) || !target.open || !closesOnBackdrop(target)) return null;
  const box = target.getBoundingClientRect();
  const inside =
    event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
  return inside ? null : target;
}

/** The sheet whose backdrop the press that the next click ends began on. */
let pressedBehind: HTMLDialogElement | null = null;

function pressed(event: PointerEvent): void {
  pressedBehind = sheetBehind(event);
}

/**
 * A tap on a sheet's backdrop: pressed and let go there (a press in the sheet let go outside it, or
 * a click made by script, is not one). It closes the sheet, and the click goes no further.
 */
function backdropTapped(event: MouseEvent): void {
  const sheet = sheetBehind(event);
  const pressedOn = pressedBehind;
  pressedBehind = null;
  if (!sheet || sheet !== pressedOn) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  closeSheet(sheet);
}

/** Closes a dialog, also in its first frame as a popover (where close() does nothing). */
export function closeSheet(dialog: HTMLDialogElement): void {
  if (showing?.dialog === dialog) endShowing(false);
  else dialog.close();
}

/**
 * From the entry script, before the listener that holds taps for the app: the first modal painted
 * first, and a tap on a sheet's backdrop. `command` does not bubble: heard on its way down.
 */
export function paintFirstModalFirst(): void {
  document.addEventListener('command', firstModalAfterItsFrame, true);
  document.addEventListener('keydown', escapeWhileShowing, true);
  document.addEventListener('pointerdown', pressed, true);
  document.addEventListener('click', backdropTapped, true);
}
