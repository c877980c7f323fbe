// Creators' public pages and follows (docs/product.md#creators-and-earnings, docs/decisions/0028). Everything here is
// public but whom a person follows; no query selects an email, a role or a balance.
import type { D1Database } from '@cloudflare/workers-types';
import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  CreatorPage,
  CreatorSort,
  CreatorTotals,
  FollowedCreator,
  FollowState,
  PublicProfile,
} from '#common/creators.ts';
import { PAGE_SIZE_MAX } from '#common/constants.ts';
import type { Agent } from '#common/types.ts';
import { usernameKey } from '#common/validation.ts';
import { orm } from '#worker/db/client.ts';
import { follows, users } from '#worker/db/schema.ts';
import {
  AGENT_SELECT,
  agentOrderSql,
  type AgentRowRaw,
  dampedAverage,
  listAgents,
  PRIOR_SQL,
  toAgent,
} from '#worker/features/agents/index.ts';

/** The columns anyone may see. */
const PUBLIC_COLUMNS = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  bio: users.bio,
  website: users.website,
  profilePicture: users.profilePicture,
  createdAt: users.createdAt,
} as const;

export async function publicProfileById(db: D1Database, id: number): Promise<PublicProfile | null> {
  const [row] = await orm(db).select(PUBLIC_COLUMNS).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** By username as people type it: any case, compatibility forms folded (common/validation.ts's key). */
export async function publicProfileByUsername(db: D1Database, username: string): Promise<PublicProfile | null> {
  const key = usernameKey(username);
  if (!key) return null;
  const [row] = await orm(db)
    .select(PUBLIC_COLUMNS)
    .from(users)
    .where(
      sql`${users.usernameKey} = ${key} OR (${users.usernameKey} IS NULL AND ${users.username} = ${username.trim()} COLLATE NOCASE)`,
    )
    .limit(1);
  return row ?? null;
}

export async function creatorTotals(db: D1Database, creatorId: number): Promise<CreatorTotals> {
  const row = await db
    .prepare(
      `SELECT
         (SELECT count(*) FROM agents WHERE creator_id = ?1 AND hidden_at IS NULL) AS agents,
         (SELECT coalesce(sum(vote_count), 0) FROM agents WHERE creator_id = ?1 AND hidden_at IS NULL) AS reviews,
         (SELECT sum(vote_count * average_rating) FROM agents WHERE creator_id = ?1 AND hidden_at IS NULL) AS stars,
         ${PRIOR_SQL} AS prior,
         (SELECT coalesce(sum(tries_total), 0) FROM agents WHERE creator_id = ?1 AND hidden_at IS NULL)
           + (SELECT coalesce(sum(v.tries), 0) FROM agents a JOIN agent_activity v ON v.agent_id = a.id
              WHERE a.creator_id = ?1 AND a.hidden_at IS NULL
                AND v.quarter >= (SELECT through_quarter FROM usage_rollup WHERE id = 1)) AS tries,
         (SELECT followers_count FROM users WHERE id = ?1) AS followers`,
    )
    .bind(creatorId)
    .first<{
      agents: number;
      reviews: number;
      stars: number | null;
      prior: number | null;
      tries: number;
      followers: number;
    }>();
  const reviews = row?.reviews ?? 0;
  // docs/decisions/0028: the creator's reviews damped towards the mean of all shown rated agents, as agents' are.
  // Agents hidden by moderators count nowhere (docs/decisions/0025).
  const rating = reviews > 0 ? Math.round(dampedAverage(row?.stars ?? 0, reviews, row?.prior ?? 0) * 100) / 100 : null;
  return { agents: row?.agents ?? 0, tries: row?.tries ?? 0, rating, reviews, followers: row?.followers ?? 0 };
}

/** A creator's page: profile, totals and agents (the first PAGE_SIZE_MAX in the sort asked for). */
export async function creatorPage(db: D1Database, username: string, sort: CreatorSort): Promise<CreatorPage | null> {
  const creator = await publicProfileByUsername(db, username);
  if (!creator) return null;
  const [totals, page] = await Promise.all([
    creatorTotals(db, creator.id),
    listAgents(db, { creatorId: creator.id, sort, limit: PAGE_SIZE_MAX }),
  ]);
  return { creator, totals, agents: page.agents };
}

/** How many follow a creator: the counter the follows' triggers keep (migration 0031), not a count of them. */
export async function followerCount(db: D1Database, creatorId: number): Promise<number> {
  const [row] = await orm(db).select({ n: users.followersCount }).from(users).where(eq(users.id, creatorId));
  return row?.n ?? 0;
}

/** Follows or stops following; doing it twice is the same as once. */
export async function setFollowing(
  db: D1Database,
  followerId: number,
  creatorId: number,
  following: boolean,
): Promise<FollowState> {
  if (following) await orm(db).insert(follows).values({ followerId, creatorId }).onConflictDoNothing().run();
  else
    await orm(db)
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.creatorId, creatorId)))
      .run();
  return { following, followers: await followerCount(db, creatorId) };
}

export async function isFollowing(db: D1Database, followerId: number, creatorId: number): Promise<boolean> {
  const [row] = await orm(db)
    .select({ one: sql<number>`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.creatorId, creatorId)));
  return row !== undefined;
}

/** Whom a person follows, the newest first. */
export async function followedCreators(db: D1Database, followerId: number): Promise<FollowedCreator[]> {
  return orm(db)
    .select({ ...PUBLIC_COLUMNS, followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.creatorId))
    .where(eq(follows.followerId, followerId))
    .orderBy(desc(follows.createdAt))
    .limit(PAGE_SIZE_MAX);
}

/** The newest agents of the creators a person follows ('New from creators you follow' on the home page). */
export async function newFromFollowed(db: D1Database, followerId: number, limit: number): Promise<Agent[]> {
  const { results } = await db
    .prepare(
      `${AGENT_SELECT} WHERE a.creator_id IN (SELECT creator_id FROM follows WHERE follower_id = ?) AND a.hidden_at IS NULL ORDER BY ${agentOrderSql('newest')} LIMIT ?`,
    )
    .bind(followerId, limit)
    .all<AgentRowRaw>();
  return results.map(toAgent);
}
