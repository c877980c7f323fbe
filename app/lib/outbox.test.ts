import 'fake-indexeddb/auto';
import { beforeEach, expect, it, vi } from 'vitest';
import { STORES, transact } from './offline-db';
import { deleteOfflineDb } from '#app/test/offline-db.ts';
import {
  addToOutbox,
  backoffMs,
  deliverOutbox,
  discardOutboxItem,
  listOutbox,
  retryOutboxItem,
  subscribeOutbox,
} from './outbox';

const proposal = (id = 'key-1', name = 'Invoice Chaser') => ({
  id,
  kind: 'proposal' as const,
  label: name,
  url: '/api/propose-agent',
  body: { name, description: 'Chases unpaid invoices.' },
});

/** A server stand-in: answers in turn, records what it was sent. */
function server(...answers: Array<Response | Error>) {
  const calls: { url: string; key: string | null; body: unknown }[] = [];
  const fetcher = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(url),
      key: new Headers(init?.headers).get('Idempotency-Key'),
      body: JSON.parse(String(init?.body)),
    });
    const answer = answers.shift() ?? new Response('{}', { status: 200 });
    if (answer instanceof Error) throw answer;
    return answer;
  }) as unknown as typeof fetch;
  return { fetcher, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

beforeEach(deleteOfflineDb);

it('is written to IndexedDB before addToOutbox resolves', async () => {
  const seen: string[] = [];
  const unsubscribe = subscribeOutbox((event) => seen.push(event.type));
  await addToOutbox(proposal(), 1000);
  // Nothing else awaited: what resolved is stored.
  expect(await listOutbox()).toEqual([
    expect.objectContaining({ id: 'key-1', state: 'queued', attempts: 0, createdAt: 1000 }),
  ]);
  expect(seen).toEqual(['changed']);
  unsubscribe();
});

it('lists and sends at once, in the order they were queued, items queued within one millisecond', async () => {
  // One millisecond for all of it.
  const now = vi.spyOn(Date, 'now').mockReturnValue(5000);
  try {
    // Ids whose order is the other way round: the order is the queue's, not the store's keys.
    await addToOutbox(proposal('z', 'First'));
    await addToOutbox(proposal('a', 'Second'));
    expect((await listOutbox()).map((item) => item.label)).toEqual(['First', 'Second']);
    const { fetcher, calls } = server(json(201, {}), json(201, {}));
    await deliverOutbox({ fetcher });
    expect(calls.map((call) => call.key)).toEqual(['z', 'a']);
  } finally {
    now.mockRestore();
  }
});

it('delivers with its Idempotency-Key exactly once: a second run sends nothing', async () => {
  await addToOutbox(proposal());
  const { fetcher, calls } = server(json(201, { id: 1 }));
  const report = await deliverOutbox({ fetcher });
  expect(report.delivered.map((item) => item.id)).toEqual(['key-1']);
  expect(calls).toEqual([
    {
      url: '/api/propose-agent',
      key: 'key-1',
      body: { name: 'Invoice Chaser', description: 'Chases unpaid invoices.' },
    },
  ]);
  expect((await listOutbox())[0]).toMatchObject({ state: 'delivered', attempts: 1 });

  await deliverOutbox({ fetcher, force: true });
  expect(calls).toHaveLength(1);
});

it('retries network errors, 429 and 5xx with backoff, and sends early only when forced', async () => {
  let now = 10_000;
  const clock = () => now;
  await addToOutbox(proposal(), now);
  const { fetcher, calls } = server(
    new TypeError('Failed to fetch'),
    json(503, { error: 'Unavailable' }),
    json(429, { error: 'Too many requests' }, { 'Retry-After': '30' }),
    json(201, {}),
  );

  let report = await deliverOutbox({ fetcher, now: clock });
  expect(report).toMatchObject({ waiting: 1, nextAttemptAt: now + 2000 });
  expect((await listOutbox())[0]).toMatchObject({ state: 'queued', attempts: 1 });

  // Not due yet: a page's timer run sends nothing.
  await deliverOutbox({ fetcher, now: clock });
  expect(calls).toHaveLength(1);

  now += 2000;
  report = await deliverOutbox({ fetcher, now: clock });
  expect(report.nextAttemptAt).toBe(now + 4000);

  // Reconnecting (or Background Sync) sends at once; the server's Retry-After is honoured.
  report = await deliverOutbox({ fetcher, now: clock, force: true });
  expect(report.nextAttemptAt).toBe(now + 30_000);

  report = await deliverOutbox({ fetcher, now: clock, force: true });
  expect(report.delivered).toHaveLength(1);
  expect(new Set(calls.map((call) => call.key))).toEqual(new Set(['key-1']));
});

it('keeps a refused (4xx) item with the server message for editing; Retry and Discard act on it', async () => {
  await addToOutbox(proposal());
  const { fetcher } = server(json(400, { error: 'Description must be at least 10 characters' }));
  const refusals: string[] = [];
  const unsubscribe = subscribeOutbox((event) => event.type === 'failed' && refusals.push(event.item.error ?? ''));
  const report = await deliverOutbox({ fetcher });
  expect(report.refused).toHaveLength(1);
  expect(refusals).toEqual(['Description must be at least 10 characters']);
  expect((await listOutbox())[0]).toMatchObject({
    state: 'failed',
    error: 'Description must be at least 10 characters',
  });

  // A refused item is never sent again by itself.
  await deliverOutbox({ fetcher, force: true });
  expect(vi.mocked(fetcher)).toHaveBeenCalledTimes(1);

  await retryOutboxItem('key-1');
  expect((await listOutbox())[0]).toMatchObject({ state: 'queued', error: undefined });
  await discardOutboxItem('key-1');
  expect(await listOutbox()).toEqual([]);
  unsubscribe();
});

it('sends an item left "sending" by a page that died mid-request, and `only` limits a run to one item', async () => {
  const first = await addToOutbox(proposal('a', 'First'), 1);
  await transact(
    [STORES.outbox],
    'readwrite',
    (tx) => void tx.objectStore(STORES.outbox).put({ ...first, state: 'sending' }),
  );
  await addToOutbox(proposal('b', 'Second'), 2);
  const { fetcher, calls } = server(new TypeError('offline'));
  await deliverOutbox({ fetcher, only: 'b' });
  expect(calls.map((call) => call.key)).toEqual(['b']);

  const { fetcher: next, calls: nextCalls } = server(json(201, {}), json(201, {}));
  await deliverOutbox({ fetcher: next, force: true });
  expect(nextCalls.map((call) => call.key)).toEqual(['a', 'b']);
});

it('backs off from 2 s, doubling, to at most 5 minutes', () => {
  expect([1, 2, 3, 4].map((n) => backoffMs(n))).toEqual([2000, 4000, 8000, 16000]);
  expect(backoffMs(30)).toBe(300_000);
  expect(backoffMs(1, 12)).toBe(12_000);
});

it('asks again when the server is still processing the first send with this key (409)', async () => {
  await addToOutbox(proposal(), 0);
  const { fetcher, calls } = server(
    json(409, { error: 'A request with this Idempotency-Key is still being processed' }, { 'Retry-After': '1' }),
    json(200, {}),
  );
  const report = await deliverOutbox({ fetcher, now: () => 0 });
  expect(report).toMatchObject({ waiting: 1, nextAttemptAt: 1000, refused: [] });
  expect((await deliverOutbox({ fetcher, force: true })).delivered).toHaveLength(1);
  expect(calls).toHaveLength(2);
});
