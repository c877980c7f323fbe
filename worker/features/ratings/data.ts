// Reviews (docs/product.md#reviews and docs/product.md#reviews, docs/decisions/0025): one per person and agent, edited and
// deleted in the open, 'Tried it' from the ledger, the creator's reply, helpful marks, and hidden
// reviews that leave every list and count. The agent's average and count follow every change in the
// same D1 batch.
// Reads stay SQL: the per-review sub-queries (ledger, helpful marks, reply) read more plainly so.
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import type { Rating, RatingSummary, ReviewSort } from '#common/types.ts';
import { clampLimit } from '#worker/lib/http.ts';

/** The migrations' timestamp default. */
const NOW_SQL = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** Reviews per page by default and at most. */
export const REVIEW_PAGE = 10;
export const REVIEW_PAGE_MAX = 50;

/**
 * 'Tried it': the author's ledger holds a paid try of this agent (a debit, so not a creator's free
 * try, and never a refused one, which writes no row) that was not refunded (a refund is the 'refund'
 * row POST /api/admin/refunds writes; worker/domain/credits/ledger.ts, docs/decisions/0025 and 0029).
 * Counted per person and agent by the ledger's triggers (migration 0030): one row, whatever the
 * author's history.
 */
const TRIED_IT = `EXISTS (
  SELECT 1 FROM agent_people p WHERE p.user_id = r.user_id AND p.agent_id = r.agent_id AND p.paid_tries > 0
)`;

/** Every column a Rating is made of; binds one value: the viewer's id (0 for visitors). */
const RATING_SELECT = `SELECT r.id, r.agent_id, r.user_id, r.rating, r.comment, r.created_at, r.updated_at, r.hidden_at,
    u.username, ${TRIED_IT} AS tried_it, r.helpful_count,
    EXISTS (SELECT 1 FROM review_helpful m WHERE m.rating_id = r.id AND m.user_id = ?) AS helped_by_me,
    rr.body AS reply_body, rr.created_at AS reply_created_at, rr.updated_at AS reply_updated_at, ru.username AS reply_username
  FROM ratings r
  LEFT JOIN users u ON u.id = r.user_id
  LEFT JOIN review_replies rr ON rr.rating_id = r.id
  LEFT JOIN users ru ON ru.id = rr.user_id`;

interface RatingRow {
  id: number;
  agent_id: number;
  user_id: number;
  rating: number;
  comment: string | null;
  created_at: string;
  updated_at: string;
  hidden_at: string | null;
  username: string | null;
  tried_it: number;
  helpful_count: number;
  helped_by_me: number;
  reply_body: string | null;
  reply_created_at: string | null;
  reply_updated_at: string | null;
  reply_username: string | null;
}

const toRating = (row: RatingRow): Rating => ({
  id: row.id,
  agentId: row.agent_id,
  userId: row.user_id,
  rating: row.rating,
  comment: row.comment,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  user: row.username == null ? null : { username: row.username },
  triedIt: row.tried_it === 1,
  helpfulCount: row.helpful_count,
  helpedByMe: row.helped_by_me === 1,
  reply:
    row.reply_body == null
      ? null
      : {
          body: row.reply_body,
          createdAt: row.reply_created_at!,
          updatedAt: row.reply_updated_at!,
          user: row.reply_username == null ? null : { username: row.reply_username },
        },
  ...(row.hidden_at ? { hiddenByModerators: true as const } : {}),
});

const REVIEW_ORDER: Record<ReviewSort, string> = {
  // Each order is an index of migration 0027 (ratings_agent_<sort>), so a page walks its own rows only.
  // Helpful first; among equally helpful ones, those that say something, then the newest.
  helpful: `r.helpful_count DESC, (r.comment IS NOT NULL) DESC, r.updated_at DESC, r.id DESC`,
  newest: 'r.updated_at DESC, r.id DESC',
  highest: 'r.rating DESC, r.updated_at DESC, r.id DESC',
  lowest: 'r.rating ASC, r.updated_at DESC, r.id DESC',
};

export interface ReviewPageParams {
  sort?: ReviewSort;
  limit?: number;
  offset?: number;
  /** The signed-in caller, for helpedByMe. */
  viewerId?: number | null;
}

