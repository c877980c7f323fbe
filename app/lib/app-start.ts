import { afterNextPaint } from './after-paint';
import { offlineDbExists } from './offline-db';
import { listOutbox } from './outbox';
import { markSavedHere } from './early-controls';
import { listSavedAgentIds, SAVED_CHANNEL } from './saved-agents';
import { savedCardChanged } from './whats-new-marks';
import { TAB_KEYS } from './tab-keys';

/**
 * When a server-rendered page starts the app (docs/decisions/0031). Its HTML already reads, links go
 * where they say and the header search is a form, so a page that is only read never needs React:
 * evaluating it and hydrating were most of the start's work on a slow phone. The app starts at the
 * first sign that the person is about to do something only it can do, and for the few things the
 * app must show unasked. Taps held meanwhile are replayed once it has hydrated (app/lib/early-clicks.ts).
 *
 * Loaded with the entry script: nothing of React or the app is imported here.
 */

/**
 * The pages made for reading: the catalogue, agents', creators' and content pages, /billing and
 * /my-agents (the server renders the person's history, their console), /saved (drawn from the device's cookie: docs/decisions/0036), and /credits, whose form works before the app (AppForm's
 * usableBeforeApp). Only these wait for an intent; every
 * other page (sign-in, a link from a mail, a callback, a checkout) acts as it arrives, so the app
 * starts as soon as it has painted. As app/routes.tsx matches: case ignored, a trailing slash allowed.
 */
const READING_PAGES =
  /^\/(?:|agents|all-agents|agents?\/[^/]+|creators\/[^/]+|categories|agents-agent91|discover|search|agent91|alternative[12]?|documentation|tutorials|api|about|blog|careers|privacy|terms|credits|billing|my-agents|saved)\/?$/i;

export const isReadingPage = (pathname: string): boolean => READING_PAGES.test(pathname);

/**
 * Marks a control the server rendered disabled or held back (a field, a choice, the Follow button)
 * because it needs the app. One on screen looks broken or acts late until the app runs, so the app
 * starts as soon as one is in view, as it used to on every page, or as soon as a tab shows the panel
 * it is in (app/lib/early-controls.ts: panelAwaitsApp). Spread on the control until it is hydrated.
 * Not on a control whose tap is held and replayed (Try Agent, a visitor's Write a Review): starting
 * the app unasked puts its start-up in the way of that first tap (docs/decisions/0044).
 */
export const awaitsApp = (hydrated: boolean): { 'data-awaits-app'?: '' } => (hydrated ? {} : { 'data-awaits-app': '' });

/**
 * Marks what the server rendered as still loading (a skeleton, a "Loading…" line): data only the app
 * fetches, so the page is not whole until it runs. It starts at once, wherever that is on the page.
 */
export const LOADS_IN_APP = { 'data-loads-in-app': '' } as const;

/** What the server rendered waiting for the app: a control (awaitsApp), a part (LOADS_IN_APP). */
const AWAITING_APP = '#root [data-awaits-app]';
const LOADING_IN_APP = '#root [data-loads-in-app]';
/** Whether the page holds a control or a part that is not whole until the app runs. */
export const somethingAwaitsApp = (): boolean => document.querySelector(`${AWAITING_APP}, ${LOADING_IN_APP}`) !== null;

/**
 * This device's saved agents, when its database exists: their Save buttons shown pressed
 * (markSavedHere) without starting the app, and the ids for /saved's check below.
 */
async function savedIdsHere(): Promise<Set<number> | null> {
  try {
    const ids = new Set(await listSavedAgentIds());
    markSavedHere(ids);
    return ids;
  } catch {
    return null;
  }
}

/** The ids of the agents /saved was drawn with (its `data-saved-ids`), or null on any other page. */
function savedIdsDrawn(): number[] | null {
  const drawn = document.querySelector<HTMLElement>('#root [data-saved-ids]')?.dataset.savedIds;
  return drawn === undefined ? null : drawn.split(' ').filter(Boolean).map(Number);
}

/**
 * Whether /saved was drawn with other agents than this device keeps (`here`: null when they could
 * not be read): its cookie was behind (a list changed by a tab closed before it read the list again,
 * a device that saved before the cookie existed) or an agent is gone from the server. The app then
 * shows the device's own copies.
 */
function savedListDiffers(here: Set<number> | null): boolean {
  const drawn = savedIdsDrawn();
  if (drawn === null) return false;
  return here === null || here.size !== drawn.length || drawn.some((id) => !here.has(id));
}

/**
 * What the page answers without the app (docs/decisions/0044): a popover's or a dialog's button, a
 * tab whose panels are all in the page, Share, and what a tap on a link or a GET form's button opens
 * (a page the server renders).
 */
const ANSWERED_BY_THE_PAGE = '[popovertarget], [commandfor], [data-early-tabs] [role="tab"], [data-share-url]';

/**
 * A press or a focus the page answers by itself, so not a sign the app is needed: a link, a control
 * of ANSWERED_BY_THE_PAGE, a GET form's button, or the backdrop of an open sheet (a tap there closes it).
 */
function answeredByThePage(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLDialogElement) return true;
  const control = target.closest('a[href], button, [role="tab"], [role="button"], input, select, textarea');
  if (control === null) return false;
  if (control instanceof HTMLAnchorElement) return true;
  // A form that says it is a GET form (the filter sheet, the list/grid switch): the browser sends it.
  if (
    control instanceof HTMLButtonElement &&
    control.type === 'submit' &&
    control.form?.getAttribute('method') === 'get'
  )
    return true;
  return control.matches(ANSWERED_BY_THE_PAGE);
}

