/**
 * What a server-rendered page answers by itself before the app has started (docs/decisions/0044).
 * The platform does most of it with no script: the menu and the header's search are popovers, the
 * filter sheet is a <dialog> opened and closed by invoker commands, and its fields are a GET form the
 * worker renders. This module is the rest, loaded with the entry script (nothing of React here): an
 * agent page's tabs, Save, Share, the list/grid switch's pressed state, what a popover's button says,
 * and the look of a tap only the app can answer (Try Agent, Write a Review) until it does.
 *
 * React takes each over as it hydrates. It renders the same attributes, so an open popover or sheet
 * simply stays open; what was chosen before it (a tab, a save) it reads from the page in a layout
 * effect (takeEarlySave, the tabs' own), in the commit that hydrated the control, before any paint.
 * Only attributes are changed here, never the elements or the text React hydrates.
 */

import { afterNextPaint } from './after-paint';
import { keepEarlySave } from './early-save';

declare module 'react' {
  // Invoker commands (Chromium 135 and later): the browser opens or closes `commandfor`'s dialog or
  // popover with no script. Not in React 19.3's types; React passes unknown lowercase attributes on.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover';
    commandfor?: string;
  }
}

/** Buttons the browser answers by itself (a popover's or a dialog's invoker): never held. */
export const OPENS_BY_ITSELF = '[commandfor], [popovertarget]';

/** Marks a tablist whose panels are all in the page (the hidden ones `hidden`): its tabs switch before the app. */
export const EARLY_TABS = { 'data-early-tabs': '' } as const;

/** Marks a group of toggle buttons that send their form (the list/grid switch): the one tapped shows pressed at once. */
export const PRESS_GROUP = { 'data-press-group': '' } as const;

/** Marks the field a popover's opening focuses (the header's search box). */
export const FOCUS_ON_OPEN = { 'data-focus-on-open': '' } as const;

/** What a popover's button is named while it is shown and while it is not ('Close menu', 'Open menu'). */
export const popoverLabels = (whileShown: string, whileHidden: string) =>
  ({ 'data-label-shown': whileShown, 'data-label-hidden': whileHidden }) as const;

/** The Share button's page: shared, or its link copied, at the first tap. */
export const shareData = ({ title, text, path }: { title: string; text: string; path: string }) =>
  ({ 'data-share-url': path, 'data-share-title': title, 'data-share-text': text }) as const;

/**
 * Marks a Save button until it is hydrated: a tap before the app shows it pressed (or not) at once,
 * and the app saves what was asked as it takes the button over (takeEarlySave); the entry script
 * shows the agents this device keeps pressed (markSavedHere).
 */
export const savesAgent = (agentId: number, hydrated: boolean): { 'data-save-agent'?: number } =>
  hydrated ? {} : { 'data-save-agent': agentId };

const TAB = '[data-early-tabs] [role="tab"]';

/** The address that names a tab: the first (the default) is none, another its hash. */
export function tabAddress(list: Element, value: string | undefined): string {
  const first = list.querySelector<HTMLElement>('[role="tab"]')?.dataset.tab;
  const here = `${location.pathname}${location.search}`;
  return !value || value === first ? here : `${here}#${value}`;
}

