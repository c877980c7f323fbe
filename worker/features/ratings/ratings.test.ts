import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  callRaw,
  client,
  createUser as createAnyUser,
  db,
  untypedBody,
  messageOf as message,
  okBody,
  seedCatalog,
  signIn,
} from '#worker/test/fixtures.ts';
import { listRatings, upsertRating } from './data';

beforeAll(async () => {
  await seedCatalog();
  // Fresh agents without seeded aggregates, so the averages below are exact.
  await db()
    .prepare(
      `INSERT INTO agents (id, name, description, category_id) VALUES
       (10, 'Rated One', 'An agent for rating tests.', 1), (11, 'Rated Two', 'Another agent for rating tests.', 1),
       (12, 'Rated Three', 'A third agent for rating tests.', 2), (13, 'Unrated', 'Nobody has rated this one.', 2)`,
    )
    .run();
});

// Reviewers have confirmed their address (docs/product.md#reviews; reviews-trust.test.ts covers those who have not).
const createUser = (options: Parameters<typeof createAnyUser>[0] = {}) => createAnyUser({ verified: true, ...options });
const agent = async (id: number) => okBody(await client().agents[':id'].$get({ param: { id: String(id) } }));
// Raw bodies: the validation cases below send what the typed client would not.
const rate = async (userId: number, body: Record<string, unknown>) =>
  call('/api/ratings', { json: body, cookie: await signIn(userId) });

describe('POST /api/ratings', () => {
  it('creates (201) then updates (200) the one rating per user and agent, and the aggregates follow', async () => {
    const a = await createUser({ username: 'rater_a' });
    const b = await createUser({ username: 'rater_b' });
    const first = await rate(a.id, { agentId: 10, rating: 4, comment: '  Solid  ' });
    expect(first.status).toBe(201);
    const created = await untypedBody.review(first);
    expect(created).toEqual({
      id: expect.any(Number),
      agentId: 10,
      userId: a.id,
      rating: 4,
      comment: 'Solid',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.any(String),
      user: { username: 'rater_a' },
      triedIt: false,
      helpfulCount: 0,
      helpedByMe: false,
      reply: null,
    });
    expect(await agent(10)).toMatchObject({ averageRating: 4, voteCount: 1 });

    expect((await rate(b.id, { agentId: 10, userId: b.id, rating: 1 })).status).toBe(201);
    expect(await agent(10)).toMatchObject({ averageRating: 2.5, voteCount: 2 });

    const again = await rate(a.id, { agentId: '10', rating: '5', comment: 'Even better' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: created.id, rating: 5, comment: 'Even better' });
    expect(await agent(10)).toMatchObject({ averageRating: 3, voteCount: 2 });
    const rows = await db().prepare('SELECT count(*) AS n FROM ratings WHERE agent_id = 10').first<{ n: number }>();
    expect(rows!.n).toBe(2);
  });

  it('rounds the average to two decimals and counts votes', async () => {
    for (const rating of [5, 4, 4]) await rate((await createUser()).id, { agentId: 11, rating });
    expect(await agent(11)).toMatchObject({ averageRating: 4.33, voteCount: 3 });
    const row = await db().prepare('SELECT average_rating, vote_count FROM agents WHERE id = 11').first();
    expect(row).toEqual({ average_rating: 4.33, vote_count: 3 });
  });

  it('concurrent ratings by many users, and by one user, keep the aggregates exact', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => createUser()));
    const answers = await Promise.all(users.map(async (u, i) => rate(u.id, { agentId: 12, rating: (i % 5) + 1 })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(await agent(12)).toMatchObject({ averageRating: 3, voteCount: 10 });

    const cookie = await signIn(users[0]!.id);
    const repeats = await Promise.all(
      [5, 5, 5, 5].map((rating) => call('/api/ratings', { json: { agentId: 12, rating }, cookie })),
    );
    expect(repeats.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(await agent(12)).toMatchObject({ averageRating: 3.4, voteCount: 10 });
  });

  it('defaults the rating to 5, drops a blank comment, and accepts the caller’s own userId', async () => {
    const user = await createUser();
    const res = await rate(user.id, { agentId: 2, userId: user.id, comment: '   ' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ rating: 5, comment: null, userId: user.id });
  });

  it('answers each validation rule with its message, word for word', async () => {
    const cookie = await signIn((await createUser()).id);
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 5 }, 'Please choose an agent to review'],
      [{ agentId: 0, rating: 5 }, 'Please choose an agent to review'],
      [{ agentId: 'one', rating: 5 }, 'Please choose an agent to review'],
      [{ agentId: [1], rating: 5 }, 'Please choose an agent to review'],
      [{ agentId: 1, userId: 0, rating: 5 }, 'Invalid user id'],
      [{ agentId: 1, userId: 'me', rating: 5 }, 'Invalid user id'],
      [{ agentId: 1, comment: 'x'.repeat(2001) }, 'Comment must be less than 2000 characters'],
    ];
    for (const rating of [0, 6, -1, 3.5, 'five', '4.5', null, true, {}])
      cases.push([{ agentId: 1, rating }, 'Rating must be a whole number from 1 to 5']);
    for (const [body, expected] of cases) {
      const res = await call('/api/ratings', { json: body, cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json(), JSON.stringify(body)).toEqual({ message: expected, error: expected });
    }
  });

  it('401 for visitors (documented wording), 403 for someone else’s userId, 404 for unknown agents', async () => {
    const res = await call('/api/ratings', { json: { agentId: 1, rating: 5 } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      message: 'Please log in to submit a review',
      error: 'Please log in to submit a review',
    });
    const user = await createUser();
    const forbidden = await rate(user.id, { agentId: 1, userId: 1, rating: 5 });
    expect(forbidden.status).toBe(403);
    expect(await message(forbidden)).toBe('You do not have permission to do that');
    const missing = await rate(user.id, { agentId: 999, rating: 5 });
    expect(missing.status).toBe(404);
    expect(await message(missing)).toBe('Agent not found');
    expect(
      (await db().prepare('SELECT count(*) AS n FROM ratings WHERE user_id = ?').bind(user.id).first<{ n: number }>())!
        .n,
    ).toBe(0);
  });

  it('hostile input is stored as text or refused, never a 5xx', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const sneaky = "5'); DELETE FROM ratings; -- <img src=x onerror=alert(1)>";
    const stored = await call('/api/ratings', { json: { agentId: 1, rating: 3, comment: sneaky }, cookie });
    expect(stored.status).toBe(201);
    expect(await stored.json()).toMatchObject({ comment: sneaky });
    for (const body of [
      { agentId: 1e20, rating: 5 },
      { agentId: Number.MAX_SAFE_INTEGER, rating: 5 },
      { agentId: '9'.repeat(400), rating: 5 },
    ]) {
      const res = await call('/api/ratings', { json: body, cookie });
      expect([400, 404], JSON.stringify(body).slice(0, 40)).toContain(res.status);
    }
    for (const raw of ['[]', '"x"', '42', '{"agentId":1,', 'agentId=1&rating=5']) {
      const res = await callRaw('/api/ratings', raw, { cookie });
      expect(res.status, raw).toBe(400);
    }
    const huge = await call('/api/ratings', { json: { agentId: 1, rating: 5, comment: 'x'.repeat(100_000) }, cookie });
    expect(huge.status).toBe(413);
    expect((await listRatings(db(), 1, { limit: 50 })).items.filter((r) => r.userId === user.id)).toHaveLength(1);
  });
});