/** One page of an agent's shown reviews and how many there are. */
export async function listRatings(
  d1: D1Database,
  agentId: number,
  params: ReviewPageParams = {},
): Promise<{ items: Rating[]; total: number }> {
  const limit = clampLimit(params.limit, REVIEW_PAGE, REVIEW_PAGE_MAX);
  const offset = Math.max(params.offset ?? 0, 0);
  const [list, total] = await d1.batch([
    d1
      .prepare(
        `${RATING_SELECT} WHERE r.agent_id = ? AND r.hidden_at IS NULL ORDER BY ${REVIEW_ORDER[params.sort ?? 'newest']} LIMIT ? OFFSET ?`,
      )
      .bind(params.viewerId ?? 0, agentId, limit, offset),
    shownReviewTotal(d1, agentId),
  ]);
  return {
    items: ((list?.results ?? []) as RatingRow[]).map(toRating),
    total: (total?.results?.[0] as { n: number } | undefined)?.n ?? 0,
  };
}

/** One review by id, hidden or not (callers decide who may see a hidden one). */
export async function getRating(d1: D1Database, id: number, viewerId: number | null = null): Promise<Rating | null> {
  const row = await d1
    .prepare(`${RATING_SELECT} WHERE r.id = ?`)
    .bind(viewerId ?? 0, id)
    .first<RatingRow>();
  return row ? toRating(row) : null;
}

/** The histogram of the shown reviews, and the viewer's own review (hidden or not). */
export async function ratingSummary(d1: D1Database, agentId: number, viewerId: number | null): Promise<RatingSummary> {
  const [stars, mine] = await d1.batch([
    d1.prepare('SELECT rating, n FROM agent_star_counts WHERE agent_id = ?').bind(agentId),
    d1.prepare(`${RATING_SELECT} WHERE r.agent_id = ? AND r.user_id = ?`).bind(viewerId ?? 0, agentId, viewerId ?? 0),
  ]);
  const counts: RatingSummary['counts'] = [0, 0, 0, 0, 0];
  for (const row of (stars?.results ?? []) as { rating: number; n: number }[]) counts[row.rating - 1] = row.n;
  const total = counts.reduce((a, b) => a + b, 0);
  const average = total ? Math.round((counts.reduce((sum, n, i) => sum + n * (i + 1), 0) / total) * 100) / 100 : 0;
  const own = (mine?.results?.[0] as RatingRow | undefined) ?? null;
  return { total, average, counts, mine: viewerId && own ? toRating(own) : null };
}

/** How many shown reviews an agent has: five counters (migration 0027), not a count of its reviews. */
const shownReviewTotal = (d1: D1Database, agentId: number) =>
  d1.prepare('SELECT coalesce(sum(n), 0) AS n FROM agent_star_counts WHERE agent_id = ?').bind(agentId);

/**
 * The agent's average and count over its shown reviews, from the star counters the ratings'
 * triggers keep (migration 0027): one statement for every batch that changes them, after the change.
 */
export const refreshAggregates = (d1: D1Database, agentId: number): D1PreparedStatement =>
  d1
    .prepare(
      `UPDATE agents SET
         average_rating = coalesce((SELECT round(sum(rating * n) * 1.0 / sum(n), 2) FROM agent_star_counts WHERE agent_id = ?1), 0),
         vote_count = coalesce((SELECT sum(n) FROM agent_star_counts WHERE agent_id = ?1), 0)
       WHERE id = ?1`,
    )
    .bind(agentId);

/**
 * One rating per user and agent (docs/product.md#reviews): a second one edits the first. The agent's
 * average and count follow in the same batch. Returns the rating and whether it was new, or null
 * when the agent does not exist (checked inside the batch, so a concurrent delete cannot slip in).
 */