/** Shows a tab and its panel, as the tablist will once hydrated (app/components/ui/tabs.tsx). */
export function selectTab(tab: HTMLElement, address = true): void {
  const list = tab.closest('[role="tablist"]');
  if (!list) return;
  for (const each of list.querySelectorAll<HTMLElement>('[role="tab"]')) {
    const selected = each === tab;
    each.setAttribute('aria-selected', String(selected));
    each.tabIndex = selected ? 0 : -1;
    each.dataset.state = selected ? 'active' : 'inactive';
    const panel = document.getElementById(each.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !selected;
  }
  if (address) nameTabInAddress(list, tab.dataset.tab);
}

/**
 * Names the tab chosen in the address (#reviews), once the frame that shows it is on screen:
 * replacing the history entry costs a slow phone's thread tens of milliseconds (under a 4-6x CPU
 * slowdown), which the tap's answer must not wait behind. Replaced, not pushed: Back leaves the
 * page rather than stepping through its tabs. Not if the page has changed meanwhile (the app opened
 * another): the entry is then that page's.
 */
export function nameTabInAddress(list: Element, value: string | undefined): void {
  const address = tabAddress(list, value);
  const here = `${location.pathname}${location.search}`;
  const name = () => {
    if (`${location.pathname}${location.search}` === here) history.replaceState(history.state, '', address);
  };
  afterNextPaint(name);
}

/**
 * Whether a tab's panel holds a control that needs the app (`data-awaits-app`: a signed-in person's
 * Write a Review, whose panel is not whole without the app, which asks for their own review). Shown
 * by a tap or the address, such a panel starts the app wherever the control sits, on screen or
 * below it (app/lib/app-start.ts starts it for one scrolled into view).
 */
export function panelAwaitsApp(tab: HTMLElement): boolean {
  const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
  return panel?.querySelector('[data-awaits-app]') != null;
}

/** A page opened at a tab's address (#reviews): that tab, before the app and without it. Returns the tab shown so. */
export function selectTabOfAddress(): HTMLElement | null {
  const value = location.hash.slice(1);
  if (!value) return null;
  const tab = [...document.querySelectorAll<HTMLElement>(TAB)].find((t) => t.dataset.tab === value);
  if (!tab || tab.getAttribute('aria-selected') === 'true') return null;
  selectTab(tab, false);
  return tab;
}

const NOTIFICATIONS =
  'fixed inset-x-0 top-16 z-[100] mx-auto w-full max-w-[420px] p-4 lg:top-auto lg:bottom-(--bottom-bars)';
const NOTE = 'rounded-lg border border-slate-200 bg-white p-4 text-sm font-semibold text-slate-900 shadow-lg';

/**
 * A short message outside the app's markup (React never sees it), gone after a few seconds: where
 * and as the app's notifications say theirs (app/components/ui/toaster.tsx).
 */
function say(text: string): void {
  const note = document.createElement('p');
  note.setAttribute('role', 'status');
  note.className = NOTE;
  // While the page says it could not finish loading (a popover, over everything in its place), under
  // that message, in its region.
  const message = document.getElementById(APP_DID_NOT_LOAD);
  let said: HTMLElement = note;
  if (message && popoverShown(message)) {
    note.classList.add('mt-2');
    message.append(note);
  } else {
    said = document.createElement('section');
    said.setAttribute('aria-label', 'Notifications');
    said.className = NOTIFICATIONS;
    said.append(note);
    document.body.append(said);
  }
  // Filled a frame later, so a screen reader hears it as a change of the live region.
  requestAnimationFrame(() => (note.textContent = text));
  setTimeout(() => said.remove(), 4000);
}

/** A popover shown (false in a browser without popovers, where the selector is unknown). */
function popoverShown(element: Element): boolean {
  try {
    return element.matches(':popover-open');
  } catch {
    return false;
  }
}

/**
 * The app's code did not load, so a tap only it can answer will not be: said at that tap and again
 * at each later one (the text refilled, so a screen reader hears it again), until the page is
 * reloaded or the message dismissed. Its Reload is a link and Dismiss a popover's button, both left
 * alone by the held taps' listener (app/lib/early-clicks.ts), which would hold any other button.
 */
export function sayAppDidNotLoad(): void {
  const region = document.getElementById(APP_DID_NOT_LOAD) ?? appDidNotLoadRegion();
  try {
    region.showPopover();
  } catch {
    // Shown already, or a browser without popovers, which shows it as it is.
  }
  // Its address as it is now (a tab chosen since), for a reload opened in a new tab.
  region.querySelector('a')!.href = location.href;
  const alert = region.querySelector('[role="alert"]')!;
  alert.textContent = '';
  requestAnimationFrame(
    () => (alert.textContent = 'This page could not finish loading. Check your connection, then reload it.'),
  );
}
const APP_DID_NOT_LOAD = 'app-did-not-load';

function appDidNotLoadRegion(): HTMLElement {
  const region = document.createElement('section');
  region.id = APP_DID_NOT_LOAD;
  region.popover = 'manual';
  region.setAttribute('aria-label', 'Notifications');
  // Over the popover's own style (centred, bordered, on the canvas): placed as the notifications are.
  region.className = `${NOTIFICATIONS} bottom-auto my-0 overflow-visible border-0 bg-transparent`;
  const note = document.createElement('div');
  note.className = `${NOTE} flex items-center gap-3`;
  const alert = document.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.className = 'grow';
  const reload = document.createElement('a');
  reload.textContent = 'Reload';
  reload.className = 'shrink-0 font-medium text-brand-700 underline';
  // A reload, which keeps a #tab (following the address with one would only scroll), but a new tab's where asked.
  reload.addEventListener('click', (event) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    location.reload();
  });
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.setAttribute('popovertarget', APP_DID_NOT_LOAD);
  dismiss.setAttribute('popovertargetaction', 'hide');
  dismiss.setAttribute('aria-label', 'Dismiss');
  dismiss.className = 'grid size-9 shrink-0 place-items-center rounded-md text-lg text-slate-500 hover:text-slate-900';
  dismiss.textContent = '×';
  note.append(alert, reload, dismiss);
  region.append(note);
  document.body.append(region);
  return region;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Share: the system's share sheet where there is one (phones), else the link copied; as sharePage does in the app. */
function share(button: HTMLElement): void {
  const { shareUrl = location.pathname, shareTitle: title = document.title, shareText: text = '' } = button.dataset;
  const url = new URL(shareUrl, location.origin).toString();
  const copy = () => {
    const failed = () => say(`Could not copy the link: ${url}`);
    try {
      navigator.clipboard.writeText(url).then(() => say('Link copied'), failed);
    } catch {
      // No clipboard at all: a page not served over HTTPS.
      failed();
    }
  };
  if (typeof navigator.share === 'function')
    navigator.share({ title, text, url }).catch((error: unknown) => (isAbort(error) ? undefined : copy()));
  else copy();
}

/**
 * Save tapped before the app: shown at once, kept on this device (and queued for a signed-in
 * person's list) a frame later by the entry script (app/lib/early-save.ts), and the choice left in
 * `data-early-save` for the app's button to take over.
 */
function toggleSave(button: HTMLElement): void {
  const save = button.getAttribute('aria-pressed') !== 'true';
  button.setAttribute('aria-pressed', String(save));
  button.dataset.earlySave = String(save);
  const id = Number(button.dataset.saveAgent);
  if (Number.isSafeInteger(id)) keepEarlySave(id, save);
}

/**
 * Answers a tap on a control the app has not taken over yet, if this module can: a tab, Share,
 * Save (which then needs the app to keep it: `startApp`). False for a tap only the app can answer.
 */
export function answerTap(target: HTMLElement, startApp: () => void): boolean {
  if (target.matches(TAB)) {
    selectTab(target);
    if (panelAwaitsApp(target)) startApp();
  } else if (target.dataset.shareUrl !== undefined) share(target);
  else if (target.dataset.saveAgent !== undefined) {
    toggleSave(target);
    startApp();
  } else return false;
  return true;
}

/** A toggle of a press group, about to send its form: pressed at once, its siblings not, while the next page loads. */
export function pressInGroup(button: HTMLElement): void {
  const group = button.closest('[data-press-group]');
  if (!group || !button.hasAttribute('aria-pressed')) return;
  for (const each of group.querySelectorAll('button[aria-pressed]'))
    each.setAttribute('aria-pressed', String(each === button));
}

/**
 * What the app saves as it takes a Save button over: the choice a tap made before it (true: save,
 * false: remove), read once (the attribute goes with it), or null when there was none.
 */
export function takeEarlySave(button: HTMLElement | null): boolean | null {
  const asked = button?.dataset.earlySave;
  if (!button || asked === undefined) return null;
  delete button.dataset.earlySave;
  return asked === 'true';
}

/** The agents this device keeps (read by the entry script): their Save buttons pressed, unless a tap said otherwise. */
export function markSavedHere(ids: Iterable<number>): void {
  const kept = new Set(ids);
  for (const button of document.querySelectorAll<HTMLElement>('#root [data-save-agent]'))
    if (kept.has(Number(button.dataset.saveAgent)) && button.dataset.earlySave === undefined)
      button.setAttribute('aria-pressed', 'true');
}

/**
 * A popover shown or hidden, by its button or by the browser (a tap outside, Escape): its buttons
 * say so (aria-expanded, their name), and the field it asks for has the focus. The same before the
 * app and after: React renders these buttons as the server did and leaves their state to the page.
 */
function popoverToggled(event: Event): void {
  const popover = event.target;
  if (!(popover instanceof HTMLElement) || !popover.id || !popover.hasAttribute('popover')) return;
  const shown = (event as ToggleEvent).newState === 'open';
  // Not a button that only hides it (a message's Dismiss): it does not expand anything.
  const buttons = `[popovertarget="${CSS.escape(popover.id)}"]:not([popovertargetaction="hide"])`;
  for (const button of document.querySelectorAll<HTMLElement>(buttons)) {
    button.setAttribute('aria-expanded', String(shown));
    const label = button.dataset[shown ? 'labelShown' : 'labelHidden'];
    if (label) button.setAttribute('aria-label', label);
  }
  if (shown) popover.querySelector<HTMLElement>('[data-focus-on-open]')?.focus();
}

/**
 * From the entry script: popovers' buttons kept in step with them, and a tab named by the address
 * shown. True when that tab's panel needs the app (panelAwaitsApp): it starts as the page is set up.
 */
export function followEarlyControls(): boolean {
  // `toggle` does not bubble: heard on its way down.
  document.addEventListener('toggle', popoverToggled, true);
  const shown = selectTabOfAddress();
  return shown !== null && panelAwaitsApp(shown);
}

/**
 * A tap only the app can answer, held until it does (app/lib/early-clicks.ts): pressed at once and
 * saying it is starting (aria-busy, and 'Starting…' drawn over its label by the style sheet). What
 * the control said before is kept in `data-starting` and given back when the tap is replayed.
 */
export function showStarting(element: HTMLElement): void {
  if (element.dataset.starting !== undefined) return;
  element.dataset.starting = element.getAttribute('aria-busy') ?? '';
  element.setAttribute('aria-busy', 'true');
}

/** The tap is the app's now: the control as it was, for React to render on. */
export function endStarting(element: HTMLElement): void {
  const before = element.dataset.starting;
  if (before === undefined) return;
  delete element.dataset.starting;
  if (before) element.setAttribute('aria-busy', before);
  else element.removeAttribute('aria-busy');
}