describe('GET /api/agents/:id/ratings', () => {
  it('lists newest first with the reviewer’s username; [] when none; 404 for unknown agents', async () => {
    const first = await createUser({ username: 'early_bird' });
    const second = await createUser({ username: 'late_comer' });
    await rate(first.id, { agentId: 3, rating: 2, comment: 'Meh' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await rate(second.id, { agentId: 3, rating: 5 });
    const res = await client().agents[':id'].ratings.$get({ param: { id: '3' }, query: {} });
    expect(res.status).toBe(200);
    const list = await okBody(res);
    expect(list.map((r) => [r.user?.username, r.rating, r.comment])).toEqual([
      ['late_comer', 5, null],
      ['early_bird', 2, 'Meh'],
    ]);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      agentId: 3,
      userId: second.id,
      rating: 5,
      comment: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      user: { username: 'late_comer' },
      triedIt: false,
      helpfulCount: 0,
      helpedByMe: false,
      reply: null,
    });
    expect(res.headers.get('X-Total-Count')).toBe('2');

    expect(await (await client().agents[':id'].ratings.$get({ param: { id: '13' }, query: {} })).json()).toEqual([]);
    for (const id of ['999', 'abc', '0', '99999999999999999999']) {
      const missing = await client().agents[':id'].ratings.$get({ param: { id }, query: {} });
      expect(missing.status, id).toBe(404);
      expect(await message(missing)).toBe('Agent not found');
    }
  });
});

describe('data functions', () => {
  it('upsertRating keeps one row per user and agent; null for an unknown agent', async () => {
    const u = await createUser();
    const once = await upsertRating(db(), { agentId: 2, userId: u.id, rating: 2, comment: null });
    const twice = await upsertRating(db(), { agentId: 2, userId: u.id, rating: 4, comment: 'changed' });
    expect([once?.created, twice?.created]).toEqual([true, false]);
    expect(twice?.rating).toMatchObject({ id: once?.rating.id, rating: 4, comment: 'changed' });
    expect((await listRatings(db(), 2, { limit: 50 })).items.filter((r) => r.userId === u.id)).toHaveLength(1);
    expect(await upsertRating(db(), { agentId: 4040, userId: u.id, rating: 3, comment: null })).toBeNull();
    expect(
      (await db().prepare('SELECT count(*) AS n FROM ratings WHERE agent_id = 4040').first<{ n: number }>())!.n,
    ).toBe(0);
  });
});
