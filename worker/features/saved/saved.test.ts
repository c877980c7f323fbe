import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogAgentsByIds } from '#worker/features/agents/index.ts';
import { MESSAGES } from '#common/validation.ts';
import {
  call,
  client,
  countOf,
  createUser,
  db,
  messageOf as error,
  insertAgents,
  okBody,
  seedCatalog,
  signIn,
  untypedBody,
} from '#worker/test/fixtures.ts';
import { listSavedAgentIds } from './index';
import { SAVED_TIME_MESSAGE } from './routes';

beforeAll(seedCatalog);

const list = async (cookie: string) => {
  const res = await client(cookie).saved.$get();
  expect(res.status).toBe(200);
  return okBody(res);
};
const save = (cookie: string, agentId: number | string, json: unknown = {}) =>
  call(`/api/saved/${agentId}`, { method: 'PUT', json, cookie });
const unsave = (cookie: string, agentId: number | string) =>
  call(`/api/saved/${agentId}`, { method: 'DELETE', cookie });

describe('/api/saved', () => {
  it('saves, lists newest first with the agent, keeps the first save time, and removes', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    expect(await list(cookie)).toEqual([]);

    expect((await save(cookie, 1, { savedAt: 1_000 })).status).toBe(200);
    expect((await save(cookie, 3, { savedAt: 2_000 })).status).toBe(200);
    // A repeat (the outbox sending twice, a second device) changes nothing.
    const again = await save(cookie, 1, { savedAt: 5_000 });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ agentId: 1, saved: true });

    const saved = await list(cookie);
    expect(saved.map((s) => [s.agentId, s.savedAt, s.agent.name])).toEqual([
      [3, 2_000, 'ContractSentry'],
      [1, 1_000, 'LeadScout Pro'],
    ]);
    expect(saved[1]!.agent).toMatchObject({
      id: 1,
      creditCost: 7,
      averageRating: 4.5,
      businessDepartment: expect.anything(),
    });

    expect((await unsave(cookie, 1)).status).toBe(200);
    // Removing what is not saved is not an error either.
    expect(await (await unsave(cookie, 1)).json()).toEqual({ agentId: 1, saved: false });
    expect((await list(cookie)).map((s) => s.agentId)).toEqual([3]);
  });

  it('never stores a save time in the future, and takes now when none is given', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const before = Date.now();
    await save(cookie, 2, { savedAt: Date.now() + 86_400_000 });
    await save(cookie, 3);
    for (const entry of await list(cookie)) {
      expect(entry.savedAt).toBeGreaterThanOrEqual(before);
      expect(entry.savedAt).toBeLessThanOrEqual(Date.now());
    }
  });

  it('keeps each person’s list apart', async () => {
    const a = await signIn((await createUser()).id);
    const b = await signIn((await createUser()).id);
    await save(a, 2);
    expect(await list(b)).toEqual([]);
    await unsave(b, 2);
    expect((await list(a)).map((s) => s.agentId)).toEqual([2]);
  });

  it('answers bad input with a clear message, never a 5xx', async () => {
    const cookie = await signIn((await createUser()).id);
    for (const body of [{ savedAt: 'yesterday' }, { savedAt: -1 }, { savedAt: 1.5 }]) {
      const res = await save(cookie, 1, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await error(res)).toBe(SAVED_TIME_MESSAGE);
    }
    const notObject = await call('/api/saved/1', { method: 'PUT', json: [1], cookie });
    expect(notObject.status).toBe(400);
  });

  it('answers 404 for an agent that does not exist or an id that is not one', async () => {
    const cookie = await signIn((await createUser()).id);
    for (const id of [999_999, 'abc', 0]) {
      const res = await save(cookie, id);
      expect(res.status, String(id)).toBe(404);
      expect(await error(res)).toBe(MESSAGES.agentNotFound);
    }
    expect((await unsave(cookie, 'abc')).status).toBe(404);
  });

  it('refuses visitors (401) on every route', async () => {
    expect((await call('/api/saved')).status).toBe(401);
    expect((await save('', 1)).status).toBe(401);
    expect((await unsave('', 1)).status).toBe(401);
  });

  it('drops a save when its agent is deleted', async () => {
    const cookie = await signIn((await createUser()).id);
    await insertAgents({ id: 40, name: 'Short Lived', description: 'Saved, then deleted by its creator.' });
    await save(cookie, 40);
    await db().prepare('DELETE FROM agents WHERE id = 40').run();
    expect(await list(cookie)).toEqual([]);
  });
});

describe('POST /api/ratings with an Idempotency-Key (the outbox)', () => {
  it('stores a review sent twice with one key once, and the repeat gets the first answer', async () => {
    // Reviews need a confirmed address (docs/decisions/0025).
    const user = await createUser({ verified: true });
    const cookie = await signIn(user.id);
    const send = () =>
      client(cookie, { 'Idempotency-Key': 'review-key-0001' }).ratings.$post({
        json: { agentId: 2, rating: 3, comment: 'Written in a tunnel' },
      });
    const first = await send();
    expect(first.status).toBe(201);
    const second = await send();
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await untypedBody.review(second)).id).toBe((await untypedBody.review(first)).id);
    expect(await countOf('SELECT count(*) AS n FROM ratings WHERE user_id = ? AND agent_id = 2', user.id)).toBe(1);
  });

  it('answers a review of a deleted agent with 404 and its message (shown by the outbox, never dropped)', async () => {
    const cookie = await signIn((await createUser({ verified: true })).id);
    const res = await call('/api/ratings', {
      json: { agentId: 999_998, rating: 4 },
      cookie,
      headers: { 'Idempotency-Key': 'review-key-0002' },
    });
    expect(res.status).toBe(404);
    expect(await error(res)).toBe(MESSAGES.agentNotFound);
  });
});

describe('catalogAgentsByIds (the agents /saved is drawn with)', () => {
  it('answers in the order asked, for more ids than one statement may bind, without unknown or hidden agents', async () => {
    await insertAgents({
      id: 45,
      name: 'Taken Down',
      description: 'Hidden by the moderators.',
      hidden_at: '2026-04-02T00:00:00.000Z',
    });
    // 500 ids, as many as a device keeps: only 3, 1, 2 exist and are visible.
    const ids = [3, ...Array.from({ length: 496 }, (_, i) => 100_000 + i), 45, 1, 2];
    expect((await catalogAgentsByIds(env, ids)).map((agent) => agent.id)).toEqual([3, 1, 2]);
    expect(await catalogAgentsByIds(env, [])).toEqual([]);
  });
});

describe('listSavedAgentIds (what a signed-in /saved is drawn with on a new device)', () => {
  it("answers one person's ids, newest save first, at most the limit", async () => {
    const [user, other] = [await createUser(), await createUser()];
    await db()
      .prepare(
        'INSERT INTO saved_agents (user_id, agent_id, saved_at) VALUES (?1, 1, 1000), (?1, 2, 3000), (?1, 3, 2000), (?2, 1, 5000)',
      )
      .bind(user.id, other.id)
      .run();
    expect(await listSavedAgentIds(env.DB, user.id, 48)).toEqual([2, 3, 1]);
    expect(await listSavedAgentIds(env.DB, user.id, 2)).toEqual([2, 3]);
    expect(await listSavedAgentIds(env.DB, other.id, 48)).toEqual([1]);
    expect(await listSavedAgentIds(env.DB, (await createUser()).id, 48)).toEqual([]);
  });
});
