import './styles.css';
import { FLASH_MARKER_COOKIE, PENDING_TRY_COOKIE, PREFERENCES_COOKIE, SESSION_HINT_COOKIE } from '#common/constants.ts';
import { PAGE_MODULES_META, QUERY_STATE_ELEMENT_ID } from '#common/ssr.ts';
import { sessionKeys } from './lib/query-keys';
import { requestCookies } from './lib/cookies';
import { pageMeta } from './lib/page-load';
import { countViewAtLoad } from './features/insights/lib/view-at-load';
import { pendingTryWaits } from './features/agents/lib/pending-try';
import { applyPreferences } from './features/users/lib/preferences';
import { isReadingPage, somethingAwaitsApp, startOnIntent } from './lib/app-start';
import { dropHeldTaps, holdEarlyClicks } from './lib/early-clicks';
import { followEarlyControls, sayAppDidNotLoad } from './lib/early-controls';
import { paintFirstModalFirst } from './lib/first-modal';
import { keepClearOfRenderedBars } from './lib/bottom-bars';
import { nextTask } from './lib/after-paint';
import { saveServedText } from './lib/saved-record';
import { handToWorker, registerServiceWorker, servedByWorker, serviceWorkersRun } from './lib/service-worker';

/**
 * The page's entry script, and on a page the server rendered all that runs until the person does
 * something only the app can do (docs/decisions/0031): the page reads, its links and its search
 * form work without React, and evaluating React and hydrating were most of a slow phone's start-up
 * work. What every page needs runs here: display preferences, taps held for the app, the data
 * saved for offline reading and, once the page has painted, the service worker and the app's code
 * fetched (not run) so the first tap does not wait on the network. The plain shell (signed-in pages,
 * offline) has nothing to show without the app: there it starts at once.
 */
/** The app's first-load chunks and the page's own (named by the server). */
const modules = (pageMeta(PAGE_MODULES_META)?.split(' ') ?? []).filter(Boolean);

function addLinks(rel: 'prefetch' | 'modulepreload'): void {
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    // The credentials mode of a module script's request, so the prefetched copy is the one used.
    link.crossOrigin = '';
    if (rel === 'prefetch') link.as = 'script';
    document.head.append(link);
  }
}

let started = false;
let failed = false;
function start(): void {
  if (failed) return appDidNotLoad();
  if (started) return;
  started = true;
  addLinks('modulepreload');
  // Each step in a task of its own, so none is long on a slow phone (docs/decisions/0018): the
  // fetches above, then React's code (its evaluation and the compiling it triggers are the longest
  // piece of the start), then the app's.
  void nextTask()
    .then(() => import('react-dom/client'))
    .then(nextTask)
    .then(() => import('./main'))
    .catch(appDidNotLoad);
}

/**
 * The app's code did not load (no connection on a first visit, a release that replaced it): a
 * held tap is given back rather than left 'Starting…', and the page says so, at this tap and at
 * each later one the app would answer, and unasked where the page needs the app; not to a reader
 * of a page whole without it that started it unasked (the connection lost). Not tried again in
 * this document, where a failed module may stay failed (the page's module map keeps it): the
 * message offers a reload.
 */
function appDidNotLoad(error?: unknown): void {
  if (error !== undefined) console.error(error);
  failed = true;
  startOnHeld = start;
  if (dropHeldTaps() > 0 || pageNeedsApp()) sayAppDidNotLoad();
}

/**
 * Whether the page is not whole without the app, so its failing to load is said unasked: the plain
 * shell, a page not made for reading (its forms stay disabled), a tab's panel or a control that
 * awaits it, a part that loads in it, or what it must show unasked.
 */
const pageNeedsApp = (): boolean => !rendered || startsUnasked() || somethingAwaitsApp();

/** Whether a page the server rendered starts the app unasked: not made for reading, a tab's panel that needs it, or what it must show. */
const startsUnasked = (): boolean => !isReadingPage(location.pathname) || tabNeedsApp || somethingWaits();

/** Once the page's content is on screen, or a little after the load event where no paint is reported (a hidden tab paints nothing). */
function afterFirstPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    setTimeout(then, 0);
  };
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    }).observe({ type: 'paint', buffered: true });
  }
  // The paint report can lag the load event (a busy compositor); a paint that never comes does not hold things up for ever.
  if (document.readyState === 'complete') setTimeout(once, 3000);
  else addEventListener('load', () => setTimeout(once, 3000), { once: true });
}

const rendered = document.getElementById('root')?.firstElementChild != null;
const sent = requestCookies();
// localStorage only when a preference is set (its first read opens the page's storage).
if (sent(PREFERENCES_COOKIE)) applyPreferences();

/**
 * What the app must show unasked: a message the previous page left, a sign-in error in the address,
 * a purchase back from checkout (its confirmation asks the server until the credits are in), a try
 * this tab left pending on this agent's page (how it ended is said unasked), or the signed-in
 * person's own header on a page the server rendered as a visitor sees it (it renders each page for
 * the person who asks, so only when it could not read their session then).
 */