/** Keys that only move through the page (or leave it): no control is being used yet. */
const READING_KEYS = new Set([
  'Tab',
  'Shift',
  'Control',
  'Alt',
  'Meta',
  'Escape',
  'PageUp',
  'PageDown',
  'Home',
  'End',
  ' ',
  'ArrowUp',
  'ArrowDown',
]);

/** Queued proposals, reviews or saves: the app delivers them, so it starts at once. */
async function outboxWaiting(): Promise<boolean> {
  try {
    return (await listOutbox()).some((item) => item.state === 'queued' || item.state === 'sending');
  } catch {
    return false;
  }
}

/** The saved agents of a device whose database exists (marked on the page), or none where it does not. */
const savedIdsIf = (exists: boolean): Promise<Set<number> | null> =>
  exists ? savedIdsHere() : Promise.resolve(new Set<number>());

/**
 * Calls `start` once, on the first intent: a press on anything the page does not answer by itself
 * (answeredByThePage), focus in a field, a key that types or acts, a value changed, a control that
 * needs the app in view, the footer (and the install offer at the end of the page) scrolled near, or
 * the connection lost (the app says what still works). At once when the page is still loading
 * something (LOADS_IN_APP), when queued requests wait for the app to deliver them, when /saved was
 * drawn with other agents than this device keeps, or when the caller knows something else waits
 * (`waiting`: a message the previous page left). The agents this device keeps are shown saved on the
 * page meanwhile, without the app (markSavedHere). Returns a function that starts it now; its
 * `checked` settles once what this device keeps has been looked at (after which only an intent
 * starts the app).
 *
 * Never in the middle of a tap: the app's first task (evaluating React) is long on a slow phone, and
 * the tap's own answer (a sheet opening, a tab, Save pressed, 'Starting…') would wait behind it. It
 * starts once the finger has lifted and a frame has shown what the tap did.
 */
export function startOnIntent(start: () => void, waiting = false): (() => void) & { checked: Promise<void> } {
  const controller = new AbortController();
  let started = false;
  let pressing = false;
  const afterTheFrame = () => afterNextPaint(start);
  const go = () => {
    if (started) return;
    started = true;
    controller.abort();
    if (!pressing) return afterTheFrame();
    const lifted = new AbortController();
    const once = () => {
      lifted.abort();
      afterTheFrame();
    };
    for (const type of ['pointerup', 'pointercancel'])
      addEventListener(type, once, { capture: true, passive: true, signal: lifted.signal });
  };
  const options = { capture: true, passive: true, signal: controller.signal } as const;
  addEventListener(
    'pointerdown',
    (event) => {
      if (answeredByThePage(event.target)) return;
      pressing = true;
      go();
    },
    options,
  );
  addEventListener('focusin', (event) => answeredByThePage(event.target) || go(), options);
  addEventListener(
    'keydown',
    (event: KeyboardEvent) =>
      READING_KEYS.has(event.key) ||
      ((event.key === 'Enter' || event.key in TAB_KEYS) && answeredByThePage(event.target)) ||
      go(),
    options,
  );
  // A value changed without a press or the focus first (a script, some assistive technologies).
  addEventListener('input', go, options);
  addEventListener('change', go, options);
  addEventListener('offline', go, options);

  // A control that needs the app is on screen (or scrolled into view): it must not stay disabled.
  const awaiting = document.querySelectorAll(AWAITING_APP);
  if (awaiting.length > 0 && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && go());
    for (const element of awaiting) observer.observe(element);
    controller.signal.addEventListener('abort', () => observer.disconnect());
  }

  // Scrolled to the end: the install offer and the footer's links are there. Only after a scroll,
  // so a short page whose footer shows at once does not start the app unasked.
  const footer = document.querySelector('#root footer');
  if (footer && 'IntersectionObserver' in window) {
    let near = false;
    const observer = new IntersectionObserver(([entry]) => (near = entry?.isIntersecting ?? false), {
      rootMargin: '0px 0px 400px 0px',
    });
    observer.observe(footer);
    controller.signal.addEventListener('abort', () => observer.disconnect());
    addEventListener('scroll', () => near && go(), options);
  }

  // /saved as drawn goes stale when another tab changes the list, or when the page comes back from
  // the back/forward cache after a change: the app then shows the device's list.
  if (savedIdsDrawn() !== null) {
    if (typeof BroadcastChannel === 'function') {
      const channel = new BroadcastChannel(SAVED_CHANNEL);
      channel.addEventListener('message', go);
      controller.signal.addEventListener('abort', () => channel.close());
    }
    addEventListener(
      'pageshow',
      (event: PageTransitionEvent) =>
        event.persisted &&
        void offlineDbExists()
          .then(savedIdsIf)
          .then(savedListDiffers, () => true)
          .then((differs) => differs && go()),
      options,
    );
  }

  // Focus that came before these listeners (the entry sets them a task after the page is parsed).
  const focused = document.activeElement;
  const focusedBefore =
    focused !== null && focused !== document.body && focused.closest('#root') !== null && !answeredByThePage(focused);

  let checked = Promise.resolve();
  if (waiting || focusedBefore || !navigator.onLine || document.querySelector(LOADING_IN_APP)) go();
  else
    checked = offlineDbExists()
      .catch(() => true)
      // No database on this device (a first visit): nothing can be queued or saved, and nothing is
      // opened; /saved drawn with agents is then behind the device (its data was cleared).
      .then((exists) =>
        Promise.all([
          exists ? outboxWaiting() : false,
          savedIdsIf(exists).then(savedListDiffers),
          // A saved agent's card to mark 'Updated' (docs/decisions/0043): the mark reads what is saved in the app.
          exists ? savedCardChanged() : false,
        ]),
      )
      .then((found) => void (found.includes(true) && go()));
  return Object.assign(go, { checked });
}
