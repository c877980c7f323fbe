import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const stored = new Map<string, string>();
vi.mock('idb-keyval', () => ({
  get: (key: string) => Promise.resolve(stored.get(key)),
  set: (key: string, value: string) => Promise.resolve(void stored.set(key, value)),
  del: (key: string) => Promise.resolve(void stored.delete(key)),
}));

const { clearPersistedCache, createPersister } = await import('./persist');

const client = (name: string): PersistedClient => ({
  timestamp: 1,
  buster: 'test',
  clientState: {
    mutations: [],
    queries: [{ queryKey: ['agents', 'list'], queryHash: name, dehydratedAt: 1, state: { data: name, status: 'success' } as never }],
  },
});

const savedNames = () => [...stored.values()].map((value) => (JSON.parse(value) as PersistedClient).clientState.queries[0]?.queryHash);

/** Lets the promise chains of idb-keyval and the throttle run; its one-second timer stays faked. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

beforeEach(() => {
  stored.clear();
  vi.stubGlobal('indexedDB', {});
  vi.useFakeTimers({ toFake: ['setTimeout'] });
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('writes the newest cache at once when the page is left within the throttle second', async () => {
  const persister = createPersister();
  void persister.persistClient(client('first'));
  void persister.persistClient(client('second'));
  await settle();
  expect(savedNames()).toEqual(['first']);

  dispatchEvent(new Event('pagehide'));
  await settle();
  expect(savedNames()).toEqual(['second']);
});

it('does not write back a cache that was cleared', async () => {
  const persister = createPersister();
  void persister.persistClient(client('first'));
  void persister.persistClient(client('private'));
  await settle();
  await clearPersistedCache();

  dispatchEvent(new Event('pagehide'));
  await settle();
  expect(stored.size).toBe(0);
});
