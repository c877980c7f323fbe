import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, expect, it, vi } from 'vitest';
import {
  dropHeldTaps,
  holdEarlyClicks,
  partHydrated,
  reactTookOver,
  releaseEarlyClicks,
  TAPPABLE_BEFORE_ENTRY,
} from './early-clicks';
import { OPENS_BY_ITSELF } from './early-controls';

/** The page's inline tap holder, as app/index.html has it (the build leaves a classic script as it is). */
const inlineScript = /<script>([\s\S]*?)<\/script>/.exec(readFileSync('app/index.html', 'utf8'))![1]!;

afterEach(async () => {
  await releaseEarlyClicks();
  document.body.innerHTML = '';
});

/** The server's HTML: the navbar, the page and the footer, their buttons with no handler yet. */
function serverHtml() {
  document.body.innerHTML = `<div id="root">
    <header><button type="button">Menu</button></header>
    <main><div role="tablist"><button type="button" role="tab">Reviews</button></div><button type="button">Save</button>
      <form><button type="submit">Send</button><button>Go</button></form><a href="#x">Link</a><a href="#y" data-hold-click>Back</a></main>
    <footer><button type="button">Top</button></footer></div>`;
  const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
  return {
    menu: button('Menu'),
    tab: button('Reviews'),
    save: button('Save'),
    send: button('Send'),
    go: button('Go'),
    link: document.querySelector('a')!,
    back: document.querySelector<HTMLElement>('a[data-hold-click]')!,
    top: button('Top'),
  };
}

/** What React (here: a listener on #root) handles as each button is tapped. */
function handled(...buttons: HTMLElement[]) {
  const seen: string[] = [];
  document.getElementById('root')!.addEventListener('click', (event) => {
    const target = (event.target as Element).closest('button');
    if (target && buttons.includes(target)) seen.push(target.textContent!);
  });
  return seen;
}

it('holds taps on buttons until the page is hydrated, then taps each once, in order', async () => {
  const startApp = vi.fn();
  holdEarlyClicks(startApp);
  const { tab, save, send, go, link, back } = serverHtml();
  const seen = handled(tab, save, send, go);
  const followed: string[] = [];
  back.addEventListener('click', (event) => (event.preventDefault(), followed.push('Back')));
  for (const form of document.querySelectorAll('form'))
    form.addEventListener('submit', (event) => event.preventDefault());
  save.click();
  tab.click();
  tab.click(); // an impatient double tap is one tap
  send.click(); // forms are the app's own (disabled until hydrated) or work natively
  go.click(); // a button without a type in a form submits it
  link.click(); // links work without the app
  back.click(); // except one whose destination only the app knows
  expect(seen).toEqual(['Send', 'Go']);
  expect(followed).toEqual([]);
  // Each held tap asks for the app (a page only read has not started it).
  expect(startApp).toHaveBeenCalledTimes(4);

  await releaseEarlyClicks();
  expect(seen).toEqual(['Send', 'Go', 'Save', 'Reviews']);
  expect(followed).toEqual(['Back']);
  tab.click(); // from now on every tap goes straight through
  expect(seen).toEqual(['Send', 'Go', 'Save', 'Reviews', 'Reviews']);
});

it('once React listens, lets taps through on the parts already hydrated and holds the rest', async () => {
  holdEarlyClicks(() => undefined);
  const { menu, tab, top } = serverHtml();
  const seen = handled(menu, tab, top);
  reactTookOver();
  partHydrated('navbar');
  menu.click();
  tab.click();
  top.click();
  expect(seen).toEqual(['Menu']);
  partHydrated('footer');
  top.click();
  expect(seen).toEqual(['Menu', 'Top']);

  await releaseEarlyClicks();
  // The footer's early tap is replayed too: it was held, so React never saw it.
  expect(seen).toEqual(['Menu', 'Top', 'Reviews', 'Top']);
});

it('skips what is no longer on the page', async () => {
  holdEarlyClicks(() => undefined);
  const { save } = serverHtml();
  const seen = handled(save);
  save.click();
  save.remove();
  await releaseEarlyClicks();
  expect(seen).toEqual([]);
});

it("holds a tab's arrow keys before hydration as taps on the tab they move to, replayed once hydrated", async () => {
  holdEarlyClicks(() => undefined);
  document.body.innerHTML = `<div id="root"><main><div role="tablist">
    <button type="button" role="tab">Description</button><button type="button" role="tab">Features</button><button type="button" role="tab">Video</button>
  </div></main></div>`;
  const [description, features, video] = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const seen = handled(description!, features!, video!);
  const keys: string[] = [];
  document.getElementById('root')!.addEventListener('keydown', (event) => keys.push(event.key));
  const press = (key: string) =>
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

  description!.focus();
  press('ArrowRight');
  expect(document.activeElement).toBe(features);
  press('End');
  expect(document.activeElement).toBe(video);
  press('Enter'); // not a tablist key: left alone
  expect(keys).toEqual(['Enter']);
  expect(seen).toEqual([]);

  await releaseEarlyClicks();
  expect(seen).toEqual(['Features', 'Video']);
  press('ArrowLeft'); // from now on the tablist itself answers
  expect(keys).toEqual(['Enter', 'ArrowLeft']);
});

