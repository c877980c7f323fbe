// A one-word search skips bm25 for a word half the catalogue has (docs/decisions/0052): the same
// order as bm25 gives it, and bm25 kept for a word that is not that common.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { refreshRankScores } from '#worker/features/maintenance/rank-scores.ts';
import { db, searchAgents as search, seedCatalog } from '#worker/test/fixtures.ts';
import { COMMON_SAMPLE, commonPhraseSql } from './search';

const FIRST = 5001;
const COUNT = 1200;
/** Low-rated, and says both words three times in a short text: bm25's favourite, quality's last. */
const EAGER = 6301;
/** The same for 'tally', which the newest agents all keep and a third of the catalogue does. */
const KEEPER = 6302;

beforeAll(async () => {
  await seedCatalog();
  // Every agent sorts paperwork; three in ten also find a gizmo. Ratings vary so quality has an order.
  await db().batch([
    db().prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${COUNT - 1})
       INSERT INTO agents (id, name, description, category_id, average_rating, vote_count)
       SELECT ${FIRST} + i, 'Crate ' || i,
         'Sorts the paperwork.' || CASE WHEN i % 10 < 3 THEN ' Finds a gizmo.' ELSE '' END
           || CASE WHEN i >= 800 THEN ' Keeps the tally.' ELSE '' END,
         1, 1 + i % 5, i % 40 FROM n`,
    ),
    db().prepare(
      `INSERT INTO agents (id, name, description, category_id, average_rating, vote_count)
       VALUES (${EAGER}, 'Crate eager', 'gizmo gizmo gizmo paperwork paperwork paperwork', 1, 1, 30)`,
    ),
    db().prepare(
      `INSERT INTO agents (id, name, description, category_id, average_rating, vote_count)
       VALUES (${KEEPER}, 'Crate keeper', 'tally tally tally', 1, 1, 30)`,
    ),
  ]);
  await refreshRankScores(db());
});

const common = async (table: 'agents_fts' | 'agents_title_fts', phrase: string) =>
  (await env.DB.prepare(`SELECT ${commonPhraseSql(table)} AS common`)
    .bind(phrase)
    .first<{ common: number }>())!.common === 1;

describe('a word half the catalogue has', () => {
  it('is told apart from the newest agents alone', async () => {
    expect(COMMON_SAMPLE).toBeLessThan(COUNT);
    expect(await common('agents_fts', '"paperwork"')).toBe(true);
    expect(await common('agents_title_fts', '"crate"')).toBe(true);
    // Three in ten of the sample, and a word nobody uses.
    expect(await common('agents_fts', '"gizmo"')).toBe(false);
    expect(await common('agents_fts', '"nothing"')).toBe(false);
  });

  it('orders its matches by quality, as bm25 does for such a word', async () => {
    // The index's first matches (its pool) in the sorts' tie-break order: damped rating, reviews, id.
    const { results } = await env.DB.prepare(
      `SELECT id FROM agents WHERE id IN (SELECT rowid FROM agents_fts WHERE agents_fts MATCH '"paperwork"' LIMIT 500)
       ORDER BY rank_score DESC, vote_count DESC, id ASC LIMIT 24`,
    ).all<{ id: number }>();
    const expected = results.map((r) => r.id);
    expect(expected).toHaveLength(24);
    for (const extra of ['', '&categoryId=1']) {
      const { hits } = await search('paperwork', `&limit=24${extra}`);
      expect(
        hits.map((h) => h.id),
        extra,
      ).toEqual(expected);
    }
  });

  it('is judged on the newest agents: one they all have goes by quality, though bm25 would weigh it', async () => {
    // 401 of 1,202 agents keep a tally, so bm25 gives the word a weight and puts the agent saying
    // it three times first; 398 of the newest 400 ids have it, so the search skips bm25.
    expect(await common('agents_fts', '"tally"')).toBe(true);
    const { results } = await env.DB.prepare(
      `SELECT a.id FROM agents a WHERE a.id IN (SELECT rowid FROM agents_fts WHERE agents_fts MATCH '"tally"')
       ORDER BY a.rank_score DESC, a.vote_count DESC, a.id ASC LIMIT 24`,
    ).all<{ id: number }>();
    const { hits, total } = await search('tally', '&limit=24');
    expect(total).toBe(401);
    expect(hits.map((h) => h.id)).toEqual(results.map((r) => r.id));
    expect(hits.map((h) => h.id)).not.toContain(KEEPER);
  });

  it('keeps bm25 for a word fewer have: saying it most ranks first, whatever the rating', async () => {
    for (const extra of ['', '&categoryId=1']) {
      const { names, total } = await search('gizmo', extra);
      expect(names[0], extra).toBe('Crate eager');
      expect(total).toBe(COUNT * 0.3 + 1);
    }
  });
});