export async function upsertRating(
  d1: D1Database,
  input: { agentId: number; userId: number; rating: number; comment: string | null },
): Promise<{ rating: Rating; created: boolean } | null> {
  const [before] = await d1.batch([
    d1
      .prepare('SELECT count(*) AS n FROM ratings WHERE agent_id = ? AND user_id = ?')
      .bind(input.agentId, input.userId),
    // Written only while the agent exists (selected from it): a deleted agent leaves nothing behind.
    // An edit keeps a moderator's decision: a hidden review stays hidden.
    d1
      .prepare(
        `INSERT INTO ratings (agent_id, user_id, rating, comment) SELECT id, ?, ?, ? FROM agents WHERE id = ?
         ON CONFLICT (agent_id, user_id) DO UPDATE SET rating = excluded.rating, comment = excluded.comment, updated_at = ${NOW_SQL}`,
      )
      .bind(input.userId, input.rating, input.comment, input.agentId),
    refreshAggregates(d1, input.agentId),
  ]);
  const row = await d1
    .prepare(`${RATING_SELECT} WHERE r.agent_id = ? AND r.user_id = ?`)
    .bind(input.userId, input.agentId, input.userId)
    .first<RatingRow>();
  if (!row) return null;
  return { rating: toRating(row), created: ((before?.results?.[0] as { n: number } | undefined)?.n ?? 0) === 0 };
}

/** Deletes the author's own review (its reply and helpful marks go with it); false when there was none. */
export async function deleteRating(d1: D1Database, id: number, agentId: number, userId: number): Promise<boolean> {
  const [deleted] = await d1.batch([
    d1.prepare('DELETE FROM ratings WHERE id = ? AND user_id = ? RETURNING id').bind(id, userId),
    // Reports of a deleted review have nothing left to moderate.
    d1
      .prepare(
        "DELETE FROM reports WHERE item_type = 'review' AND item_id = ? AND NOT EXISTS (SELECT 1 FROM ratings WHERE id = ?)",
      )
      .bind(id, id),
    refreshAggregates(d1, agentId),
  ]);
  return (deleted?.results?.length ?? 0) > 0;
}

/** Who a review is by and which agent (with its creator) it is about; null when it does not exist. */
export async function reviewContext(d1: D1Database, id: number) {
  return d1
    .prepare(
      `SELECT r.id, r.user_id AS author_id, r.agent_id, r.hidden_at AS review_hidden_at, a.creator_id, a.hidden_at AS agent_hidden_at
       FROM ratings r JOIN agents a ON a.id = r.agent_id WHERE r.id = ?`,
    )
    .bind(id)
    .first<{
      id: number;
      author_id: number;
      agent_id: number;
      review_hidden_at: string | null;
      creator_id: number | null;
      agent_hidden_at: string | null;
    }>();
}

/** The creator's reply: written or replaced; true when it is new. */
export async function saveReply(d1: D1Database, ratingId: number, userId: number, body: string): Promise<boolean> {
  const [before] = await d1.batch([
    d1.prepare('SELECT count(*) AS n FROM review_replies WHERE rating_id = ?').bind(ratingId),
    d1
      .prepare(
        `INSERT INTO review_replies (rating_id, user_id, body) VALUES (?, ?, ?)
         ON CONFLICT (rating_id) DO UPDATE SET body = excluded.body, user_id = excluded.user_id, updated_at = ${NOW_SQL}`,
      )
      .bind(ratingId, userId, body),
  ]);
  return ((before?.results?.[0] as { n: number } | undefined)?.n ?? 0) === 0;
}

export async function deleteReply(d1: D1Database, ratingId: number): Promise<boolean> {
  const res = await d1.prepare('DELETE FROM review_replies WHERE rating_id = ?').bind(ratingId).run();
  return (res.meta.changes ?? 0) > 0;
}

/** Marks (or unmarks) a review helpful for one person: idempotent, so a double tap counts once. */
export async function setHelpful(
  d1: D1Database,
  ratingId: number,
  userId: number,
  helpful: boolean,
): Promise<{ helpfulCount: number; helpedByMe: boolean }> {
  const change = helpful
    ? d1
        .prepare('INSERT INTO review_helpful (rating_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING')
        .bind(ratingId, userId)
    : d1.prepare('DELETE FROM review_helpful WHERE rating_id = ? AND user_id = ?').bind(ratingId, userId);
  const [, counted] = await d1.batch([
    change,
    d1.prepare('SELECT count(*) AS n FROM review_helpful WHERE rating_id = ?').bind(ratingId),
  ]);
  return { helpfulCount: (counted?.results?.[0] as { n: number } | undefined)?.n ?? 0, helpedByMe: helpful };
}