it('holds the sending of a form that asks for it until hydrated, then sends it once', async () => {
  const startApp = vi.fn();
  holdEarlyClicks(startApp);
  document.body.innerHTML = `<div id="root"><main><form role="search" data-hold-submit><input name="q" value="ledg" /></form>
    <form id="native"><input name="q" /></form></main></div>`;
  const [search, native] = [...document.querySelectorAll('form')];
  const sent: string[] = [];
  for (const form of [search!, native!])
    form.addEventListener('submit', (event) => (event.preventDefault(), sent.push(form.id || 'search')));

  search!.requestSubmit();
  search!.requestSubmit(); // Enter pressed twice is one search
  native!.requestSubmit(); // any other form is the browser's (or disabled until hydrated)
  expect(sent).toEqual(['native']);
  expect(startApp).toHaveBeenCalled();

  await releaseEarlyClicks();
  expect(sent).toEqual(['native', 'search']);
});

it("replays each held tap once the one before has been committed: a held form's sending sees a held choice", async () => {
  holdEarlyClicks(() => undefined);
  document.body.innerHTML = `<div id="root"><main><form data-hold-submit><button type="button">$200</button>
    <output>100</output><button type="submit">Continue</button></form></main></div>`;
  const form = document.querySelector('form')!;
  const output = document.querySelector('output')!;
  // As React does: a tap's update reaches the page after the event, in a microtask.
  document.querySelector('button')!.addEventListener('click', () => queueMicrotask(() => (output.textContent = '200')));
  const sent: string[] = [];
  form.addEventListener('submit', (event) => (event.preventDefault(), sent.push(output.textContent!)));

  document.querySelector('button')!.click();
  form.requestSubmit();
  expect(sent).toEqual([]);

  await releaseEarlyClicks();
  expect(sent).toEqual(['200']);
});

it("holds taps made before the entry script runs with the page's inline script, and replays them with its own", async () => {
  const { save, tab, send, back } = serverHtml();
  const seen = handled(save, tab, send);
  for (const form of document.querySelectorAll('form'))
    form.addEventListener('submit', (event) => event.preventDefault());
  const followed: string[] = [];
  back.addEventListener('click', (event) => (event.preventDefault(), followed.push('Back')));
  // The page has painted; its entry script has not arrived yet.
  new Function(inlineScript)();
  save.click();
  tab.click();
  tab.click();
  send.click(); // a form's own button works natively
  back.click(); // a link keeps its own address, should the entry script never come
  expect(seen).toEqual(['Send']);
  expect(followed).toEqual(['Back']);

  const startApp = vi.fn();
  holdEarlyClicks(startApp);
  expect(startApp).toHaveBeenCalled();
  expect(window.earlyTaps).toBeUndefined();
  await releaseEarlyClicks();
  expect(seen).toEqual(['Send', 'Save', 'Reviews']);
  // The inline holder is gone: a tap now goes straight through.
  save.click();
  expect(seen).toEqual(['Send', 'Save', 'Reviews', 'Save']);
});

it('shows a held tap as starting until it is replayed, then gives the control back as it was', async () => {
  holdEarlyClicks(() => undefined);
  const { save, tab } = serverHtml();
  save.setAttribute('aria-busy', 'false');
  const seen = handled(save, tab);
  let busyWhenReplayed: string | null = 'unset';
  save.addEventListener('click', () => (busyWhenReplayed = save.getAttribute('aria-busy')));
  save.click();
  tab.click();
  expect(save.getAttribute('aria-busy')).toBe('true');
  expect(save.hasAttribute('data-starting')).toBe(true);
  expect(tab.getAttribute('aria-busy')).toBe('true');
  await releaseEarlyClicks();
  expect(seen).toEqual(['Save', 'Reviews']);
  // React's own state from the replayed tap on: its aria-busy as it rendered it.
  expect(busyWhenReplayed).toBe('false');
  expect(save.hasAttribute('data-starting')).toBe(false);
  expect(tab.hasAttribute('aria-busy')).toBe(false);
});

