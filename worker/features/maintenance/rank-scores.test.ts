import { createScheduledController } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import worker from '#worker/index.ts';
import { PRIOR_SQL } from '#worker/features/agents/index.ts';
import { client, db, insertAgents, okBody, seedCatalog } from '#worker/test/fixtures.ts';
import { REFRESH_DRIFT, refreshRankScores } from './rank-scores';

beforeAll(async () => {
  await seedCatalog();
  await refreshRankScores(db());
});

const state = async () =>
  (await db()
    .prepare(
      `SELECT score_prior AS stored, scores_done_to AS doneTo, ${PRIOR_SQL} AS current FROM rating_prior WHERE id = 1`,
    )
    .first<{ stored: number; doneTo: number | null; current: number }>())!;
const scoreOf = async (id: number) =>
  (await db().prepare('SELECT rank_score AS s FROM agents WHERE id = ?').bind(id).first<{ s: number }>())!.s;
/** The damped average (weight 5) of an agent's stored rating under `prior`. */
const damped = (average: number, votes: number, prior: number) => (votes * average + 5 * prior) / (votes + 5);
const highestRated = async () =>
  (await okBody(await client().agents.$get({ query: { sort: 'rating', limit: '100' } }))).map((a) => a.id);

describe('cron: the stored damped averages follow the prior', () => {
  it('keeps the order of the last refresh until the hourly job rewrites every score under the prior that moved', async () => {
    const before = await state();
    expect(before.doneTo).toBeNull();
    expect(before.stored).toBeCloseTo(before.current, 9);
    // Twenty agents rated 1.0 by 30 people each pull the prior from 4.17 down to about 1.65.
    await insertAgents(
      ...Array.from({ length: 20 }, (_, i) => ({
        id: 100 + i,
        name: `Panned ${i}`,
        average_rating: 1,
        vote_count: 30,
      })),
      // Two agents the new prior swaps: a few votes at 4.6 (4.29 damped under 4.17, 2.49 under 1.65)
      // against many at 4.2 (4.20, then 3.78).
      { id: 130, name: 'Few but glowing', average_rating: 4.6, vote_count: 2 },
      { id: 131, name: 'Many and solid', average_rating: 4.2, vote_count: 25 },
    );
    const moved = await state();
    expect(moved.current).toBeLessThan(before.stored - REFRESH_DRIFT);
    // A new agent is scored at once, under the prior of the last refresh.
    expect(await scoreOf(130)).toBeCloseTo(damped(4.6, 2, before.stored), 9);
    let order = await highestRated();
    expect(order.indexOf(130)).toBeLessThan(order.indexOf(131));

    const lines: string[] = [];
    vi.spyOn(console, 'info').mockImplementation((line: string) => void lines.push(line));
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '17 * * * *' }), env);
    vi.restoreAllMocks();

    const after = await state();
    expect(after.stored).toBeCloseTo(moved.current, 9);
    expect(after.doneTo).toBeNull();
    const agents = await db().prepare('SELECT count(*) AS n FROM agents').first<{ n: number }>();
    expect(lines.map((l) => JSON.parse(l))).toContainEqual(
      expect.objectContaining({ msg: 'rank scores', cron: '17 * * * *', rewritten: agents!.n, pending: false }),
    );
    expect(await scoreOf(130)).toBeCloseTo(damped(4.6, 2, after.stored), 9);
    expect(await scoreOf(131)).toBeCloseTo(damped(4.2, 25, after.stored), 9);
    order = await highestRated();
    expect(order.indexOf(131)).toBeLessThan(order.indexOf(130));
    // Exactly the damped order under today's prior (docs/decisions/0025), every agent.
    const exact = await db()
      .prepare(
        `SELECT id FROM agents WHERE hidden_at IS NULL
         ORDER BY (vote_count * average_rating + 5 * ${PRIOR_SQL}) / (vote_count + 5) DESC, vote_count DESC, id DESC`,
      )
      .all<{ id: number }>();
    expect(order).toEqual(exact.results.map((r) => r.id));

    // Nothing moved since: nothing rewritten.
    expect(await refreshRankScores(db())).toEqual({ rewritten: 0, prior: after.stored, pending: false });
  });

  it('rescores an agent whose reviews change at once, and leaves a drift under half a hundredth for later', async () => {
    const { stored } = await state();
    // One more 5-star rating on LeadScout (ten at 4.5), as refreshAggregates writes it.
    const votes = 11;
    const average = Math.round(((4.5 * 10 + 5) / votes) * 100) / 100;
    await db().prepare('UPDATE agents SET vote_count = ?, average_rating = ? WHERE id = 1').bind(votes, average).run();
    expect(await scoreOf(1)).toBeCloseTo(damped(average, votes, stored), 9);

    const { current } = await state();
    expect(Math.abs(current - stored)).toBeGreaterThan(0);
    expect(Math.abs(current - stored)).toBeLessThan(REFRESH_DRIFT);
    expect((await refreshRankScores(db())).rewritten).toBe(0);
    expect((await state()).stored).toBe(stored);
  });

  it('a refresh cut short goes on where it stopped, hidden agents included, so a restored one is in place', async () => {
    await db().prepare('UPDATE agents SET hidden_at = CURRENT_TIMESTAMP WHERE id = 131').run();
    // Five more panned agents move the prior again.
    await insertAgents(
      ...Array.from({ length: 5 }, (_, i) => ({
        id: 140 + i,
        name: `Panned again ${i}`,
        average_rating: 1,
        vote_count: 50,
      })),
    );
    const { current, stored } = await state();
    expect(stored - current).toBeGreaterThan(REFRESH_DRIFT);

    const first = await refreshRankScores(db(), { chunk: 50, maxChunks: 1 });
    expect(first).toMatchObject({ pending: true, rewritten: 3 });
    expect((await state()).doneTo).toBe(50);
    // Agents 1-3 are under the new prior, the rest still under the old one.
    expect(await scoreOf(2)).toBeCloseTo(damped(5, 1, current), 9);
    expect(await scoreOf(119)).toBeCloseTo(damped(1, 30, stored), 9);

    // The next run finishes the rewrite without deciding again.
    const second = await refreshRankScores(db(), { chunk: 50 });
    expect(second.pending).toBe(false);
    expect(second.prior).toBeCloseTo(current, 9);
    expect((await state()).doneTo).toBeNull();
    expect(await scoreOf(119)).toBeCloseTo(damped(1, 30, current), 9);
    expect(await scoreOf(131)).toBeCloseTo(damped(4.2, 25, current), 9);
    await db().prepare('UPDATE agents SET hidden_at = NULL WHERE id = 131').run();
    const order = await highestRated();
    expect(order.indexOf(131)).toBeLessThan(order.indexOf(130));
  });
});
