/**
 * Taps on the server's HTML before React has taken it over (docs/decisions/0017). Until a part of
 * the page is hydrated its buttons do nothing, and React does not replay a tap on a part it cannot
 * hydrate at once (its code still downloading). So the entry script holds such taps back and, once
 * the whole page is hydrated, taps each button again, once, in order: a tab or a toggle tapped early
 * still answers. Links and the header search work without the app, and the app's own forms are
 * disabled until hydrated (AppForm), so only buttons are held, and the forms that ask for it
 * (HOLD_SUBMIT: a search that filters the page it is on) are sent again once hydrated.
 *
 * A tab's arrow keys (and Home, End) are the tablist's own before hydration: they move the focus and
 * tap the next tab, and that tap is held like any other, so a keyboard user's choice is not lost either.
 *
 * Loaded with the entry script, before React: nothing of React or the app is imported.
 */
import { nextTask } from './after-paint';
import { closeUntakenEarlyTab, openEarlyTab } from './blank-tab';
import { answerTap, endStarting, OPENS_BY_ITSELF, pressInGroup, showStarting } from './early-controls';
import { TAB_KEYS } from './tab-keys';

/**
 * Marks a link whose destination only the app knows (Back to listings: back in history to the list
 * the person came from): a tap before hydration is held and replayed like a button's, rather than
 * following the server's fallback address.
 */
export const HOLD_CLICK = { 'data-hold-click': '' } as const;

/**
 * What the page's inline script (app/index.html) holds before this module runs: buttons and tabs,
 * which do nothing without it, except those the browser answers by itself (OPENS_BY_ITSELF). Not the
 * links held below: were this module never to run (its request failed), they still go to the
 * address the server gave them.
 */
export const TAPPABLE_BEFORE_ENTRY = 'button, [role="tab"], [role="button"]';
const TAPPABLE = `${TAPPABLE_BEFORE_ENTRY}, a[data-hold-click]`;

/** What the page's inline script held (app/index.html): taps between the first paint and the entry script. */
interface EarlyTaps {
  hold: (event: MouseEvent) => void;
  held: HTMLElement[];
}
declare global {
  interface Window {
    earlyTaps?: EarlyTaps;
  }
}
/** The parts of app-layout.tsx hydrated one by one, by the element each renders. */
const PARTS = { navbar: 'header', page: 'main', footer: 'footer' } as const;
export type HydratingPart = keyof typeof PARTS;

/** Marks a form whose sending is the app's (a search that changes the page's own address): held like a tap. */
export const HOLD_SUBMIT = { 'data-hold-submit': '' } as const;

const held: HTMLElement[] = [];
/** The app's code did not load (dropHeldTaps): nothing is held for it any more but what the page then answers. */
let appFailed = false;
const heldForms: HTMLFormElement[] = [];
const hydrated = new Set<HydratingPart>();
let reactListens = false;

function partOf(element: Element): HydratingPart | null {
  for (const [part, tag] of Object.entries(PARTS) as [HydratingPart, string][])
    if (element.closest(`#root ${tag}`)) return part;
  return null;
}

/** Whether React already handles what happens on this element. */
function reactHandles(element: Element): boolean {
  if (!reactListens) return false;
  // React has the page: it handles what is hydrated (and what is outside the parts).
  const part = partOf(element);
  return part === null || hydrated.has(part);
}

/** Starts the app when a tap is held (docs/decisions/0031): on a page only read it may not have started. */
let onHeld: () => void = () => undefined;

function hold(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest(TAPPABLE) : null;
  if (!(target instanceof HTMLElement)) return;
  // A popover's or a dialog's button: the browser opens or closes it (docs/decisions/0044).
  if (target.matches(OPENS_BY_ITSELF)) return;
  // A form's submit button (a <button> without a type is one) does what the browser does with it;
  // one of a press group (the list/grid switch) shows its choice while the next page loads.
  if (target instanceof HTMLButtonElement && target.type === 'submit' && target.form) {
    if (!reactHandles(target)) pressInGroup(target);
    return;
  }
  if (reactHandles(target) || (appFailed && target instanceof HTMLAnchorElement)) return;
  event.stopImmediatePropagation();
  event.preventDefault();
  // A tab, Share or Save: answered here at once (app/lib/early-controls.ts); anything else waits for the app.
  if (!answerTap(target, onHeld)) holdForApp(target);
}

