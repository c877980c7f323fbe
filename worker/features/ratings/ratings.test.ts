import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent, Rating } from '../../../common/types';
import { call, createUser, seedCatalog, signIn } from '../../test/fixtures';
import { listRatings, upsertRating } from './data';
import { db } from '../../test/fixtures';

beforeAll(seedCatalog);

const agent = async (id: number) => (await (await call(`/api/agents/${id}`)).json()) as Agent;
const message = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('ratings', () => {
  it('one rating per user and agent: a second one updates the first, and the aggregates follow', async () => {
    const a = await createUser({ username: 'rater_a' });
    const b = await createUser({ username: 'rater_b' });
    const first = await call('/api/ratings', { json: { agentId: 3, rating: 4, comment: 'Solid' }, cookie: await signIn(a.id) });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ agentId: 3, userId: a.id, rating: 4, comment: 'Solid', user: { username: 'rater_a' } });
    expect(await agent(3)).toMatchObject({ averageRating: 4, voteCount: 1 });

    await call('/api/ratings', { json: { agentId: 3, userId: b.id, rating: 1 }, cookie: await signIn(b.id) });
    expect(await agent(3)).toMatchObject({ averageRating: 2.5, voteCount: 2 });

    const again = await call('/api/ratings', { json: { agentId: '3', rating: '5', comment: 'Even better' }, cookie: await signIn(a.id) });
    expect(again.status).toBe(200);
    expect(await agent(3)).toMatchObject({ averageRating: 3, voteCount: 2 });

    const list = (await (await call('/api/agents/3/ratings')).json()) as Rating[];
    expect(list.map((r) => [r.user?.username, r.rating])).toEqual([
      ['rater_a', 5],
      ['rater_b', 1],
    ]);
  });

  it('accepts 1-5 integers only, with the message', async () => {
    const cookie = await signIn((await createUser()).id);
    for (const rating of [0, 6, 3.5, 'five', null]) {
      const res = await call('/api/ratings', { json: { agentId: 1, rating }, cookie });
      expect(res.status, String(rating)).toBe(400);
      expect(await message(res)).toBe('Rating must be a whole number from 1 to 5');
    }
    const long = await call('/api/ratings', { json: { agentId: 1, rating: 5, comment: 'x'.repeat(2001) }, cookie });
    expect(await message(long)).toBe('Comment must be less than 2000 characters');
  });

  it('401 for visitors, 403 for someone else’s userId, 404 for unknown agents', async () => {
    const res = await call('/api/ratings', { json: { agentId: 1, rating: 5 } });
    expect(res.status).toBe(401);
    expect(await message(res)).toBe('Please log in to submit a review');
    const user = await createUser();
    const cookie = await signIn(user.id);
    expect((await call('/api/ratings', { json: { agentId: 1, userId: 1, rating: 5 }, cookie })).status).toBe(403);
    expect((await call('/api/ratings', { json: { agentId: 999, rating: 5 }, cookie })).status).toBe(404);
    expect((await call('/api/agents/999/ratings')).status).toBe(404);
  });

  it('data functions: upsert keeps one row and lists newest first', async () => {
    const u = await createUser();
    const once = await upsertRating(db(), { agentId: 2, userId: u.id, rating: 2, comment: null });
    const twice = await upsertRating(db(), { agentId: 2, userId: u.id, rating: 4, comment: 'changed' });
    expect([once.created, twice.created]).toEqual([true, false]);
    expect(twice.rating.id).toBe(once.rating.id);
    expect((await listRatings(db(), 2)).filter((r) => r.userId === u.id)).toHaveLength(1);
  });
});
