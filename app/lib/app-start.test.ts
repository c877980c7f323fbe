import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { isReadingPage, startOnIntent } from './app-start';
import { OFFLINE_DB_NAME, offlineDbExists, openOfflineDb } from './offline-db';
import { deleteOfflineDb } from '#app/test/offline-db.ts';
import { addToOutbox } from './outbox';
import { putSavedAgents } from './saved-agents';

const stops: (() => void)[] = [];

beforeEach(async () => {
  await deleteOfflineDb();
  document.body.innerHTML = `<div id="root"><header><a href="/agents">Browse</a><input aria-label="Search" /></header>
    <main><a href="/agents/1"><span>Card</span></a><button type="button">Save</button></main><footer>Footer</footer></div>`;
});

afterEach(() => {
  // Starting ends a watch's listeners, so none outlives its test.
  for (const stop of stops.splice(0)) stop();
});

/**
 * startOnIntent with a spy, once its look at what the device keeps has settled. The app starts a
 * frame after its cause (never inside a tap's own answer): `started` waits for that frame.
 */
async function watch(waiting = false) {
  const start = vi.fn();
  const go = startOnIntent(start, waiting);
  stops.push(go);
  await go.checked;
  await aFrame();
  return start;
}

/** The next frame and a task after it: a start asked for by then has happened. */
const aFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const element = (selector: string) => document.querySelector(selector)!;
const fire = (target: Element, event: Event) => target.dispatchEvent(event);

