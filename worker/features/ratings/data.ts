import type { D1Database } from '@cloudflare/workers-types';
import { and, avg, count, desc, eq, sql } from 'drizzle-orm';
import type { Rating } from '../../../common/types';
import { orm, type Db } from '../../db/client';
import { agents, now as NOW, ratings, users } from '../../db/schema';

const ratingSelect = (db: Db) =>
  db
    .select({
      id: ratings.id,
      agentId: ratings.agentId,
      userId: ratings.userId,
      rating: ratings.rating,
      comment: ratings.comment,
      createdAt: ratings.createdAt,
      username: users.username,
    })
    .from(ratings)
    .leftJoin(users, eq(users.id, ratings.userId));

type RatingJoined = Awaited<ReturnType<typeof ratingSelect>>[number];

const toRating = ({ username, ...r }: RatingJoined): Rating => ({ ...r, user: username == null ? null : { username } });

/** Newest first; a busy agent's list is capped (the count is on the agent). */
export async function listRatings(d1: D1Database, agentId: number, limit = 200): Promise<Rating[]> {
  const rows = await ratingSelect(orm(d1))
    .where(eq(ratings.agentId, agentId))
    .orderBy(desc(ratings.updatedAt), desc(ratings.id))
    .limit(limit);
  return rows.map(toRating);
}

/**
 * One rating per user and agent (DESIGN decision 7): a second one replaces the first. The agent's
 * average and count follow in the same batch. Returns the rating and whether it was new, or null
 * when the agent does not exist (checked inside the batch, so a concurrent delete cannot slip in).
 */
export async function upsertRating(
  d1: D1Database,
  input: { agentId: number; userId: number; rating: number; comment: string | null },
): Promise<{ rating: Rating; created: boolean } | null> {
  const db = orm(d1);
  const mine = and(eq(ratings.agentId, input.agentId), eq(ratings.userId, input.userId));
  const [before, , , after] = await db.batch([
    db.select({ n: count() }).from(ratings).where(mine),
    // Written only while the agent exists (selected from it): a deleted agent leaves nothing behind.
    db
      .insert(ratings)
      .select(
        db
          // insert … select names every column, in the table's order (drizzle checks it).
          .select({
            id: sql<number>`NULL`.as('id'),
            agentId: agents.id,
            userId: sql<number>`${input.userId}`.as('user_id'),
            rating: sql<number>`${input.rating}`.as('rating'),
            comment: sql<string | null>`${input.comment}`.as('comment'),
            createdAt: sql<string>`${NOW}`.as('created_at'),
            updatedAt: sql<string>`${NOW}`.as('updated_at'),
          })
          .from(agents)
          .where(eq(agents.id, input.agentId)),
      )
      .onConflictDoUpdate({
        target: [ratings.agentId, ratings.userId],
        set: { rating: sql`excluded.rating`, comment: sql`excluded.comment`, updatedAt: NOW },
      }),
    db
      .update(agents)
      .set({
        averageRating: sql`coalesce((${db.select({ v: sql`round(${avg(ratings.rating)}, 2)` }).from(ratings).where(eq(ratings.agentId, input.agentId))}), 0)`,
        voteCount: db.$count(ratings, eq(ratings.agentId, input.agentId)),
      })
      .where(eq(agents.id, input.agentId)),
    ratingSelect(db).where(mine),
  ]);
  const row = after[0];
  if (!row) return null;
  return { rating: toRating(row), created: (before[0]?.n ?? 0) === 0 };
}
