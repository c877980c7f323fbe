// Page views off the request's path (docs/decisions/0047): a page view sends one message to the
// PAGE_VIEWS queue after the answer and writes nothing; the consumer adds a batch to agent_views in
// one D1 batch, per agent and hour, without the creator's own views or a hidden agent's.
import type { D1Database } from '@cloudflare/workers-types';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { app } from '#worker/app.ts';
import { browserRequest, call, countOf, createUser, insertAgents, seedCatalog, signIn } from '#worker/test/fixtures.ts';
import { deliverPageViews, pageViewsQueue } from '#worker/test/page-views.ts';
import { viewHour } from './page-views';

const views = (agentId: number, hour?: string) =>
  hour === undefined
    ? countOf('SELECT coalesce(sum(views), 0) AS n FROM agent_views WHERE agent_id = ?', agentId)
    : countOf('SELECT coalesce(sum(views), 0) AS n FROM agent_views WHERE agent_id = ? AND hour = ?', agentId, hour);
const rows = () => countOf('SELECT count(*) AS n FROM agent_views');
/** A browser's navigation, as Chromium sends it. */
const navigation = { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' };

let creator: { id: number };
let reader: { id: number };

beforeAll(async () => {
  await seedCatalog();
  creator = await createUser();
  reader = await createUser();
  await insertAgents(
    { id: 601, name: 'ViewedOften', creator_id: creator.id },
    { id: 602, name: 'ViewedHidden', creator_id: creator.id, hidden_at: '2026-11-01T00:00:00.000Z' },
    { id: 603, name: 'ViewedByMany', creator_id: creator.id },
    { id: 604, name: 'ViewedThroughMiniflare', creator_id: creator.id },
  );
});

describe('a page view', () => {
  it("writes nothing on the request's path and sends one message: the agent, the viewer, this hour", async () => {
    const queue = pageViewsQueue();
    const before = await rows();
    const hours = [viewHour()];
    const ctx = createExecutionContext();
    const page = await app.fetch(browserRequest('/agents/601', { headers: navigation }), queue.bindings, ctx);
    expect(page.status).toBe(200);
    await page.text();
    await waitOnExecutionContext(ctx);
    // The app's own count (a page it shows itself), signed in.
    const cookie = await signIn(reader.id);
    const ctx2 = createExecutionContext();
    const posted = await app.fetch(
      browserRequest('/api/agents/601/views', { method: 'POST', cookie }),
      queue.bindings,
      ctx2,
    );
    expect(posted.status).toBe(204);
    await waitOnExecutionContext(ctx2);
    hours.push(viewHour());

    expect(await rows()).toBe(before);
    expect(queue.sent).toHaveLength(2);
    expect(queue.sent[0]).toEqual({ agentId: 601, viewerId: null, hour: expect.any(String) });
    expect(queue.sent[1]).toEqual({ agentId: 601, viewerId: reader.id, hour: expect.any(String) });
    for (const { hour } of queue.sent) expect(hours).toContain(hour);
  });

  it('is answered as ever when the queue refuses it; the failure is logged', async () => {
    const refusing = {
      ...env,
      PAGE_VIEWS: { send: () => Promise.reject(new Error('queue unavailable')) },
    } as unknown as typeof env;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const ctx = createExecutionContext();
      const page = await app.fetch(browserRequest('/agents/601', { headers: navigation }), refusing, ctx);
      expect(page.status).toBe(200);
      await page.text();
      const ctx2 = createExecutionContext();
      const posted = await app.fetch(browserRequest('/api/agents/601/views', { method: 'POST' }), refusing, ctx2);
      expect(posted.status).toBe(204);
      await Promise.all([waitOnExecutionContext(ctx), waitOnExecutionContext(ctx2)]);
      const lines = logged.mock.calls
        .map(([line]) => String(line))
        .filter((line) => line.includes('page view not sent'));
      expect(lines).toHaveLength(2);
    } finally {
      logged.mockRestore();
    }
  });

  it('goes through the real queue that Miniflare runs, and is counted once its batch is delivered', async () => {
    const before = await views(604);
    expect((await call('/agents/604', { headers: navigation })).status).toBe(200);
    expect((await call('/api/agents/604/views', { method: 'POST' })).status).toBe(204);
    // wrangler.toml's max_batch_timeout is 5 seconds.
    await vi.waitFor(async () => expect(await views(604)).toBe(before + 2), { timeout: 20_000, interval: 250 });
  });
});

