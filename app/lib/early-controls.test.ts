import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { holdEarlyClicks, releaseEarlyClicks } from './early-clicks';
import {
  followEarlyControls,
  markSavedHere,
  sayAppDidNotLoad,
  selectTabOfAddress,
  takeEarlySave,
} from './early-controls';

/** An agent page as the server renders it: its tabs (every panel in the page), Save and Share. */
function agentPage() {
  document.body.innerHTML = `<div id="root"><main>
    <div role="tablist" data-early-tabs>
      <button type="button" role="tab" id="t-description" aria-controls="p-description" aria-selected="true" tabindex="0" data-state="active" data-tab="description">Description</button>
      <button type="button" role="tab" id="t-reviews" aria-controls="p-reviews" aria-selected="false" tabindex="-1" data-state="inactive" data-tab="reviews">Reviews</button>
    </div>
    <div role="tabpanel" id="p-description">About</div>
    <div role="tabpanel" id="p-reviews" hidden>Reviews</div>
    <button type="button" aria-pressed="false" data-save-agent="7">Save</button>
    <button type="button" data-share-url="/agents/7" data-share-title="LeadScout" data-share-text="Finds leads">Share</button>
    <button type="button">Try Agent</button>
  </main></div>`;
  const get = (selector: string) => document.querySelector<HTMLElement>(selector)!;
  return {
    description: get('#t-description'),
    reviews: get('#t-reviews'),
    save: get('[data-save-agent]'),
    share: get('[data-share-url]'),
    tryAgent: [...document.querySelectorAll('button')].find((b) => b.textContent === 'Try Agent')!,
    panel: (name: string) => get(`#p-${name}`),
  };
}

/** What React (here: a listener on #root) would have handled. */
function reactSaw() {
  const seen: string[] = [];
  document
    .getElementById('root')!
    .addEventListener('click', (event) => seen.push((event.target as Element).textContent!));
  return seen;
}

beforeEach(() => history.replaceState(null, '', '/agents/7'));
afterEach(async () => {
  await releaseEarlyClicks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

it('switches a tab, its panel and the address at the first tap, before the app, and asks nothing of it', async () => {
  const startApp = vi.fn();
  holdEarlyClicks(startApp);
  const page = agentPage();
  const seen = reactSaw();
  page.reviews.click();
  expect(page.reviews.getAttribute('aria-selected')).toBe('true');
  expect(page.reviews.tabIndex).toBe(0);
  expect(page.reviews.dataset.state).toBe('active');
  expect(page.description.getAttribute('aria-selected')).toBe('false');
  expect(page.description.tabIndex).toBe(-1);
  expect(page.panel('reviews').hidden).toBe(false);
  expect(page.panel('description').hidden).toBe(true);
  // The address names it once the tab is on screen (a frame later): replacing it is slow on a phone.
  expect(location.hash).toBe('');
  await vi.waitFor(() => expect(location.hash).toBe('#reviews'));
  // Back to the first tab: its address is the page's own.
  page.description.click();
  await vi.waitFor(() => expect(location.pathname + location.hash).toBe('/agents/7'));
  // Answered here: neither React nor the app needed (nor replayed later).
  expect(seen).toEqual([]);
  expect(startApp).not.toHaveBeenCalled();
});

it('opens a page at the tab its address names', () => {
  history.replaceState(null, '', '/agents/7#reviews');
  const page = agentPage();
  expect(selectTabOfAddress()).toBe(page.reviews);
  expect(page.reviews.getAttribute('aria-selected')).toBe('true');
  expect(page.panel('reviews').hidden).toBe(false);
  // Already shown: nothing to do.
  expect(selectTabOfAddress()).toBeNull();
});

it("starts the app when a tab shows a panel that needs it (a signed-in person's reviews), wherever its control sits", () => {
  const startApp = vi.fn();
  holdEarlyClicks(startApp);
  const page = agentPage();
  page.panel('reviews').innerHTML = '<button type="button" data-awaits-app>Write a Review</button>';
  page.description.click();
  expect(startApp).not.toHaveBeenCalled();
  page.reviews.click();
  expect(page.panel('reviews').hidden).toBe(false);
  expect(startApp).toHaveBeenCalledTimes(1);
  // The same panel named by the address: the entry script is told to start it.
  history.replaceState(null, '', '/agents/7#reviews');
  agentPage().panel('reviews').innerHTML = '<button type="button" data-awaits-app>Write a Review</button>';
  expect(followEarlyControls()).toBe(true);
  history.replaceState(null, '', '/agents/7#reviews');
  agentPage();
  expect(followEarlyControls()).toBe(false);
});

it('shows Save pressed at the first tap and keeps what was asked for the app, which takes it once', async () => {
  const startApp = vi.fn();
  holdEarlyClicks(startApp);
  const { save } = agentPage();
  const seen = reactSaw();
  save.click();
  expect(save.getAttribute('aria-pressed')).toBe('true');
  expect(startApp).toHaveBeenCalledTimes(1);
  // Tapped again before the app: not saved after all.
  save.click();
  expect(save.getAttribute('aria-pressed')).toBe('false');
  save.click();
  await releaseEarlyClicks();
  // Not replayed as a tap (which would toggle it a second time): the app reads the choice, once.
  expect(seen).toEqual([]);
  expect(takeEarlySave(save)).toBe(true);
  expect(takeEarlySave(save)).toBeNull();
});

it('presses the Save buttons of the agents this device keeps, but not one a tap has changed since', () => {
  const { save } = agentPage();
  document
    .querySelector('main')!
    .insertAdjacentHTML(
      'beforeend',
      '<button type="button" aria-pressed="false" data-save-agent="8">Save</button><button type="button" aria-pressed="false" data-save-agent="9" data-early-save="false">Save</button>',
    );
  markSavedHere([7, 9]);
  expect(save.getAttribute('aria-pressed')).toBe('true');
  expect(document.querySelector('[data-save-agent="8"]')!.getAttribute('aria-pressed')).toBe('false');
  expect(document.querySelector('[data-save-agent="9"]')!.getAttribute('aria-pressed')).toBe('false');
});

it('shares the page at the first tap, or copies its link and says so where there is no share sheet', async () => {
  holdEarlyClicks(() => undefined);
  const { share } = agentPage();
  const shared = vi.fn(() => Promise.resolve());
  vi.stubGlobal('navigator', { ...navigator, share: shared });
  share.click();
  expect(shared).toHaveBeenCalledWith({
    title: 'LeadScout',
    text: 'Finds leads',
    url: `${location.origin}/agents/7`,
  });

  const copied = vi.fn(() => Promise.resolve());
  vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText: copied } });
  share.click();
  expect(copied).toHaveBeenCalledWith(`${location.origin}/agents/7`);
  await vi.waitFor(() =>
    expect(document.querySelector('body > [aria-label="Notifications"] [role="status"]')?.textContent).toBe(
      'Link copied',
    ),
  );
});

