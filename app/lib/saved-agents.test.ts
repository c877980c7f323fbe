import 'fake-indexeddb/auto';
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rating } from '#common/types.ts';
import { agentOf } from '#app/test/agent-set.ts';
import { deleteOfflineDb } from '#app/test/offline-db.ts';
import { addToOutbox, listOutbox } from './outbox';
import { QueryStore } from './persist';
import { agentKeys, ratingKeys } from './query-keys';
import {
  forgetSavedSnapshot,
  listSavedAgents,
  listSavedAgentsAsWritten,
  putSavedAgents,
  removeSavedAgents,
  savedSnapshot,
} from './saved-agents';
import { savedQueryData } from './saved-queries';
import { forgetMerged, mergeSavedAgents, noteRemoved, savedChange } from './saved-sync';

const review: Rating = {
  id: 1,
  agentId: 7,
  userId: 2,
  rating: 5,
  comment: 'Kept for the train',
  createdAt: '2026-01-01T00:00:00.000Z',
  user: { username: 'sam' },
} as Rating;

beforeEach(async () => {
  forgetSavedSnapshot();
  forgetMerged();
  await deleteOfflineDb();
});
afterEach(() => onlineManager.setOnline(true));

describe('saved agents and the query cache bound', () => {
  it('a saved agent and its reviews survive 1,200 other pages’ worth of queries and still show offline', async () => {
    const saved = agentOf(7, { name: 'Kept Agent', description: 'Saved before a long trip.' });
    const store = new QueryStore({ fallback: savedQueryData });
    const now = Date.now();
    // The agent's page was seen (and saved) first, then the person saved it.
    await store.save(JSON.stringify(agentKeys.detail(7)), agentKeys.detail(7), saved, now);
    await putSavedAgents([{ id: 7, agent: saved, ratings: [review], savedAt: now, synced: false }]);
    // 1,200 other pages: the bound (1,000) drops the oldest, the saved agent's page among them.
    for (let i = 0; i < 1200; i++)
      await store.save(
        `["agents","detail",${1000 + i}]`,
        ['agents', 'detail', 1000 + i],
        agentOf(1000 + i, { name: `Other ${i}`, description: 'x' }),
        now + i + 1,
      );
    expect((await store.summary()).count).toBe(1000);
    expect(await store.read(JSON.stringify(agentKeys.detail(7)))).toBeUndefined();
    expect((await listSavedAgents()).map((r) => r.agent.name)).toEqual(['Kept Agent']);

    // A new page load, offline: the agent page's queries come from the saved agent.
    onlineManager.setOnline(false);
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    new QueryStore({ fallback: savedQueryData }).attach(client);
    const queryFn = vi.fn();
    const agent = new QueryObserver(client, { queryKey: agentKeys.detail(7), queryFn });
    const ratings = new QueryObserver(client, { queryKey: ratingKeys.byAgent(7), queryFn });
    const stop = [agent.subscribe(() => undefined), ratings.subscribe(() => undefined)];
    await expect.poll(() => (agent.getCurrentResult().data as { name?: string } | undefined)?.name).toBe('Kept Agent');
    await expect.poll(() => ratings.getCurrentResult().data).toEqual([review]);
    expect(queryFn).not.toHaveBeenCalled();
    for (const unsubscribe of stop) unsubscribe();
  });

  it('an agent that is not saved gets nothing from the saved store', async () => {
    expect(await savedQueryData(agentKeys.detail(99))).toBeUndefined();
    expect(await savedQueryData(['categories', 'list'])).toBeUndefined();
  });
});

