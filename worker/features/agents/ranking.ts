// Every ordering of agents in one module (docs/decisions/0025): browse sorts, search sorts and
// relevance, suggestions, 'Top Performing' (the rating sort), provider mode's in-memory sort and the
// damped average creators' totals use. Each list sort holds its SQL and its comparator side by side,
// so the D1 path and the in-memory path cannot drift apart.
import type { SearchSort } from '#common/search.ts';
import type { Agent, AgentSort } from '#common/types.ts';

/** docs/product.md#reviews: 'Highest Rated' orders by a Bayesian average with this many prior votes. */
export const PRIOR_WEIGHT = 5;

/**
 * The prior: the mean rating of the shown agents that have any rating (unrated ones hold 0, no rating
 * at all). Read from the one row triggers keep (migration 0017), not summed per request.
 */
export const PRIOR_SQL =
  '(SELECT coalesce((SELECT rating_hundredths / 100.0 / rated_count FROM rating_prior WHERE id = 1 AND rated_count > 0), 0))';

/**
 * The prior every agent's stored score (agents.rank_score) was computed with: the prior of the last
 * refresh (migration 0028, docs/decisions/0050), so the rating sorts read an index, not every agent.
 */
export const SCORE_PRIOR_SQL = '(SELECT score_prior FROM rating_prior WHERE id = 1)';

/** The damped average in SQL; `prior` is an SQL expression (SCORE_PRIOR_SQL when the scores are refreshed). */
export const dampedSql = (table: string, prior: string) =>
  `((${table}vote_count * ${table}average_rating + ${PRIOR_WEIGHT} * ${prior}) / (${table}vote_count + ${PRIOR_WEIGHT}))`;

/** docs/product.md#constants: popular is rating times votes, votes counted as 1 when zero. */
export const popularitySql = (table: string) => `(${table}average_rating * MAX(${table}vote_count, 1))`;

type Ranked = Pick<Agent, 'id' | 'averageRating' | 'voteCount' | 'createdAt'>;

/** The damped average of `votes` ratings summing to `stars`: an agent's, or a creator's over all their agents. */
export const dampedAverage = (stars: number, votes: number, prior: number) =>
  (stars + PRIOR_WEIGHT * prior) / (votes + PRIOR_WEIGHT);
export const damped = (a: Pick<Agent, 'averageRating' | 'voteCount'>, prior: number) =>
  dampedAverage(a.voteCount * a.averageRating, a.voteCount, prior);
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

/** The rank columns of `agents` under the alias `table` (e.g. 'a.'): the damped average is stored, popularity computed. */
const agentColumn = (table: string) => (name: RankColumn) =>
  name === 'damped' ? `${table}rank_score` : name === 'popularity' ? popularitySql(table) : `${table}${name}`;

/** ORDER BY for a query over `agents` under the alias `table` (e.g. 'a.'). */
export const agentOrderSql = (sort: AgentSort, table = 'a.') => ORDERINGS[sort].sql(agentColumn(table));

/** Sorts a list held in memory (provider mode) exactly as the SQL does. */
export const sortAgents = <T extends Ranked>(agents: T[], sort: AgentSort, prior = priorOf(agents)): T[] =>
  [...agents].sort(ORDERINGS[sort].compare(prior));

/** The rank columns selected under their own names (agents under `table`), for an outer query to order by. */
export const rankColumnsSql = (table: string) =>
  `${table}rank_score AS damped, ${table}vote_count, ${table}created_at, ${popularitySql(table)} AS popularity`;

// ---------------------------------------------------------------------------------------------
// Full-text relevance (docs/decisions/0013-search.md, 0026-search-by-name-parts.md)

/**
 * bm25 weights by column: name, label, description, long_description, features, category,
 * department, creator, and the name's parts (docs/decisions/0026): a part weighs a little less than
 * a whole word of the name, which the parts column holds as well, so "Scout Desk" ranks above
 * "LeadScout" for 'scout' and both above a description that mentions scouting.
 */