describe('the PAGE_VIEWS consumer', () => {
  it("adds a batch of views per agent and hour in one D1 batch, without the creator's own or a hidden agent's", async () => {
    const now = viewHour();
    const hourBefore = viewHour(Date.now() - 3_600_000);
    const bodies = [
      ...Array.from({ length: 40 }, () => ({ agentId: 601, viewerId: null, hour: now })),
      // Delivered late: counted in the hour it was seen.
      ...Array.from({ length: 10 }, () => ({ agentId: 601, viewerId: null, hour: hourBefore })),
      ...Array.from({ length: 5 }, () => ({ agentId: 601, viewerId: creator.id, hour: now })),
      ...Array.from({ length: 5 }, () => ({ agentId: 601, viewerId: reader.id, hour: now })),
      ...Array.from({ length: 10 }, () => ({ agentId: 602, viewerId: null, hour: now })),
      // 30 people: more counts than one statement's 100 bound parameters hold.
      ...Array.from({ length: 30 }, (_, i) => ({ agentId: 603, viewerId: 10_000 + i, hour: now })),
    ];
    expect(bodies).toHaveLength(100);
    const before = { now: await views(601, now), hourBefore: await views(601, hourBefore), many: await views(603) };
    let batches = 0;
    const counting = {
      prepare: (sql: string) => env.DB.prepare(sql),
      batch: (statements: Parameters<D1Database['batch']>[0]) => {
        batches += 1;
        return env.DB.batch(statements);
      },
    } as unknown as D1Database;

    const result = await deliverPageViews(bodies, { ...env, DB: counting });
    expect(result.outcome).toBe('ok');
    expect(result.ackAll).toBe(true);
    expect(result.retryBatch.retry).toBe(false);
    expect(batches).toBe(1);
    expect(await views(601, now)).toBe(before.now + 45);
    expect(await views(601, hourBefore)).toBe(before.hourBefore + 10);
    expect(await views(602)).toBe(0);
    expect(await views(603)).toBe(before.many + 30);

    // A second batch adds to the rows already there.
    await deliverPageViews(bodies.slice(0, 40));
    expect(await views(601, now)).toBe(before.now + 85);
  });

  it('drops a message of another shape and counts the rest', async () => {
    const now = viewHour();
    const before = await views(601, now);
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const result = await deliverPageViews([
        { agentId: 601, viewerId: null, hour: now },
        { agentId: '601', viewerId: null, hour: now },
        { agentId: 601, viewerId: null, hour: 'yesterday' },
        null,
      ]);
      expect(result.ackAll).toBe(true);
      expect(await views(601, now)).toBe(before + 1);
      expect(warned.mock.calls.some(([line]) => String(line).includes('"malformed":3'))).toBe(true);
    } finally {
      warned.mockRestore();
    }
  });

  it('retries the whole batch when the write fails, and counts nothing', async () => {
    const before = await rows();
    const failing = {
      prepare: (sql: string) => env.DB.prepare(sql),
      batch: () => Promise.reject(new Error('D1_ERROR: overloaded')),
    } as unknown as D1Database;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const result = await deliverPageViews(
        [
          { agentId: 601, viewerId: null, hour: viewHour() },
          { agentId: 603, viewerId: null, hour: viewHour() },
        ],
        { ...env, DB: failing },
      );
      expect(result.ackAll).toBe(false);
      expect(result.retryBatch.retry).toBe(true);
      expect(result.explicitAcks).toEqual([]);
      expect(await rows()).toBe(before);
      expect(logged.mock.calls.some(([line]) => String(line).includes('page views not counted'))).toBe(true);
    } finally {
      logged.mockRestore();
    }
  });
});
