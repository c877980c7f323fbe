import { createScheduledController } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import worker from '#worker/index.ts';
import { client, createUser, db, insertAgents, okBody, seedCatalog } from '#worker/test/fixtures.ts';
import { refreshRecentTries, rollUpTries } from './usage';

beforeAll(seedCatalog);

const now = Date.UTC(2026, 10, 25, 6, 17);
const recentTries = async (id: number) =>
  (await db().prepare('SELECT recent_tries AS n, updated_at AS u FROM agents WHERE id = ?').bind(id).first<{
    n: number;
    u: string | null;
  }>())!;

async function activity(rows: [agentId: number, quarter: string, tries: number][]) {
  await db().batch(
    rows.map(([agentId, quarter, tries]) =>
      db()
        .prepare(
          `INSERT INTO agent_activity (agent_id, quarter, tries) VALUES (?, ?, ?)
           ON CONFLICT (agent_id, quarter) DO UPDATE SET tries = excluded.tries`,
        )
        .bind(agentId, quarter, tries),
    ),
  );
}

describe('cron: tries in the last 30 days on every agent', () => {
  it('counts the quarters since the one 30 days ago, and writes only the agents whose number changed', async () => {
    await insertAgents(
      { id: 40, name: 'Busy', updated_at: '2026-01-01T00:00:00.000Z' },
      { id: 41, name: 'Quiet now', recent_tries: 9, updated_at: '2026-01-01T00:00:00.000Z' },
      { id: 42, name: 'Steady', recent_tries: 4 },
      { id: 43, name: 'Never tried' },
    );
    await activity([
      // The window starts at the quarter holding 2026-10-26T06:17: 06:15.
      [40, '2026-10-26T06:00', 100],
      [40, '2026-10-26T06:15', 3],
      [40, '2026-11-25T06:15', 2],
      [41, '2026-10-01T00:00', 9],
      [42, '2026-11-20T12:30', 4],
    ]);

    const lines: string[] = [];
    vi.spyOn(console, 'info').mockImplementation((line: string) => void lines.push(line));
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(now), cron: '17 * * * *' }), env);
    vi.restoreAllMocks();

    expect((await recentTries(40)).n).toBe(5);
    // Its tries left the window: back to none.
    expect((await recentTries(41)).n).toBe(0);
    expect((await recentTries(42)).n).toBe(4);
    expect((await recentTries(43)).n).toBe(0);
    // Not an edit: the agent keeps its updated time.
    expect((await recentTries(40)).u).toBe('2026-01-01T00:00:00.000Z');
    expect(lines.map((l) => JSON.parse(l))).toContainEqual(
      expect.objectContaining({ msg: 'recent tries', cron: '17 * * * *', changed: 2 }),
    );
    // What cards and pages answer.
    const busy = await okBody(await client().agents[':id'].$get({ param: { id: '40' } }));
    expect(busy.recentTries).toBe(5);

    // Nothing changed since: nothing written.
    expect(await refreshRecentTries(db(), now)).toBe(0);
    // A new try in the window is counted at the next run.
    await activity([[42, '2026-11-25T06:15', 1]]);
    expect(await refreshRecentTries(db(), now)).toBe(1);
    expect((await recentTries(42)).n).toBe(5);
  });

  it("rolls each closed quarter's tries into the agent's total once; a creator's page adds the quarters since", async () => {
    const creator = await createUser();
    await insertAgents({ id: 50, name: 'Rolled', creator_id: creator.id, tries_total: 7 });
    await db().prepare("UPDATE usage_rollup SET through_quarter = '2026-11-01T00:00' WHERE id = 1").run();
    await activity([
      [50, '2026-10-31T23:45', 100], // before the mark: already in the 7
      [50, '2026-11-10T00:00', 3], // closed since the mark
      [50, '2026-11-25T06:15', 2], // the quarter still open at 06:17
    ]);
    const total = async () =>
      (await db().prepare('SELECT tries_total AS n FROM agents WHERE id = 50').first<{ n: number }>())!.n;
    const page = async () =>
      (await okBody(await client().creators[':username'].$get({ param: { username: creator.username }, query: {} })))
        .totals.tries;
    // Before the roll-up the page adds every quarter since the mark: 7 + 3 + 2.
    expect(await page()).toBe(12);

    expect(await rollUpTries(db(), now)).toBeGreaterThanOrEqual(1);
    expect(await total()).toBe(10);
    const mark = await db()
      .prepare('SELECT through_quarter AS q FROM usage_rollup WHERE id = 1')
      .first<{ q: string }>();
    expect(mark!.q).toBe('2026-11-25T06:15');
    // The same number on the page, now mostly from the counter.
    expect(await page()).toBe(12);
    // Twice in the hour adds nothing twice; an earlier clock never moves the mark back.
    expect(await rollUpTries(db(), now)).toBe(0);
    expect(await rollUpTries(db(), now - 86_400_000)).toBe(0);
    expect(await total()).toBe(10);
    // Once the open quarter has closed, it is rolled up too.
    expect(await rollUpTries(db(), now + 15 * 60_000)).toBeGreaterThanOrEqual(1);
    expect(await total()).toBe(12);
    expect(await page()).toBe(12);
  });
});
