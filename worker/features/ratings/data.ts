import type { D1Database } from '@cloudflare/workers-types';
import type { Rating } from '../../../common/types';

interface RatingRow {
  id: number;
  agent_id: number;
  user_id: number;
  rating: number;
  comment: string | null;
  created_at: string;
  username: string | null;
}

const RATING_SELECT = `SELECT r.id, r.agent_id, r.user_id, r.rating, r.comment, r.created_at, u.username
  FROM ratings r LEFT JOIN users u ON u.id = r.user_id`;

const toRating = (r: RatingRow): Rating => ({
  id: r.id,
  agentId: r.agent_id,
  userId: r.user_id,
  rating: r.rating,
  comment: r.comment,
  createdAt: r.created_at,
  user: r.username == null ? null : { username: r.username },
});

/** Newest first; a busy agent's list is capped (the count is on the agent). */
export async function listRatings(db: D1Database, agentId: number, limit = 200): Promise<Rating[]> {
  const { results } = await db
    .prepare(`${RATING_SELECT} WHERE r.agent_id = ? ORDER BY r.updated_at DESC, r.id DESC LIMIT ?`)
    .bind(agentId, limit)
    .all<RatingRow>();
  return results.map(toRating);
}

/**
 * One rating per user and agent (DESIGN decision 7): a second one replaces the first. The agent's
 * average and count follow in the same batch. Returns the rating and whether it was new, or null
 * when the agent does not exist (checked inside the batch, so a concurrent delete cannot slip in).
 */
export async function upsertRating(
  db: D1Database,
  input: { agentId: number; userId: number; rating: number; comment: string | null },
): Promise<{ rating: Rating; created: boolean } | null> {
  const [before, , , after] = await db.batch<RatingRow | { n: number }>([
    db.prepare('SELECT count(*) AS n FROM ratings WHERE agent_id = ? AND user_id = ?').bind(input.agentId, input.userId),
    // Written only while the agent exists; a deleted agent leaves nothing behind.
    db
      .prepare(
        `INSERT INTO ratings (agent_id, user_id, rating, comment)
         SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM agents WHERE id = ?1)
         ON CONFLICT (agent_id, user_id) DO UPDATE SET rating = excluded.rating, comment = excluded.comment,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .bind(input.agentId, input.userId, input.rating, input.comment),
    db
      .prepare(
        `UPDATE agents SET
           average_rating = coalesce((SELECT round(avg(rating), 2) FROM ratings WHERE agent_id = ?1), 0),
           vote_count = (SELECT count(*) FROM ratings WHERE agent_id = ?1)
         WHERE id = ?1`,
      )
      .bind(input.agentId),
    db.prepare(`${RATING_SELECT} WHERE r.agent_id = ? AND r.user_id = ?`).bind(input.agentId, input.userId),
  ]);
  const row = after?.results[0] as RatingRow | undefined;
  if (!row) return null;
  const existed = ((before?.results[0] as { n: number } | undefined)?.n ?? 0) > 0;
  return { rating: toRating(row), created: !existed };
}
