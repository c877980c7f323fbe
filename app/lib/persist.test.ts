import 'fake-indexeddb/auto';
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { request, STORES, transact } from './offline-db';
import { deleteOfflineDb } from '#app/test/offline-db.ts';
import { PERSIST_MAX_AGE_MS, QueryStore } from './persist';

const savedHashes = () =>
  transact([STORES.queries], 'readonly', (tx) => request(tx.objectStore(STORES.queries).getAllKeys())).then((keys) =>
    keys.map(String).sort(),
  );

/** A page load: a fresh query client with the store attached. */
function page(store = new QueryStore()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const detach = store.attach(client, (query) => query.state.status === 'success');
  return { client, store, detach };
}

/** Lets IndexedDB's (fake) tasks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(deleteOfflineDb);
afterEach(() => onlineManager.setOnline(true));

it('saves each query as it succeeds, one entry per query, committed when save() resolves', async () => {
  const { client } = page();
  client.setQueryData(['agents', 'detail', 1], { id: 1, name: 'Invoice Chaser' });
  client.setQueryData(['categories'], ['Sales']);
  await expect.poll(savedHashes).toEqual(['["agents","detail",1]', '["categories"]']);

  const store = new QueryStore();
  await store.save('["agents","detail",2]', ['agents', 'detail', 2], { id: 2 }, Date.now());
  // Resolved means on disk: a second connection-independent read sees it at once.
  expect(await savedHashes()).toContain('["agents","detail",2]');
});

it('restores a saved query when a page asks for it, offline, without the network', async () => {
  const first = page();
  first.client.setQueryData(['agents', 'detail', 7], { id: 7, name: 'Saved Agent' });
  await expect.poll(savedHashes).toEqual(['["agents","detail",7]']);

  onlineManager.setOnline(false);
  const { client } = page();
  let calls = 0;
  const observer = new QueryObserver(client, { queryKey: ['agents', 'detail', 7], queryFn: () => ++calls });
  const unsubscribe = observer.subscribe(() => undefined);
  await expect.poll(() => observer.getCurrentResult().data).toEqual({ id: 7, name: 'Saved Agent' });
  expect(calls).toBe(0);
  unsubscribe();
});

it('restores nothing before the page has been hydrated, then restores what was asked for meanwhile', async () => {
  const first = page();
  first.client.setQueryData(['agents', 'detail', 8], { id: 8, name: 'Saved Agent' });
  await expect.poll(savedHashes).toEqual(['["agents","detail",8]']);

  onlineManager.setOnline(false);
  let hydrated!: () => void;
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  new QueryStore().attach(client, () => true, new Promise<void>((resolve) => (hydrated = resolve)));
  const observer = new QueryObserver(client, { queryKey: ['agents', 'detail', 8], queryFn: () => 'network' });
  const unsubscribe = observer.subscribe(() => undefined);
  await settle();
  // A part still hydrating must see the cache as the server rendered it.
  expect(observer.getCurrentResult().data).toBeUndefined();
  hydrated();
  await expect.poll(() => observer.getCurrentResult().data).toEqual({ id: 8, name: 'Saved Agent' });
  unsubscribe();
});

it('a copy restored before the page subscribed is shown, and the network is still asked', async () => {
  const first = page();
  first.client.setQueryData(['agents', 'detail', 9], { id: 9, name: 'As it was' });
  await expect.poll(savedHashes).toEqual(['["agents","detail",9]']);

  const { client } = page();
  // Asked for (its render), restored, and only then subscribed to (its commit).
  client.getQueryCache().build(client, { queryKey: ['agents', 'detail', 9] });
  await expect.poll(() => client.getQueryData(['agents', 'detail', 9])).toEqual({ id: 9, name: 'As it was' });
  const observer = new QueryObserver(client, {
    queryKey: ['agents', 'detail', 9],
    queryFn: () => ({ id: 9, name: 'As it is now' }),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  await expect.poll(() => observer.getCurrentResult().data).toEqual({ id: 9, name: 'As it is now' });
  unsubscribe();
});

it('never overwrites what the network answered first with the older saved copy', async () => {
  const first = page();
  first.client.setQueryData(['agents', 'list'], ['old']);
  await expect.poll(savedHashes).toEqual(['["agents","list"]']);

  const { client } = page();
  client.setQueryData(['agents', 'list'], ['fresh']);
  await settle();
  expect(client.getQueryData(['agents', 'list'])).toEqual(['fresh']);
});

it('keeps at most the limit, dropping the least recently used (a read counts as a use)', async () => {
  let clock = Date.now();
  const tick = () => ++clock;
  const store = new QueryStore({ limit: 3, now: tick });
  const now = Date.now();
  for (const n of [1, 2, 3]) await store.save(`q${n}`, ['agents', 'detail', n], { n }, now);
  expect(await store.read('q1')).toBeTruthy();
  await settle();
  await store.save('q4', ['agents', 'detail', 4], { n: 4 }, now);
  expect(await savedHashes()).toEqual(['q1', 'q3', 'q4']);
  expect(await store.summary()).toMatchObject({ count: 3 });

  // The bound holds for a store that starts from what an earlier page saved.
  const later = new QueryStore({ limit: 3, now: tick });
  await later.save('q5', ['agents', 'detail', 5], { n: 5 }, now);
  expect(await savedHashes()).toEqual(['q1', 'q4', 'q5']);
});

it('removes private data at logout and keeps the public catalogue', async () => {
  const { client, store } = page();
  client.setQueryData(['auth', 'session'], { id: 1, username: 'demo' });
  client.setQueryData(['credits', 'balance'], { balance: 90 });
  client.setQueryData(['agents', 'detail', 1], { id: 1 });
  await expect.poll(async () => (await savedHashes()).length).toBe(3);
  await store.removePrivate();
  expect(await savedHashes()).toEqual(['["agents","detail",1]']);
});

it('does not restore data older than the maximum age, and reports count, size and oldest', async () => {
  const store = new QueryStore();
  const now = Date.now();
  await store.save('old', ['agents', 'detail', 1], { id: 1 }, now - PERSIST_MAX_AGE_MS - 1000);
  await store.save('new', ['agents', 'detail', 2], { id: 2 }, now - 1000);
  expect(await store.summary()).toEqual({
    count: 2,
    bytes: JSON.stringify({ id: 1 }).length * 2,
    oldest: now - PERSIST_MAX_AGE_MS - 1000,
  });
  expect(await store.read('old')).toBeUndefined();
  expect(await store.read('new')).toEqual({ data: { id: 2 }, updatedAt: now - 1000 });
  await settle();
  expect(await savedHashes()).toEqual(['new']);
});

it('saves a query that arrives with its data (initial data embedded in the page)', async () => {
  const { client } = page();
  await client.prefetchQuery({ queryKey: ['agents', 'detail', 3], queryFn: () => ({ id: 3 }), initialData: { id: 3 } });
  await expect.poll(savedHashes).toEqual(['["agents","detail",3]']);
});