export const SEARCH_BM25 = 'bm25(agents_fts, 10.0, 6.0, 3.0, 1.0, 2.0, 2.0, 2.0, 4.0, 8.0)';
/** The names-and-labels index's columns in order, with the same weights: for TITLE_BM25 and suggestions. */
const TITLE_COLUMNS = [
  ['name', 10],
  ['label', 6],
  ['parts', 8],
] as const;
/** SEARCH_BM25's for the names-and-labels index. */
export const TITLE_BM25 = `bm25(agents_title_fts, ${TITLE_COLUMNS.map(([, weight]) => weight.toFixed(1)).join(', ')})`;
/**
 * The words of a name, its label and its parts together, on average: 6.2 over a million generated
 * agents, 5.8 over the demo's.
 */
const TITLE_AVERAGE_WORDS = 6;

/**
 * A suggestion's matches, for suggestScoreSql, selected within a query of agents_title_fts: `f`,
 * the matches highlight() marks in each column times the column's weight, and `d`, the row's words
 * (a column's spaces, plus one when it holds anything).
 */
export const SUGGEST_MATCHES_SQL = `${TITLE_COLUMNS.map(
  ([column, weight], i) => `${weight} * (length(highlight(agents_title_fts, ${i}, char(1), '')) - length(${column}))`,
).join(' + ')} AS f, ${TITLE_COLUMNS.map(
  ([column]) => `(length(${column}) - length(replace(${column}, ' ', '')) + (${column} <> ''))`,
).join(' + ')} AS d`;

/**
 * A suggestion's relevance from SUGGEST_MATCHES_SQL's `f` and `d` for `words` words typed
 * (docs/decisions/0057): bm25's formula (k1 1.2, b 0.75, as FTS5's), lower is better, without its
 * IDF. FTS5's bm25 counts every agent holding each word typed before it scores the first row, a
 * scan of 164,000 entries for "le" at a million agents (5-8 ms, most of a suggestion's time); every
 * agent of a suggestion's pool holds every word typed, so that count only scaled the scores. bm25
 * sums a term a word; `f` counts the words' matches together, so each word is taken to hold an
 * equal share of them.
 */
export const suggestScoreSql = (words: number) =>
  `-(2.2 * f) / (f / ${words}.0 + 1.2 * (0.25 + 0.75 * d / ${TITLE_AVERAGE_WORDS}.0))`;

/** A search's ranked matches add how many words an agent matched and its bm25 to the rank columns. */
export type SearchRankColumn = RankColumn | 'hits' | 'score';

/** Equally good matches go to quality: search and suggestions break ties alike. */
const byQuality = (col: (name: RankColumn) => string) =>
  `${col('damped')} DESC, ${col('vote_count')} DESC, ${col('id')} ASC`;

/**
 * ORDER BY within a search's ranked matches, each column named by `col`. Relevance is words
 * matched, then bm25 rounded to two places (scores that differ only in the noise go to quality);
 * the list sorts are the same as browsing's.
 */
export const searchOrderSql = (sort: SearchSort, col: (name: SearchRankColumn) => string = (name) => name) =>
  sort === 'relevance'
    ? `${col('hits')} DESC, round(${col('score')}, 2) ASC, ${byQuality(col)}`
    : ORDERINGS[sort].sql(col);

/**
 * What suggestions order by, selected under their own names from `m` (the matches: exact, score)
 * and `a` (agents): the words as typed before their corrections, a name starting with what was typed
 * (the one `?`: its LIKE pattern), suggestScoreSql to a tenth (coarser than search, so quality
 * decides between equally good matches), quality.
 */
export const SUGGEST_RANK_COLUMNS_SQL = `m.exact AS exact, (lower(a.name) LIKE ? ESCAPE '\\') AS starts, round(m.score, 1) AS score, a.id AS id, a.rank_score AS damped, a.vote_count AS vote_count`;
/** ORDER BY of suggestions, over SUGGEST_RANK_COLUMNS_SQL. */
export const SUGGEST_ORDER_SQL = `exact DESC, starts DESC, score ASC, ${byQuality((name) => name)}`;
