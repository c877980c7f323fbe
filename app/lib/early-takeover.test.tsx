import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { StrictMode, useState, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SaveButton } from '#app/components/saved/save-button.tsx';
import { AgentDetailTabs, type DetailTab } from '#app/features/agents/components/agent-detail-tabs.tsx';
import { agentOf } from '#app/test/agent-set.ts';
import { deleteOfflineDb } from '#app/test/offline-db.ts';
import { forgetSavedSnapshot, listSavedAgents, listSavedAgentsAsWritten } from './saved-agents';
import * as sync from './saved-sync';
import { holdEarlyClicks, releaseEarlyClicks } from './early-clicks';

// What the app does as it takes over controls the page answered before it (docs/decisions/0044):
// the server's HTML, a tap on it before React, then React hydrating that HTML (in StrictMode, which
// runs each effect twice in development: what is taken must still be taken once).

const agent = agentOf(7, { name: 'LeadScout', description: 'Finds leads.' });
let root: Root | null = null;
let container: HTMLElement;

beforeEach(async () => {
  forgetSavedSnapshot();
  await deleteOfflineDb();
  history.replaceState(null, '', '/agents/7');
  holdEarlyClicks(() => undefined);
});
afterEach(async () => {
  await releaseEarlyClicks();
  act(() => root?.unmount());
  root = null;
  container.remove();
});

/** The server's HTML of `app` in #root, as a page arrives. */
function serve(app: () => ReactNode) {
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(app());
  document.body.append(container);
}

/** React takes the page over; once hydrated, the entry script holds nothing more (app/main.tsx). */
async function hydrate(app: () => ReactNode) {
  await act(async () => {
    root = hydrateRoot(container, <StrictMode>{app()}</StrictMode>);
  });
  await releaseEarlyClicks();
}

it('keeps an agent saved before the app once: on the device at once, and React takes the button over pressed, writing nothing more', async () => {
  const setSaved = vi.spyOn(sync, 'setSaved');
  const client = new QueryClient();
  const app = () => (
    <QueryClientProvider client={client}>
      <main>
        <SaveButton agent={agent} variant="page" />
      </main>
    </QueryClientProvider>
  );
  serve(app);
  // The data the page was served with, where the entry script finds the agent to keep.
  const state = document.createElement('script');
  state.type = 'application/json';
  state.id = 'query-state';
  state.textContent = JSON.stringify({ queries: [{ queryHash: '["agents","detail",7]', state: { data: agent } }] });
  document.body.append(state);
  const save = container.querySelector('button')!;
  expect(save.getAttribute('aria-pressed')).toBe('false');
  save.click();
  expect(save.getAttribute('aria-pressed')).toBe('true');
  // Kept by the entry script, the app not started: a page left now loses nothing.
  await vi.waitFor(async () => expect((await listSavedAgents()).map((r) => r.id)).toEqual([7]));

  // Pressed at every commit, from the hydration on.
  const seen: (string | null)[] = [];
  new MutationObserver(() => seen.push(save.getAttribute('aria-pressed'))).observe(save, { attributes: true });
  await hydrate(app);
  await vi.waitFor(() => expect(save.hasAttribute('data-save-agent')).toBe(false));
  await act(async () => void (await listSavedAgentsAsWritten()));
  expect(setSaved).not.toHaveBeenCalled();
  expect((await listSavedAgents()).map((r) => r.id)).toEqual([7]);
  expect(save.getAttribute('aria-pressed')).toBe('true');
  expect(seen.every((pressed) => pressed === 'true')).toBe(true);
  expect(save.hasAttribute('data-early-save')).toBe(false);
  state.remove();

  // From now on a tap is React's: removed, once.
  await act(async () => save.click());
  await vi.waitFor(async () => expect(await listSavedAgents()).toEqual([]));
  expect(setSaved).toHaveBeenCalledTimes(1);
  expect(save.getAttribute('aria-pressed')).toBe('false');
});

it('keeps a save the entry script could not (no data of the agent in the page) as React takes the button over, once', async () => {
  const setSaved = vi.spyOn(sync, 'setSaved');
  const client = new QueryClient();
  const app = () => (
    <QueryClientProvider client={client}>
      <main>
        <SaveButton agent={agent} variant="page" />
      </main>
    </QueryClientProvider>
  );
  serve(app);
  const save = container.querySelector('button')!;
  save.click();
  expect(save.getAttribute('aria-pressed')).toBe('true');
  await hydrate(app);
  await vi.waitFor(async () => expect((await listSavedAgents()).map((r) => r.id)).toEqual([7]));
  expect(setSaved).toHaveBeenCalledTimes(1);
  expect(setSaved.mock.calls[0]![1]).toBe(true);
  expect(save.getAttribute('aria-pressed')).toBe('true');
});

it('takes the tab chosen before the app as React takes the tabs over, with nothing shown back on Description', async () => {
  const chosen: DetailTab[] = [];
  function Page() {
    const [tab, setTab] = useState<DetailTab>('description');
    return (
      <main>
        <AgentDetailTabs
          agent={agent}
          value={tab}
          onValueChange={(next) => {
            chosen.push(next);
            setTab(next);
          }}
          reviewCount={2}
          reviews={<p>What users say</p>}
        />
      </main>
    );
  }
  serve(() => <Page />);
  // Every panel is in the HTML, the others hidden.
  expect(container.querySelectorAll('[role="tabpanel"]')).toHaveLength(4);
  const tab = (name: string) =>
    [...container.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent!.startsWith(name))!;
  const panelOf = (name: string) => document.getElementById(tab(name).getAttribute('aria-controls')!)!;
  tab('Reviews').click();
  expect(panelOf('Reviews').hidden).toBe(false);
  await vi.waitFor(() => expect(location.hash).toBe('#reviews'));

  const shown: boolean[] = [];
  new MutationObserver(() => shown.push(panelOf('Reviews').hidden)).observe(panelOf('Reviews'), {
    attributes: true,
  });
  await hydrate(() => <Page />);
  expect(chosen).toContain('reviews');
  expect(tab('Reviews').getAttribute('aria-selected')).toBe('true');
  expect(panelOf('Reviews').hidden).toBe(false);
  expect(panelOf('Description').hidden).toBe(true);
  expect(shown.every((hidden) => !hidden)).toBe(true);

  // React's tabs now: Features, and the address says so.
  await act(async () => tab('Features').click());
  expect(panelOf('Features').hidden).toBe(false);
  expect(panelOf('Reviews').hidden).toBe(true);
  await vi.waitFor(() => expect(location.hash).toBe('#features'));
});