it('says the link could not be copied when the write fails, or where there is no clipboard at all', async () => {
  holdEarlyClicks(() => undefined);
  const { share } = agentPage();
  const notes = () =>
    [...document.querySelectorAll('body > [aria-label="Notifications"] [role="status"]')].map((n) => n.textContent);
  const failure = `Could not copy the link: ${location.origin}/agents/7`;
  const writeText = vi.fn(() => Promise.reject(new Error('Document is not focused.')));
  vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
  share.click();
  await vi.waitFor(() => expect(notes()).toEqual([failure]));

  // A page not served over HTTPS has no clipboard: said so, not thrown.
  document.querySelectorAll('body > [aria-label="Notifications"]').forEach((n) => n.remove());
  vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: undefined });
  share.click();
  await vi.waitFor(() => expect(notes()).toEqual([failure]));
});

it("keeps a popover's button in step with it, and focuses the field it asks for", () => {
  followEarlyControls();
  document.body.innerHTML = `<div id="root"><header>
    <button type="button" popovertarget="site-search" aria-expanded="false" aria-label="Open search" data-label-shown="Close search" data-label-hidden="Open search">Search</button>
    <div id="site-search" popover><input aria-label="Search agents" data-focus-on-open /></div>
  </header></div>`;
  const button = document.querySelector('button')!;
  const panel = document.getElementById('site-search')!;
  const toggled = (newState: 'open' | 'closed') =>
    panel.dispatchEvent(
      Object.assign(new Event('toggle'), { newState, oldState: newState === 'open' ? 'closed' : 'open' }),
    );
  toggled('open');
  expect(button.getAttribute('aria-expanded')).toBe('true');
  expect(button.getAttribute('aria-label')).toBe('Close search');
  expect(document.activeElement).toBe(document.querySelector('input'));
  toggled('closed');
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(button.getAttribute('aria-label')).toBe('Open search');
});

it("says the app's code did not load at each tap that needed it, with Reload and Dismiss", async () => {
  history.replaceState(null, '', '/agents/7#reviews');
  sayAppDidNotLoad();
  const alerts = () => document.querySelectorAll('[aria-label="Notifications"] [role="alert"]');
  await vi.waitFor(() => expect(alerts()[0]?.textContent).toContain('This page could not finish loading.'));
  const region = document.getElementById('app-did-not-load')!;
  expect(region.querySelector('a')?.textContent).toBe('Reload');
  expect(region.querySelector('a')?.getAttribute('href')).toBe(`${location.origin}/agents/7#reviews`);
  const dismiss = region.querySelector('button')!;
  expect(dismiss.getAttribute('aria-label')).toBe('Dismiss');
  expect(dismiss.getAttribute('popovertarget')).toBe(region.id);
  // Shown, it says nothing of being expanded: it only hides the message.
  followEarlyControls();
  region.dispatchEvent(Object.assign(new Event('toggle'), { newState: 'open' }));
  expect(dismiss.hasAttribute('aria-expanded')).toBe(false);
  // The address of the moment it is said again.
  history.replaceState(null, '', '/agents/7#features');
  // Said again: the same message, emptied and filled again for a screen reader to hear it.
  sayAppDidNotLoad();
  expect(alerts()).toHaveLength(1);
  expect(alerts()[0]!.textContent).toBe('');
  await vi.waitFor(() => expect(alerts()[0]?.textContent).toContain('Check your connection, then reload it.'));
  expect(region.querySelector('a')?.getAttribute('href')).toBe(`${location.origin}/agents/7#features`);
});
