// Every ordering of agents in one table (docs/decisions/0025): browse sorts, search sorts,
// 'Top Performing' (the rating sort) and provider mode's in-memory sort. Each entry holds its SQL and
// its comparator side by side, so the D1 path and the in-memory path cannot drift apart.
import type { Agent, AgentSort } from '#common/types.ts';

/** docs/product.md#reviews: 'Highest Rated' orders by a Bayesian average with this many prior votes. */
export const PRIOR_WEIGHT = 5;

/**
 * The prior: the mean rating of the shown agents that have any rating (unrated ones hold 0, no rating
 * at all). Read from the one row triggers keep (migration 0017), not summed per request.
 */
export const PRIOR_SQL = '(SELECT coalesce((SELECT rating_hundredths / 100.0 / rated_count FROM rating_prior WHERE id = 1 AND rated_count > 0), 0))';

/** The damped average in SQL; `prior` is an SQL expression (PRIOR_SQL, or a bound `?`). */
export const dampedSql = (table: string, prior: string = PRIOR_SQL) =>
  `((${table}vote_count * ${table}average_rating + ${PRIOR_WEIGHT} * ${prior}) / (${table}vote_count + ${PRIOR_WEIGHT}))`;

/** docs/product.md#constants: popular is rating times votes, votes counted as 1 when zero. */
export const popularitySql = (table: string) => `(${table}average_rating * MAX(${table}vote_count, 1))`;

type Ranked = Pick<Agent, 'id' | 'averageRating' | 'voteCount' | 'createdAt'>;

export const damped = (a: Pick<Agent, 'averageRating' | 'voteCount'>, prior: number) =>
  (a.voteCount * a.averageRating + PRIOR_WEIGHT * prior) / (a.voteCount + PRIOR_WEIGHT);
export const popularity = (a: Pick<Agent, 'averageRating' | 'voteCount'>) => a.averageRating * Math.max(a.voteCount, 1);

/** The prior of a list held in memory, as PRIOR_SQL computes it over the table. */
export function priorOf(agents: Pick<Agent, 'averageRating' | 'voteCount'>[]): number {
  const rated = agents.filter((a) => a.voteCount > 0);
  return rated.length ? rated.reduce((sum, a) => sum + a.averageRating, 0) / rated.length : 0;
}

/** The columns an ordering reads; each caller says how its query names them. */
export type RankColumn = 'id' | 'created_at' | 'vote_count' | 'damped' | 'popularity';

interface Ordering {
  /** ORDER BY terms. */
  sql: (col: (name: RankColumn) => string) => string;
  /** The same order in memory, given the prior of the damped average. */
  compare: (prior: number) => (a: Ranked, b: Ranked) => number;
}

const newer = (a: Ranked, b: Ranked) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);

export const ORDERINGS: Record<AgentSort, Ordering> = {
  popular: {
    sql: (col) => `${col('popularity')} DESC, ${col('id')} DESC`,
    compare: () => (a, b) => popularity(b) - popularity(a) || b.id - a.id,
  },
  newest: {
    sql: (col) => `${col('created_at')} DESC, ${col('id')} DESC`,
    compare: () => (a, b) => newer(a, b) || b.id - a.id,
  },
  rating: {
    sql: (col) => `${col('damped')} DESC, ${col('vote_count')} DESC, ${col('id')} DESC`,
    compare: (prior) => (a, b) => damped(b, prior) - damped(a, prior) || b.voteCount - a.voteCount || b.id - a.id,
  },
  reviews: {
    sql: (col) => `${col('vote_count')} DESC, ${col('damped')} DESC, ${col('id')} DESC`,
    compare: (prior) => (a, b) => b.voteCount - a.voteCount || damped(b, prior) - damped(a, prior) || b.id - a.id,
  },
};

/** ORDER BY for a query over `agents` under the alias `table` (e.g. 'a.'). */
export const agentOrderSql = (sort: AgentSort, table = 'a.') =>
  ORDERINGS[sort].sql((name) => (name === 'damped' ? dampedSql(table) : name === 'popularity' ? popularitySql(table) : `${table}${name}`));

/** Sorts a list held in memory (provider mode) exactly as the SQL does. */
export const sortAgents = <T extends Ranked>(agents: T[], sort: AgentSort, prior = priorOf(agents)): T[] => [...agents].sort(ORDERINGS[sort].compare(prior));