/**
 * A tap only the app can answer: replayed once it has hydrated, and shown as starting until then.
 * One that opens a tab (Try Agent) opens it now, after its frame, while the tap still allows it.
 */
function holdForApp(target: HTMLElement): void {
  if (!held.includes(target)) held.push(target);
  showStarting(target);
  if (target.hasAttribute('data-opens-tab')) openEarlyTab();
  onHeld();
}

/** Enter in a field of such a form before React has it: sent again once hydrated, not the browser's way. */
function holdSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-hold-submit') || reactHandles(form)) return;
  event.stopImmediatePropagation();
  event.preventDefault();
  if (!heldForms.includes(form)) heldForms.push(form);
  onHeld();
}

/** An arrow key on a tab not yet hydrated: focus and tap the next one, as the tablist will (app/components/ui/tabs.tsx). */
function moveTab(event: KeyboardEvent): void {
  const move = TAB_KEYS[event.key];
  const tab = event.target instanceof Element ? event.target.closest('[role="tab"]') : null;
  if (!move || !(tab instanceof HTMLElement) || reactHandles(tab)) return;
  const tabs = [
    ...(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)') ?? []),
  ];
  const current = tabs.indexOf(tab);
  if (current < 0) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const next = tabs[move(current, tabs.length)]!;
  next.focus();
  next.click();
}

/** From the entry script, before the app has even been fetched. `startApp` is called for each tap held. */
export function holdEarlyClicks(startApp: () => void): void {
  onHeld = startApp;
  appFailed = false;
  document.addEventListener('click', hold, true);
  document.addEventListener('keydown', moveTab, true);
  document.addEventListener('submit', holdSubmit, true);
  // The taps the page's inline script held before this ran are this module's to replay from now on.
  const early = window.earlyTaps;
  if (!early) return;
  document.removeEventListener('click', early.hold, true);
  delete window.earlyTaps;
  for (const target of early.held) if (!answerTap(target, onHeld)) holdForApp(target);
}

/**
 * The app could not start (its code did not load: no connection on a first visit, a release that
 * replaced it): what was held will never be replayed. Each control is given back as it was, a held
 * form forgotten and a tab opened for a held tap closed, and a link held for the app (Back to
 * listings) goes to its address from now on. Returns how many were held: the entry script says why.
 */
export function dropHeldTaps(): number {
  appFailed = true;
  const dropped = held.length + heldForms.length;
  for (const element of held.splice(0)) endStarting(element);
  heldForms.length = 0;
  closeUntakenEarlyTab();
  return dropped;
}

/** `hydrateRoot` has been called: React's own listeners are on the page. */
export function reactTookOver(): void {
  reactListens = true;
}

/** One part of the page has been hydrated (at its commit, app/lib/hydration.ts). True once all are. */
export function partHydrated(part: HydratingPart): boolean {
  hydrated.add(part);
  return hydrated.size === Object.keys(PARTS).length;
}

/** A task later: what React scheduled for the tap before (its update, flushed after the event) is committed by then. */
const afterCommit = nextTask;

/**
 * Once the whole page is hydrated, or at once for a page the browser renders by itself: nothing is
 * held any more, and what was held is tapped again, in order, if still on the page. Each replay
 * waits for the previous one's update to be on the page: a held preset's amount is what a held
 * Continue then sends.
 */
export async function releaseEarlyClicks(): Promise<void> {
  document.removeEventListener('click', hold, true);
  document.removeEventListener('keydown', moveTab, true);
  document.removeEventListener('submit', holdSubmit, true);
  const replays = [
    ...held.splice(0).map((element) => () => {
      // As it was, for React: its busy state (Try Agent's) is the app's from this tap on.
      endStarting(element);
      if (element.isConnected) element.click();
    }),
    ...heldForms.splice(0).map((form) => () => form.isConnected && form.requestSubmit()),
  ];
  for (const [i, replay] of replays.entries()) {
    if (i > 0) await afterCommit();
    replay();
  }
  closeUntakenEarlyTab();
}
