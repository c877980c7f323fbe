// The creator's console (docs/decisions/0043): GET /api/my-agents.
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#common/validation.ts';
import { recentUsageSince } from '#worker/lib/recent-usage.ts';
import { client, createUser, db, insertAgents, messageOf, okBody, seedCatalog, signIn } from '#worker/test/fixtures.ts';
import { myAgentsConsole } from './data';

beforeAll(seedCatalog);

const DAY = 86_400_000;
/** The quarter holding `ms`, as agent_activity names it. */
const quarter = (ms: number) => new Date(Math.floor(ms / 900_000) * 900_000).toISOString().slice(0, 16);

async function activity(agentId: number, at: string, tries: number, earningsCents: number) {
  await db()
    .prepare('INSERT INTO agent_activity (agent_id, quarter, tries, earnings_cents) VALUES (?, ?, ?, ?)')
    .bind(agentId, at, tries, earningsCents)
    .run();
}

let nextId = 500;
async function creatorWithAgents() {
  const user = await createUser();
  const [old, hidden, fresh] = [nextId++, nextId++, nextId++];
  await insertAgents(
    { id: old, name: `Old ${old}`, creator_id: user.id, created_at: '2026-01-01T00:00:00.000Z', vote_count: 4 },
    {
      id: hidden,
      name: `Hidden ${hidden}`,
      creator_id: user.id,
      created_at: '2026-02-01T00:00:00.000Z',
      vote_count: 2,
      hidden_at: '2026-03-01T00:00:00.000Z',
    },
    { id: fresh, name: `Fresh ${fresh}`, creator_id: user.id, created_at: '2026-03-01T00:00:00.000Z' },
  );
  return { user, cookie: await signIn(user.id), old, hidden, fresh };
}

describe('GET /api/my-agents', () => {
  it("lists every agent of the caller, newest first, hidden ones marked, with the last 30 days' figures", async () => {
    const { cookie, old, hidden, fresh } = await creatorWithAgents();
    const now = Date.now();
    await activity(old, quarter(now - DAY), 5, 120);
    await activity(old, quarter(now - 10 * DAY), 2, 30);
    await activity(hidden, quarter(now - 29 * DAY), 1, 10);
    // Before the window: not counted.
    await activity(old, quarter(now - 31 * DAY), 100, 9999);
    // Another creator's agent: never in this console.
    await activity(1, quarter(now - DAY), 7, 70);

    const res = await client(cookie)['my-agents'].$get();
    expect(res.status).toBe(200);
    const body = await okBody(res);
    expect(body.agents.map((a) => a.id)).toEqual([fresh, hidden, old]);
    expect(body.agents.map((a) => [a.triesLast30Days, a.earningsLast30DaysCents])).toEqual([
      [0, 0],
      [1, 10],
      [7, 150],
    ]);
    expect(body.agents[1]).toMatchObject({ id: hidden, hiddenByModerators: true });
    expect(body.agents[0]!.hiddenByModerators).toBeUndefined();
    expect(body.totals).toEqual({
      agents: 3,
      listed: 2,
      hidden: 1,
      triesLast30Days: 8,
      earningsLast30DaysCents: 160,
      reviews: 6,
    });
  });

  it('counts from the quarter that held the moment 30 days ago, that quarter included', async () => {
    const { user, old } = await creatorWithAgents();
    const now = Date.UTC(2026, 10, 29, 17, 7);
    expect(recentUsageSince(now)).toBe('2026-10-30T17:00');
    await activity(old, '2026-10-30T16:45', 50, 500);
    await activity(old, '2026-10-30T17:00', 3, 30);
    await activity(old, '2026-11-29T17:00', 1, 10);
    const figures = await myAgentsConsole(db(), user.id, now);
    expect(figures.totals).toMatchObject({ triesLast30Days: 4, earningsLast30DaysCents: 40 });
  });

  it('answers an empty console to someone with no agents', async () => {
    const cookie = await signIn((await createUser()).id);
    expect(await okBody(await client(cookie)['my-agents'].$get())).toEqual({
      totals: { agents: 0, listed: 0, hidden: 0, triesLast30Days: 0, earningsLast30DaysCents: 0, reviews: 0 },
      agents: [],
    });
  });

  it('refuses a visitor', async () => {
    const res = await client()['my-agents'].$get();
    expect(res.status).toBe(401);
    expect(await messageOf(res)).toBe(MESSAGES.notSignedIn);
  });
});
