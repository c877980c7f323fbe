import 'fake-indexeddb/auto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentOf, agentSet } from '#app/test/agent-set.ts';
import { deleteOfflineDb } from '#app/test/offline-db.ts';
import { buildOfflineIndex, deviceAgents, foldTerm, type OfflineIndex } from './offline-search';
import { QueryStore } from './persist';
import { putSavedAgents } from './saved-agents';

// The saved set a phone might hold after a long while: 10,000 agents, built here.
let index: OfflineIndex;
beforeAll(() => {
  index = buildOfflineIndex(agentSet(10_000));
});
const names = (q: string, limit = 5) => index.search(q, limit).map((agent) => agent.name);

describe('offline search over 10,000 saved agents', () => {
  it('indexes every agent once', () => {
    expect(index.size).toBe(10_000);
  });

  it('forgives typos: one wrong letter from five letters on, two from nine', () => {
    expect(names('invoce')[0]).toBe('Invoice Reconciler');
    expect(names('reconcilr')[0]).toBe('Invoice Reconciler');
    expect(names('invioce reconcilier')[0]).toBe('Invoice Reconciler');
    expect(names('resme screner')[0]).toBe('Resume Screener');
  });

  it('finds a word from its first letters (the last word being typed)', () => {
    expect(names('reconc')[0]).toBe('Invoice Reconciler');
    expect(names('invoice rec')[0]).toBe('Invoice Reconciler');
    expect(names('menu plan')[0]).toBe('Café Menu Planner');
  });

  it('ignores accents both ways', () => {
    expect(names('cafe menu')[0]).toBe('Café Menu Planner');
    expect(names('CAFÉ')[0]).toBe('Café Menu Planner');
    expect(foldTerm('Légal')).toBe('legal');
    expect(index.search('legal', 10_000).length).toBeGreaterThan(100);
  });

  it('searches descriptions, departments, categories and features, the name weighing most', () => {
    expect(names('bank statement')[0]).toBe('Invoice Reconciler');
    expect(names('stock import')[0]).toBe('Café Menu Planner');
    expect(index.search('bookkeeping', 10_000).every((a) => a.features.includes('Bookkeeping rules'))).toBe(true);
    expect(index.search('customer service', 10_000).length).toBeGreaterThan(0);
  });

  it('wants every word, and falls back to any word when no agent has them all', () => {
    const all = index.search('invoice reconciler', 10_000);
    expect(all.map((a) => a.name)).toEqual(['Invoice Reconciler']);
    const any = index.search('reconciler zzzzzz', 10_000);
    expect(any[0]!.name).toBe('Invoice Reconciler');
    expect(index.search('   ')).toEqual([]);
    expect(index.search('qqqqqqqqqq')).toEqual([]);
  });
});

describe('what the device holds', () => {
  beforeEach(deleteOfflineDb);

  it('collects saved agents first, then every agent in saved listings, pages and agent pages', async () => {
    const saved = agentOf(1, { name: 'Saved Copy', description: 'The person’s own copy.' });
    await putSavedAgents([{ id: 1, agent: saved, savedAt: 1, synced: false }]);
    const store = new QueryStore();
    const now = Date.now();
    await store.save(
      '["agents","detail",1]',
      ['agents', 'detail', 1],
      agentOf(1, { name: 'Cached Copy', description: 'x' }),
      now,
    );
    await store.save(
      '["agents","list",{}]',
      ['agents', 'list', {}],
      [agentOf(2, { name: 'Listed', description: 'x' })],
      now,
    );
    await store.save(
      '["agents","list","pages",{}]',
      ['agents', 'list', 'pages', {}],
      { pages: [{ items: [agentOf(3, { name: 'Paged', description: 'x' })] }], pageParams: [0] },
      now,
    );
    await store.save(
      '["categories","list"]',
      ['categories', 'list'],
      [{ id: 9, name: 'Not an agent', description: 'x' }],
      now,
    );
    const agents = await deviceAgents();
    expect(agents[0]!.name).toBe('Saved Copy');
    const index = buildOfflineIndex(agents);
    expect(index.size).toBe(3);
    expect(index.search('copy').map((a) => a.name)).toEqual(['Saved Copy']);
    expect(index.search('pag').map((a) => a.name)).toEqual(['Paged']);
  });
});