function somethingWaits(): boolean {
  const params = new URLSearchParams(location.search);
  if (sent(FLASH_MARKER_COOKIE) || params.has('error') || params.has('purchase')) return true;
  if (!sent(SESSION_HINT_COOKIE)) return false;
  if (pendingTryWaits(location.pathname, sent(PENDING_TRY_COOKIE))) return true;
  // Looked for in the JSON's text, not parsed: this runs in the first task, and the state of a long
  // list is tens of kilobytes. A query's hash is its key as JSON (TanStack's hashKey, for a key of
  // plain strings); inside a string of the data every quote is escaped, so only the query matches.
  return !servedText()?.includes(`"queryHash":${JSON.stringify(JSON.stringify(sessionKeys.session))}`);
}
/** The JSON text of the data this page arrived with, read once. */
let text: string | null | undefined;
function servedText(): string | null {
  if (text === undefined) text = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent ?? null;
  return text;
}

/**
 * Seen means saved (docs/decisions/0027): the data this page arrived with goes to IndexedDB, so a
 * page never interacted with is readable offline all the same. A page the service worker served was
 * saved by it as it arrived (app/sw.ts). On the visit that registers the worker (a device's first),
 * the page hands its JSON text to that worker, which parses and saves it in its own thread
 * (docs/decisions/0035): parsing tens of kilobytes, creating the database and writing to it were a
 * third of what the scripts added to a slow phone's first visit. The page saves it itself only where
 * no worker runs, or when the worker does not answer that it has written it. The text is a
 * string, copied to the worker without being parsed here.
 */
let saved = servedByWorker();
function saveHere(): void {
  if (saved) return;
  saved = true;
  const text = servedText();
  if (text) void saveServedText(text);
}
function saveThrough(registration: ServiceWorkerRegistration): void {
  const text = servedText();
  if (saved || !text) return;
  saved = true;
  // Saved here after all when the worker could not (see handToWorker): a copy never replaces a newer one.
  void handToWorker(registration, text).then((handed) => {
    if (!handed) void saveServedText(text);
  });
}
// No worker will ever run here: saved at once, in a task of its own after this one.
if (!serviceWorkersRun()) setTimeout(saveHere, 0);

/** A tap held before the page is set up (setUpRendered below): the app starts on it once it is. */
let heldBeforeSetUp = false;
/** What a held tap calls: the app's start on intent once the page is set up, a note of it until then. */
let startOnHeld: () => void = () => void (heldBeforeSetUp = true);

/** What a page the server rendered sets up: its view, the service worker, the app on intent, the bottom bars. */
function setUpRendered(): void {
  // An agent page's view: the server counted it as it served the page, or (a prefetched page) it is counted from here.
  countViewAtLoad();
  // Not before the page is painted: the app's code must not compete with the first screen.
  let painted = false;
  let wanted = false;
  const startWhenPainted = () => {
    wanted = true;
    if (painted) start();
  };
  afterFirstPaint(() => {
    painted = true;
    if (wanted) start();
    // The service worker precaches the app's code (a first visit) or already holds it (every later
    // one), in its own thread. Prefetch links did the same on the page's: the 11 of /agents took
    // about 64 ms of its main thread under a 4x CPU slowdown (decision 0031). Only where no worker
    // can be registered do the links fetch it.
    registerServiceWorker(
      startWhenPainted,
      () => {
        addLinks('prefetch');
        saveHere();
      },
      saveThrough,
    );
  });
  startOnHeld = startOnIntent(startWhenPainted, startsUnasked());
  if (heldBeforeSetUp) startOnHeld();
  // A bar the server rendered at the bottom (a signed-in person's confirm-email banner): what sits at
  // the bottom (an agent page's try bar) keeps clear of it before the app runs, not on top of it.
  keepClearOfRenderedBars();
}

// A popover's buttons say whether it is shown, before the app and in it (app/lib/early-controls.ts);
// a tab named by the address (#reviews) is shown, and the app starts if its panel needs it.
const tabNeedsApp = followEarlyControls();
// The document's first modal dialog (the filter sheet) is on screen before the page behind is made inert.
paintFirstModalFirst();
if (rendered) {
  // Taps, held forms and a tab's arrow keys are held from here on, as the page's inline script held
  // buttons' taps until now (app/index.html), and those the page can answer (a tab, Save, Share) are
  // answered here (docs/decisions/0044); what a held tap starts is set up below.
  holdEarlyClicks(() => startOnHeld());
  // The rest in a task of its own. A module script runs in the task that ends the parsing, before
  // that task's layout and load event: on a long page and a low-tier phone, this script's start-up
  // (a few ms at full speed) made that one task about twice as long, the blocking a tap waits behind.
  setTimeout(setUpRendered, 0);
} else {
  holdEarlyClicks(start);
  start();
  afterFirstPaint(() => registerServiceWorker(start, saveHere, saveThrough));
}