it("leaves a popover's or a dialog's button to the browser, and a GET form's button to the form", async () => {
  const startApp = vi.fn();
  holdEarlyClicks(startApp);
  document.body.innerHTML = `<div id="root"><main>
    <button type="button" popovertarget="menu">Menu</button><div id="menu" popover></div>
    <button type="button" command="show-modal" commandfor="sheet">Filters</button><dialog id="sheet"></dialog>
    <form method="get" data-press-group><button name="view" value="grid" aria-pressed="true">Grid</button><button name="view" value="list" aria-pressed="false">List</button></form>
  </main></div>`;
  const clicks: string[] = [];
  document
    .getElementById('root')!
    .addEventListener('click', (event) => clicks.push((event.target as Element).textContent!));
  document.querySelector('form')!.addEventListener('submit', (event) => event.preventDefault());
  for (const button of document.querySelectorAll('button')) button.click();
  expect(clicks).toEqual(['Menu', 'Filters', 'Grid', 'List']);
  expect(startApp).not.toHaveBeenCalled();
  // The switch shows the last choice pressed while the browser opens that layout.
  expect([...document.querySelectorAll('form button')].map((b) => b.getAttribute('aria-pressed'))).toEqual([
    'false',
    'true',
  ]);
});

it("the page's inline script holds what the entry script holds, and the pages' and static files' policy allows it by its hash", () => {
  expect(inlineScript).toContain(`closest('${TAPPABLE_BEFORE_ENTRY}')`);
  expect(inlineScript).toContain(`matches('${OPENS_BY_ITSELF}')`);
  const hash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`;
  expect(readFileSync('worker/middleware/security.ts', 'utf8')).toContain(`script-src 'self' ${hash};`);
  expect(readFileSync('public/_headers', 'utf8')).toContain(`script-src 'self' ${hash};`);
});

/** `window.open` answering with a blank tab, and the timers and frames the opening waits on, faked for `run`. */
async function withBlankTab(
  run: (blank: { opener: unknown; close: () => void }, open: ReturnType<typeof vi.spyOn>) => Promise<void>,
) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  const blank = { opener: {}, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(blank as unknown as Window);
  try {
    await run(blank, open);
  } finally {
    open.mockRestore();
    vi.useRealTimers();
  }
}

it('opens the tab of a held tap that opens one (Try Agent) at once, and closes it when no replay takes it', () =>
  withBlankTab(async (blank, open) => {
    holdEarlyClicks(() => undefined);
    document.body.innerHTML = `<div id="root"><main><button type="button" data-opens-tab>Try Agent</button></main></div>`;
    const tryAgent = document.querySelector('button')!;
    tryAgent.click();
    tryAgent.click(); // a double tap opens one tab
    // Not in the tap: once its frame ('Starting…') is on screen.
    expect(open).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(blank.opener).toBeNull();

    // The app, hydrated, finds the button disabled (offline, say): its replay takes nothing, and the tab goes.
    tryAgent.disabled = true;
    await releaseEarlyClicks();
    expect(blank.close).toHaveBeenCalledTimes(1);

    // Held again, and the page left before the app replays it: the tab goes with it.
    holdEarlyClicks(() => undefined);
    tryAgent.disabled = false;
    tryAgent.click();
    await vi.advanceTimersByTimeAsync(300);
    expect(open).toHaveBeenCalledTimes(2);
    dispatchEvent(new Event('pagehide'));
    expect(blank.close).toHaveBeenCalledTimes(2);
  }));

it("gives held taps back as they were, never replayed, and closes a held tap's tab when the app cannot start", () =>
  withBlankTab(async (blank) => {
    holdEarlyClicks(() => undefined);
    document.body.innerHTML = `<div id="root"><main><button type="button" data-opens-tab>Try Agent</button><button type="button">Follow</button></main></div>`;
    const [tryAgent, follow] = [...document.querySelectorAll('button')] as [HTMLButtonElement, HTMLButtonElement];
    const seen = handled(tryAgent, follow);
    tryAgent.click();
    follow.click();
    await vi.advanceTimersByTimeAsync(300);
    expect(tryAgent.getAttribute('aria-busy')).toBe('true');

    expect(dropHeldTaps()).toBe(2);
    expect(tryAgent.hasAttribute('aria-busy')).toBe(false);
    expect(follow.hasAttribute('data-starting')).toBe(false);
    expect(blank.close).toHaveBeenCalledTimes(1);
    // Nothing is left to replay: a later hydration taps nothing.
    await releaseEarlyClicks();
    expect(seen).toEqual([]);
  }));

it('lets a link held for the app go to its address once the app could not start', () => {
  holdEarlyClicks(() => undefined);
  const { back } = serverHtml();
  // Whether the browser would follow it: the click not prevented.
  const tap = () => back.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  expect(tap()).toBe(false);
  dropHeldTaps();
  expect(tap()).toBe(true);
});
