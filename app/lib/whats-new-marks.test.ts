import 'fake-indexeddb/auto';
import { QueryClient, QueryObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentChange } from '#common/api-schemas.ts';
import { agentOf } from '#app/test/agent-set.ts';
import { deleteOfflineDb } from '#app/test/offline-db.ts';
import { QueryStore } from './persist';
import { agentKeys } from './query-keys';
import { changedSinceSaved, forgetSavedSnapshot, getSavedAgent, putSavedAgents } from './saved-agents';
import { keepSavedAgentsFresh, savedQueryData } from './saved-queries';
import { savedCardChanged } from './whats-new-marks';

const NOTE_AT = '2026-11-20T12:00:00.000Z';
const noteTime = Date.parse(NOTE_AT);
const notes: AgentChange[] = [{ id: 1, note: 'Reads PDFs now.', createdAt: NOTE_AT }];

beforeEach(async () => {
  forgetSavedSnapshot();
  await deleteOfflineDb();
  document.body.innerHTML = '';
});
afterEach(() => onlineManager.setOnline(true));

describe('changedSinceSaved (the saved mark rule)', () => {
  it('is true only for a saved agent whose latest note came after it was saved', () => {
    expect(changedSinceSaved({ savedAt: noteTime - 1 }, NOTE_AT)).toBe(true);
    expect(changedSinceSaved({ savedAt: noteTime }, NOTE_AT)).toBe(false);
    expect(changedSinceSaved({ savedAt: noteTime + 1 }, NOTE_AT)).toBe(false);
    expect(changedSinceSaved(undefined, NOTE_AT)).toBe(false);
    expect(changedSinceSaved({ savedAt: 0 }, null)).toBe(false);
    expect(changedSinceSaved({ savedAt: 0 }, 'not a time')).toBe(false);
  });
});

describe('savedCardChanged (the entry starts the app for a mark)', () => {
  const cards = (...entries: [number, string | null][]) => {
    document.body.innerHTML = `<div id="root">${entries
      .map(([id, at]) => `<article data-agent-id="${id}"${at ? ` data-whats-new-at="${at}"` : ''}></article>`)
      .join('')}</div>`;
  };
  const save = (id: number, savedAt: number) =>
    putSavedAgents([{ id, agent: agentOf(id, { name: `A${id}`, description: 'x' }), savedAt, synced: false }]);

  it('is true when a card on the page is of an agent saved before its latest note', async () => {
    await save(2, noteTime - 60_000);
    cards([1, NOTE_AT], [2, NOTE_AT], [3, null]);
    expect(await savedCardChanged()).toBe(true);
  });

  it('is false when every such agent was saved after its note, or is not saved, or there is no note', async () => {
    await save(2, noteTime + 60_000);
    await save(3, 0);
    cards([1, NOTE_AT], [2, NOTE_AT], [3, null]);
    expect(await savedCardChanged()).toBe(false);
    cards();
    expect(await savedCardChanged()).toBe(false);
  });
});

describe("a saved agent's notes offline", () => {
  it('are kept with the saved agent as its page shows them, and read back when nothing else has them', async () => {
    const agent = agentOf(7, { name: 'Kept', description: 'Saved.', whatsNewAt: NOTE_AT });
    await putSavedAgents([{ id: 7, agent, savedAt: noteTime - 1, synced: false }]);
    const key = agentKeys.changes(7, NOTE_AT);

    // Online: the page's notes arrive, and the saved copy takes them.
    const online = new QueryClient();
    const stop = keepSavedAgentsFresh(online);
    await online.fetchQuery({ queryKey: key, queryFn: () => notes });
    await vi.waitFor(async () => expect((await getSavedAgent(7))?.changes).toEqual(notes));
    stop();

    // Offline, on a device whose query store lost them: the saved agent answers.
    expect(await savedQueryData(key)).toEqual({ data: notes, updatedAt: noteTime - 1 });
    onlineManager.setOnline(false);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    new QueryStore({ fallback: savedQueryData }).attach(client);
    const queryFn = vi.fn();
    const observer = new QueryObserver(client, { queryKey: key, queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => observer.getCurrentResult().data).toEqual(notes);
    expect(queryFn).not.toHaveBeenCalled();
    unsubscribe();
  });
});
