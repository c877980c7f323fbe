import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PAGE_SIZE_MAX } from '#common/constants.ts';
import type { Agent, AgentSort, SessionUser } from '#common/types.ts';
import { orm } from '#worker/db/client.ts';
import { agents, categories, departments, users } from '#worker/db/schema.ts';
import { clampLimit } from '#worker/lib/http.ts';
import { AGENT_SELECT, toAgent, type AgentRowRaw } from './agent-row';
import { agentOrderSql } from './ranking';
import { searchAgents } from './search';

// The row shape lives in agent-row.ts: search.ts reads it too, and this file calls search.ts.
export { AGENT_SELECT, toAgent, type AgentRowRaw };

const SORT_ALIASES: Record<string, AgentSort> = {
  popular: 'popular',
  'most-popular': 'popular',
  newest: 'newest',
  rating: 'rating',
  'highest-rated': 'rating',
  reviews: 'reviews',
  votes: 'reviews',
  'most-reviewed': 'reviews',
  'most-votes': 'reviews',
};

/** Own keys only: `?sort=__proto__` or `constructor` must not reach Object.prototype (they answered 500). */
export const parseSort = (value: string | undefined): AgentSort | null => {
  const key = value?.toLowerCase();
  return key && Object.hasOwn(SORT_ALIASES, key) ? SORT_ALIASES[key]! : null;
};
/** Every sort name parseSort knows (any case), for the document's enum. */
export const SORT_NAMES = Object.keys(SORT_ALIASES);

export interface ListParams {
  q?: string | null;
  categoryId?: number | null;
  departmentId?: number | null;
  creatorId?: number | null;
  sort?: AgentSort | null;
  limit?: number;
  offset?: number;
  /** Search only: the words as typed, no spelling correction. */
  exact?: boolean;
  /** The creator's own list: their agents hidden by moderators too (marked). */
  includeHidden?: boolean;
}

export interface AgentPage {
  agents: Agent[];
  total: number;
  /** Search only (worker/features/agents/search.ts): the words searched instead of misspelt ones. */
  corrected?: string | null;
  /** Search only: results match any of the words, not all. */
  anyTerm?: boolean;
}

// Stays SQL: it shares AGENT_SELECT and its sort expressions with the FTS5 search (search.ts), which drizzle cannot carry.
export async function listAgents(db: D1Database, params: ListParams): Promise<AgentPage> {
  if (params.q != null && params.q.trim() !== '') return searchAgents(db, { ...params, q: params.q });
  const filters = filtersOf(params);
  // Hidden agents leave every public list (docs/decisions/0025).
  const where = [
    ...(params.includeHidden ? [] : ['a.hidden_at IS NULL']),
    ...filters.map(([column]) => `a.${column} = ?`),
  ];
  const binds = filters.map(([, value]) => value);
  const limit = clampLimit(params.limit, PAGE_SIZE_MAX, PAGE_SIZE_MAX);
  const offset = Math.max(params.offset ?? 0, 0);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';

  const order = agentOrderSql(params.sort ?? 'popular');
  // The page's ids first, from the order's index alone; only they are read whole and joined, so a
  // later page does not read every agent before it with its category, department and creator.
  const listStmt = db
    .prepare(
      `WITH page AS (SELECT a.id FROM agents a ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?)
       ${AGENT_SELECT} WHERE a.id IN (SELECT id FROM page) ORDER BY ${order}`,
    )
    .bind(...binds, limit, offset);
  // A creator's own list counts their agents (few, by agents_creator_id); the public lists sum the
  // counters migration 0027 keeps, since a count(*) reads every agent it counts (docs/capacity.md).
  const countStmt =
    params.creatorId || params.includeHidden
      ? db.prepare(`SELECT count(*) AS total FROM agents a ${whereSql}`).bind(...binds)
      : shownAgentTotal(db, filters);
  const [list, count] = await db.batch([listStmt, countStmt]);
  const rows = (list?.results ?? []) as AgentRowRaw[];
  const total = (count?.results?.[0] as { total: number } | undefined)?.total ?? 0;
  return { agents: rows.map(toAgent), total };
}