describe('merging with the list on the server', () => {
  const a = agentOf(1, { name: 'Alpha', description: 'x' });
  const b = agentOf(2, { name: 'Beta', description: 'x' });
  const c = agentOf(3, { name: 'Gamma', description: 'x' });
  const d = agentOf(4, { name: 'Delta', description: 'x' });

  it('keeps the server’s, uploads saves never synced, drops those removed elsewhere, and lets pending changes win', async () => {
    await putSavedAgents([
      { id: 1, agent: a, savedAt: 1, synced: true }, // on the server too
      { id: 2, agent: b, savedAt: 2, synced: false }, // saved signed out: goes up
      { id: 3, agent: c, savedAt: 3, synced: true }, // removed on another device
    ]);
    // Removed here while offline, still on the server: stays removed.
    await removeSavedAgents([4]);
    await addToOutbox(savedChange(d, false, 5));
    await mergeSavedAgents(
      [
        { agentId: 1, savedAt: 1, agent: { ...a, averageRating: 4.9 } },
        { agentId: 4, savedAt: 4, agent: d },
      ],
      { online: false },
    );
    const records = await listSavedAgents();
    expect(records.map((r) => [r.id, r.synced])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(records.find((r) => r.id === 1)!.agent.averageRating).toBe(4.9);
    const outbox = await listOutbox();
    expect(outbox.map((item) => [item.kind, item.method, item.url])).toEqual([
      ['unsave', 'DELETE', '/api/saved/4'],
      ['save', 'PUT', '/api/saved/2'],
    ]);
  });

  it("does not put back an agent removed on this device after the server's list was asked for, before the removal reached the outbox", async () => {
    const askedAt = Date.now();
    // The tap: noted at once, its own write and outbox item still to come.
    noteRemoved([1], true, askedAt + 1);
    await mergeSavedAgents(
      [
        { agentId: 1, savedAt: 1, agent: a },
        { agentId: 2, savedAt: 2, agent: b },
      ],
      { online: false, askedAt },
    );
    expect((await listSavedAgents()).map((r) => r.id)).toEqual([2]);
    // A later merge, asked for after that removal, takes the server's word again (saved again elsewhere).
    await mergeSavedAgents([{ agentId: 1, savedAt: 3, agent: a }], { online: false, askedAt: askedAt + 2 });
    expect((await listSavedAgents()).map((r) => r.id)).toContain(1);
  });
});

describe("the cookie that names this device's saved agents (docs/decisions/0036)", () => {
  it('is written, newest save first and for /saved only, when the list is read, again only when it changed, and removed when empty', async () => {
    const written = vi.spyOn(document, 'cookie', 'set');
    try {
      await putSavedAgents([
        { id: 7, agent: agentOf(7, { name: 'Seven', description: 'Kept' }), savedAt: 1, synced: false },
        { id: 9, agent: agentOf(9, { name: 'Nine', description: 'Kept' }), savedAt: 2, synced: false },
      ]);
      await listSavedAgents();
      await vi.waitFor(() =>
        expect(written).toHaveBeenLastCalledWith('saved-agents=9.7; Path=/saved; Max-Age=31536000; SameSite=Lax'),
      );
      const writes = written.mock.calls.length;
      forgetSavedSnapshot();
      await listSavedAgents();
      // The same list: nothing written again... unless this is a fresh page, which writes it once.
      expect(written.mock.calls.length).toBe(writes + 1);
      await listSavedAgents();
      expect(written.mock.calls.length).toBe(writes + 1);

      await removeSavedAgents([7, 9]);
      await vi.waitFor(() =>
        expect(written).toHaveBeenLastCalledWith('saved-agents=; Path=/saved; Max-Age=0; SameSite=Lax'),
      );
    } finally {
      written.mockRestore();
    }
  });
});

describe('the list as last written (what the merge with the account settles on)', () => {
  it('waits for the newest read: a read that a later write overtook never becomes the list shown', async () => {
    const record = (id: number, savedAt: number) => ({
      id,
      agent: agentOf(id, { name: `Agent ${id}`, description: 'Kept' }),
      savedAt,
      synced: true,
    });
    await putSavedAgents([record(1, 1)]);
    expect((await listSavedAgents()).map((r) => r.id)).toEqual([1]);
    // The merge's write, and a tap's removal queued right behind it: the read the merge's write
    // starts waits for the removal, which starts a newer read of its own when it commits.
    const merge = putSavedAgents([record(2, 2)]);
    const removal = removeSavedAgents([1]);
    await merge;
    const settled = await listSavedAgentsAsWritten();
    expect(settled.map((r) => r.id)).toEqual([2]);
    // What the page shows once the merge settles. The overtaken read already returned [2] (it waited
    // for the removal), but it is not the snapshot: settling on it showed the list from before the
    // merge, [1]. This is the assertion that fails without the loop.
    expect(savedSnapshot()?.map((r) => r.id)).toEqual([2]);
    await removal;
  });
});