it('leaves a page that is only read alone: links, scrolling keys and tabbing do not start the app', async () => {
  const start = await watch();
  fire(element('main a span'), new PointerEvent('pointerdown', { bubbles: true }));
  fire(element('header a'), new FocusEvent('focusin', { bubbles: true }));
  for (const key of ['Tab', 'ArrowDown', 'PageDown', ' '])
    fire(document.body, new KeyboardEvent('keydown', { key, bubbles: true }));
  fire(element('header a'), new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await aFrame();
  expect(start).not.toHaveBeenCalled();
});

it('leaves to the page what it answers by itself: a popover or a sheet, a tab, Share, a GET form, a tap on a backdrop', async () => {
  element('main').insertAdjacentHTML(
    'beforeend',
    `<button type="button" popovertarget="menu"><span>Menu</span></button><div id="menu" popover></div>
     <button type="button" command="show-modal" commandfor="sheet">Filters</button>
     <dialog id="sheet"><form method="get"><select name="sort"><option>A</option></select><button>Show results</button></form></dialog>
     <div role="tablist" data-early-tabs><button type="button" role="tab">Reviews</button></div>
     <button type="button" data-share-url="/agents/1">Share</button>`,
  );
  const start = await watch();
  for (const selector of [
    '[popovertarget] span',
    '[commandfor]',
    '[role="tab"]',
    '[data-share-url]',
    'dialog form button',
    'dialog',
  ]) {
    fire(element(selector), new PointerEvent('pointerdown', { bubbles: true }));
    fire(element(selector), new PointerEvent('pointerup', { bubbles: true }));
    fire(element(selector), new FocusEvent('focusin', { bubbles: true }));
    fire(element(selector), new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  }
  // A tab's own keys move between tabs, as a tap on the next one does.
  for (const key of ['ArrowRight', 'ArrowLeft'])
    fire(element('[role="tab"]'), new KeyboardEvent('keydown', { key, bubbles: true }));
  await aFrame();
  expect(start).not.toHaveBeenCalled();
  // A field of the sheet is the app's: a press there starts it.
  fire(element('dialog select'), new PointerEvent('pointerdown', { bubbles: true }));
  fire(element('dialog select'), new PointerEvent('pointerup', { bubbles: true }));
  await aFrame();
  expect(start).toHaveBeenCalledTimes(1);
});

it('starts the app when the search field took the focus before it watched, not for a link focused then', async () => {
  (element('header a') as HTMLElement).focus();
  expect(await watch()).not.toHaveBeenCalled();

  (element('input') as HTMLElement).focus();
  expect(await watch()).toHaveBeenCalledTimes(1);
  (element('input') as HTMLElement).blur();
});

it('starts the app once, at the first press on a control, once the finger has lifted and a frame has shown the tap', async () => {
  const start = await watch();
  fire(element('main button'), new PointerEvent('pointerdown', { bubbles: true }));
  await aFrame();
  // Still pressed: the tap's own answer comes first.
  expect(start).not.toHaveBeenCalled();
  fire(element('main button'), new PointerEvent('pointerup', { bubbles: true }));
  expect(start).not.toHaveBeenCalled();
  await aFrame();
  expect(start).toHaveBeenCalledTimes(1);
  fire(element('main button'), new PointerEvent('pointerdown', { bubbles: true }));
  fire(element('main button'), new PointerEvent('pointerup', { bubbles: true }));
  await aFrame();
  expect(start).toHaveBeenCalledTimes(1);
});

it('starts the app when the search field takes the focus, or a key types', async () => {
  const focused = await watch();
  fire(element('input'), new FocusEvent('focusin', { bubbles: true }));
  await aFrame();
  expect(focused).toHaveBeenCalledTimes(1);

  const typed = await watch();
  fire(document.body, new KeyboardEvent('keydown', { key: 'k', bubbles: true }));
  await aFrame();
  expect(typed).toHaveBeenCalledTimes(1);

  // An arrow key in a field moves its caret: the app's, unlike a tab's.
  const moved = await watch();
  fire(element('input'), new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
  await aFrame();
  expect(moved).toHaveBeenCalledTimes(1);
});

it('starts the app when a value changes without a press or focus first', async () => {
  document
    .querySelector('main')!
    .insertAdjacentHTML('beforeend', '<select aria-label="Sort by"><option>A</option><option>B</option></select>');
  const start = await watch();
  fire(element('select'), new Event('change', { bubbles: true }));
  await aFrame();
  expect(start).toHaveBeenCalledTimes(1);
});

it('starts the app when the connection goes, so it can say what still works', async () => {
  const start = await watch();
  dispatchEvent(new Event('offline'));
  await aFrame();
  expect(start).toHaveBeenCalledTimes(1);
});

it('starts the app at once when queued requests wait for delivery', async () => {
  expect(await watch()).not.toHaveBeenCalled();

  await addToOutbox({ id: 'p1', kind: 'proposal', label: 'Idea', url: '/api/proposals', body: {} });
  expect(await watch()).toHaveBeenCalledTimes(1);
});

it('reads nothing and makes nothing where the database does not exist yet (a first visit)', async () => {
  document.querySelector('main button')!.setAttribute('data-save-agent', '7');
  const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
  const keys = vi.spyOn(IDBObjectStore.prototype, 'getAllKeys');
  const named = async () => (await indexedDB.databases()).map((db) => db.name);
  try {
    expect(await watch()).not.toHaveBeenCalled();
    expect(getAll).not.toHaveBeenCalled();
    expect(keys).not.toHaveBeenCalled();
    // Not created by asking: the service worker makes it in its own thread.
    expect(await named()).not.toContain(OFFLINE_DB_NAME);
    // A later load, the database there (empty): the outbox and the saved agents' ids are read.
    await openOfflineDb();
    expect(await watch()).not.toHaveBeenCalled();
    expect(getAll).toHaveBeenCalled();
    expect(keys).toHaveBeenCalled();
  } finally {
    getAll.mockRestore();
    keys.mockRestore();
  }
});

it('where the browser cannot list its databases, one made by its own check counts as absent, once', async () => {
  // An own property hiding the factory's method, as in a browser without it.
  Object.defineProperty(indexedDB, 'databases', { value: undefined, configurable: true });
  try {
    expect(await offlineDbExists()).toBe(false);
    expect(await offlineDbExists()).toBe(true);
  } finally {
    delete (indexedDB as { databases?: unknown }).databases;
  }
});

it('shows the agents this device keeps saved, without starting the app; a Save tapped before stays as tapped', async () => {
  element('main').insertAdjacentHTML(
    'beforeend',
    `<button type="button" aria-pressed="false" data-save-agent="3">Save</button>
     <button type="button" aria-pressed="false" data-save-agent="9" data-early-save="false">Save</button>`,
  );
  const save = (id: number) => element(`[data-save-agent="${id}"]`).getAttribute('aria-pressed');
  element('main button').setAttribute('data-save-agent', '7');
  element('main button').setAttribute('aria-pressed', 'false');
  expect(await watch()).not.toHaveBeenCalled();
  expect([save(7), save(3), save(9)]).toEqual(['false', 'false', 'false']);

  const agent = { id: 3, name: 'LeadScout' } as Parameters<typeof putSavedAgents>[0][number]['agent'];
  await putSavedAgents([
    { id: 3, agent, savedAt: 1, synced: false },
    { id: 9, agent: { ...agent, id: 9 }, savedAt: 2, synced: false },
  ]);
  expect(await watch()).not.toHaveBeenCalled();
  expect([save(7), save(3), save(9)]).toEqual(['false', 'true', 'false']);
});

it('on /saved, starts the app at once only when the page was drawn with other agents than this device keeps', async () => {
  const list = document.createElement('div');
  list.dataset.savedIds = '';
  element('main').append(list);
  // A first visit: nothing saved, nothing drawn, no database (and none made).
  const idle = await watch();
  expect(idle).not.toHaveBeenCalled();
  expect((await indexedDB.databases()).map((db) => db.name)).not.toContain(OFFLINE_DB_NAME);
  // Another tab changes the list: the page as drawn is behind it.
  const other = new BroadcastChannel('agentmarket-saved');
  other.postMessage('changed');
  other.close();
  await vi.waitFor(() => expect(idle).toHaveBeenCalledTimes(1));
  // Drawn with an agent the device does not keep (its data cleared, the cookie not).
  list.dataset.savedIds = '7';
  expect(await watch()).toHaveBeenCalledTimes(1);

  const agent = { id: 7, name: 'LeadScout' } as Parameters<typeof putSavedAgents>[0][number]['agent'];
  await putSavedAgents([
    { id: 7, agent, savedAt: 2, synced: false },
    { id: 3, agent: { ...agent, id: 3 }, savedAt: 1, synced: false },
  ]);
  // The same agents: the page is right as drawn.
  list.dataset.savedIds = '7 3';
  expect(await watch()).not.toHaveBeenCalled();
  // One saved since the cookie was written (a tab closed before reading the list again), or one gone from the server.
  list.dataset.savedIds = '7';
  expect(await watch()).toHaveBeenCalledTimes(1);
  list.dataset.savedIds = '7 3 9';
  expect(await watch()).toHaveBeenCalledTimes(1);
});

it('starts the app at once when the caller says something waits for it', async () => {
  expect(await watch(true)).toHaveBeenCalledTimes(1);
});

it('waits for an intent on pages made for reading only; a page that acts as it arrives starts the app at once', () => {
  for (const path of [
    '/',
    '/agents',
    '/agents/12',
    '/Agent/12/',
    '/creators/demo',
    '/search',
    '/categories',
    '/discover',
    '/about',
    '/api',
    '/alternative2',
    '/credits',
    '/billing',
    '/my-agents',
    '/saved',
  ])
    expect(isReadingPage(path), path).toBe(true);
  for (const path of [
    '/verify-email',
    '/auth/google/callback',
    '/checkout/sandbox/3',
    '/billing/receipts/4',
    '/auth',
    '/reset-password',
    '/agents/1/x',
    '/saved/1',
  ])
    expect(isReadingPage(path), path).toBe(false);
});

it('starts the app at once when the page is still loading something only the app fetches', async () => {
  document.querySelector('main')!.insertAdjacentHTML('beforeend', '<p role="status" data-loads-in-app>Loading…</p>');
  expect(await watch()).toHaveBeenCalledTimes(1);
});