/** A list's equality filters, as (column, value), in one order for its page and its total. */
const filtersOf = (params: ListParams): [column: string, value: number][] =>
  (
    [
      ['category_id', params.categoryId],
      ['department_id', params.departmentId],
      ['creator_id', params.creatorId],
    ] as [string, number | null | undefined][]
  ).filter((filter): filter is [string, number] => Boolean(filter[1]));

/**
 * How many shown agents a public list's filters (a category, a department: shown_agent_counts has
 * no creator) select, from the counters migration 0027 keeps.
 */
const shownAgentTotal = (db: D1Database, filters: ReturnType<typeof filtersOf>) =>
  db
    .prepare(
      `SELECT coalesce(sum(n), 0) AS total FROM shown_agent_counts ${filters.length ? `WHERE ${filters.map(([column]) => `${column} = ?`).join(' AND ')}` : ''}`,
    )
    .bind(...filters.map(([, value]) => value));

/** AGENT_SELECT through drizzle, in the same row shape, so toAgent serves both. */
export const agentQuery = (d1: D1Database) =>
  orm(d1)
    .select({
      id: agents.id,
      hoa_id: agents.hoaId,
      name: agents.name,
      agent_code: agents.agentCode,
      slug: agents.slug,
      label: agents.label,
      description: agents.description,
      long_description: agents.longDescription,
      features: agents.features,
      video_url: agents.videoUrl,
      image_url: agents.imageUrl,
      thumbnail_url: agents.thumbnailUrl,
      external_url: agents.externalUrl,
      category_id: agents.categoryId,
      department_id: agents.departmentId,
      creator_id: agents.creatorId,
      average_rating: agents.averageRating,
      vote_count: agents.voteCount,
      view_count: agents.viewCount,
      is_featured: agents.isFeatured,
      is_trending: agents.isTrending,
      is_premium: agents.isPremium,
      credit_cost: agents.creditCost,
      credits: agents.credits,
      business_category: agents.businessCategory,
      business_department: agents.businessDepartment,
      category_name: categories.name,
      department_name: departments.name,
      creator_username: users.username,
      created_at: agents.createdAt,
      updated_at: agents.updatedAt,
      hidden_at: agents.hiddenAt,
      whats_new_at: agents.whatsNewAt,
      recent_tries: agents.recentTries,
      health_status: agents.healthStatus,
      health_since: agents.healthSince,
      health_checked_at: agents.healthCheckedAt,
    } satisfies Record<keyof AgentRowRaw, unknown>)
    .from(agents)
    .leftJoin(categories, eq(categories.id, agents.categoryId))
    .leftJoin(departments, eq(departments.id, agents.departmentId))
    .leftJoin(users, eq(users.id, agents.creatorId));

/**
 * The visible agents among these ids, in no order: one statement, the ids bound as one JSON array
 * (D1 binds at most 100 parameters to a statement; a device may keep 500 saved agents).
 */
export async function agentsByIds(db: D1Database, ids: readonly number[]): Promise<Agent[]> {
  const rows = await agentQuery(db).where(
    and(sql`${agents.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`, isNull(agents.hiddenAt)),
  );
  return rows.map(toAgent);
}

/** One agent; a hidden one only for its creator and the moderators (`viewer`), null for everyone else. */
export async function getAgent(
  db: D1Database,
  id: number,
  viewer?: Pick<SessionUser, 'id' | 'role'> | null,
): Promise<Agent | null> {
  const [row] = await agentQuery(db).where(eq(agents.id, id));
  if (!row) return null;
  if (row.hidden_at && !maySeeHidden(row.creator_id, viewer)) return null;
  return toAgent(row);
}

/** Who sees what moderators hid: its author and the moderators themselves. */
export const maySeeHidden = (authorId: number | null, viewer: Pick<SessionUser, 'id' | 'role'> | null | undefined) =>
  !!viewer && (viewer.id === authorId || viewer.role === 'staff' || viewer.role === 'admin');
