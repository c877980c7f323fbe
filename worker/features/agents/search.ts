// Full-text search over the agents (docs/product.md#search, docs/decisions/0013-search.md):
// every text field, Porter stemming, all words first then any word, prefix on the last word,
// typo tolerance from the index's own vocabulary, synonyms from a table, ties broken by the damped
// rating (docs/decisions/0025; every order is in ranking.ts), matched words marked for highlighting.
// Every query does bounded work.
// Stays SQL (docs/decisions/0014): agents_fts and agents_fts_vocab are FTS5 virtual tables, which drizzle does not model.
import type { D1Database } from '@cloudflare/workers-types';
import { PAGE_SIZE_MAX } from '#common/constants.ts';
import { clampLimit } from '#worker/lib/http.ts';
import {
  SEARCH_RESULT_CAP,
  type HighlightSegment,
  type SearchHighlights,
  type SearchHit,
  type SearchSort,
} from '#common/search.ts';
import { AGENT_SELECT, toAgent, type AgentRowRaw } from './agent-row';
import { nameHighlight, parseMarked } from './name-parts';
import { rankColumnsSql, SEARCH_BM25, searchOrderSql, TITLE_BM25 } from './ranking';

/** Input beyond this is ignored (a 2,000-character paste costs no more than a sentence). */
const MAX_INPUT_CHARS = 2000;
const MAX_WORDS = 8;
const MAX_WORD_CHARS = 40;
/** Synonyms change rarely; each isolate reads them again after this long. */
const CACHE_MS = 5 * 60 * 1000;
const MARK_START = '\u0001';

export interface SearchParams {
  q: string;
  categoryId?: number | null;
  departmentId?: number | null;
  creatorId?: number | null;
  sort?: SearchSort | null;
  limit?: number;
  offset?: number;
  /** Search the words exactly as typed: no spelling correction. */
  exact?: boolean;
}

export interface SearchPage {
  agents: SearchHit[];
  total: number;
  /** The words searched instead when some were misspelt. */
  corrected: string | null;
  /** True when not every word matched together and the results match any of them. */
  anyTerm: boolean;
}

/** A query word, or a phrase the synonyms table knows, with the phrases that mean the same. */
interface Unit {
  words: string[];
  alternatives: string[][];
  prefix: boolean;
}

// ---------------------------------------------------------------------------------------------
// Query text

/** The words of any input (letters and digits only: no FTS5 operator, quote or column survives). */
export function queryWords(input: string): { words: string[]; lastComplete: boolean } {
  const text = input.slice(0, MAX_INPUT_CHARS).normalize('NFKC').toLowerCase();
  const all = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const words = all.slice(0, MAX_WORDS).map((w) => w.slice(0, MAX_WORD_CHARS));
  // The last word is still being typed unless something follows it (or it was cut off).
  const lastComplete =
    all.length > MAX_WORDS || /[^\p{L}\p{N}]$/u.test(text) || (all.at(-1)?.length ?? 0) > MAX_WORD_CHARS;
  return { words, lastComplete };
}

const stripMarks = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

function toUnits(words: string[], lastComplete: boolean, synonyms: Map<string, string[][]>): Unit[] {
  const units: Unit[] = [];
  for (let i = 0; i < words.length;) {
    let size = 1;
    for (const n of [3, 2]) {
      if (i + n <= words.length && synonyms.has(words.slice(i, i + n).join(' '))) {
        size = n;
        break;
      }
    }
    const phrase = words.slice(i, i + size);
    i += size;
    const last = i === words.length;
    units.push({
      words: phrase,
      alternatives: synonyms.get(phrase.join(' ')) ?? [],
      // A one-letter prefix would match a large part of the vocabulary for nothing.
      prefix: last && !lastComplete && (phrase.at(-1)?.length ?? 0) >= 2,
    });
  }
  return units;
}

export const phraseExpr = (words: string[], prefix: boolean) => `"${words.join(' ')}"${prefix ? '*' : ''}`;

function unitExpr(unit: Unit): string {
  const parts = [phraseExpr(unit.words, unit.prefix), ...unit.alternatives.map((a) => phraseExpr(a, false))];
  return parts.length > 1 ? `(${parts.join(' OR ')})` : parts[0]!;
}

export const allTermsExpr = (units: Unit[]) => units.map(unitExpr).join(' AND ');
export const anyTermExpr = (units: Unit[]) => units.map(unitExpr).join(' OR ');

// ---------------------------------------------------------------------------------------------
// Per-isolate caches: the synonyms table and the category and
// department names suggestions offer (a few dozen rows, so a suggestion costs one D1 query).

interface TaxonomyName {
  kind: 'category' | 'department';
  id: number;
  name: string;
  /** The name lowercased once, for matching what is typed. */
  lower: string;
}

let cache: { at: number; synonyms: Map<string, string[][]>; taxonomy: TaxonomyName[] } | null = null;

export async function searchContext(db: D1Database) {
  if (cache && Date.now() - cache.at < CACHE_MS) return cache;
  const [synonymRows, taxonomyRows] = await db.batch([
    db.prepare('SELECT term, expansion FROM search_synonyms'),
    db.prepare(
      "SELECT 'category' AS kind, id, name FROM categories UNION ALL SELECT 'department' AS kind, id, name FROM departments ORDER BY kind, name",
    ),
  ]);
  const synonyms = new Map<string, string[][]>();
  for (const row of (synonymRows?.results ?? []) as { term: string; expansion: string }[]) {
    const term = queryWords(row.term).words.join(' ');
    const expansion = queryWords(row.expansion).words;
    if (!term || expansion.length === 0) continue;
    synonyms.set(term, [...(synonyms.get(term) ?? []), expansion]);
  }
  const taxonomy = ((taxonomyRows?.results ?? []) as Omit<TaxonomyName, 'lower'>[]).map((row) => ({
    ...row,
    lower: row.name.toLowerCase(),
  }));
  cache = { at: Date.now(), synonyms, taxonomy };
  return cache;
}

// ---------------------------------------------------------------------------------------------
// Ranked search

interface Filters {
  sql: string;
  binds: number[];
}

function filtersOf(params: SearchParams): Filters {
  // Hidden agents are not in the indexes (migration 0015) and r below checks again, so without a
  // filter the index rows are never joined to agents: reading a wide agents row per match was a
  // third of a common part-of-names search's time (docs/decisions/0026).
  const where: string[] = [];
  const binds: number[] = [];
  for (const [column, value] of [
    ['category_id', params.categoryId],
    ['department_id', params.departmentId],
    ['creator_id', params.creatorId],
  ] as const) {
    if (value) {
      where.push(`a.${column} = ?`);
      binds.push(value);
    }
  }
  return { sql: where.map((w) => ` AND ${w}`).join(''), binds };
}

interface RankedRow extends AgentRowRaw {
  total: number;
  marks: string | null;
}

/** How many of the newest agent ids a phrase is looked for in, to tell whether half the catalogue has it. */
export const COMMON_SAMPLE = 500;

/**
 * True (once per statement: the subquery is not correlated) when the phrase bound before the
 * table's own MATCH is in at least half of the newest COMMON_SAMPLE agent ids. bm25 weighs a
 * phrase by how rare it is, and FTS5 floors that weight at a millionth once half the indexed
 * agents have it, so for such a phrase every match's bm25 rounds to 0 and quality orders them
 * anyway. Working out that weight reads the phrase's whole list of agents: 23 ms of a 36 ms search
 * for a word in every one of a million agents (docs/decisions/0052). The sample reads at most half
 * of COMMON_SAMPLE entries of that list (D1 counts each as a row read); deleted and hidden ids
 * count as not having it, so an uncertain phrase keeps its bm25.
 */
export const commonPhraseSql = (table: 'agents_fts' | 'agents_title_fts') =>
  `(SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE ${table} MATCH ? AND rowid > (SELECT max(id) FROM agents) - ${COMMON_SAMPLE} LIMIT ${COMMON_SAMPLE / 2})) * 2 >= ${COMMON_SAMPLE}`;

/** D1 allows only a few SELECTs per compound statement: nest them two by two (binds keep their order). */
function unionAll(selects: string[]): string {
  if (selects.length <= 2) return selects.join(' UNION ALL ');
  const half = Math.ceil(selects.length / 2);
  return `SELECT * FROM (${unionAll(selects.slice(0, half))}) UNION ALL SELECT * FROM (${unionAll(selects.slice(half))})`;
}

/**
 * One statement: the matches, ranked, one page of them with the matched words marked, and how
 * many there were. Each source of matches is capped at SEARCH_RESULT_CAP rows of the index, so a
 * very common word costs a bounded amount; name and label matches come from their own small index
 * (agents_title_fts), so the best matches are always among those ranked.
 *  - all words: the agents matching every word (or a synonym of it); hits = the number of words.
 *  - any word: those, plus the agents matching each word on its own; hits = how many words an agent
 *    matched, score = its bm25 for all of them, else the sum of its bm25 per word.
 */
async function ranked(
  db: D1Database,
  units: Unit[],
  mode: 'all' | 'any',
  params: SearchParams,
): Promise<{ rows: RankedRow[]; total: number }> {
  const filters = filtersOf(params);
  const limit = clampLimit(params.limit, PAGE_SIZE_MAX, PAGE_SIZE_MAX);
  const offset = Math.max(params.offset ?? 0, 0);
  const from = (table: 'agents_fts' | 'agents_title_fts') =>
    filters.sql
      ? `FROM ${table} CROSS JOIN agents a ON a.id = ${table}.rowid WHERE ${table} MATCH ?${filters.sql}`
      : `FROM ${table} WHERE ${table} MATCH ?`;
  const sources: string[] = [];
  const sourceBinds: (string | number)[] = [];
  // A one-word search (one phrase, no synonym) may skip bm25 where it weighs nothing (see commonPhraseSql).
  const onePhrase = units.length === 1 && units[0]!.alternatives.length === 0;
  const addSource = (expr: string, unit: number) => {
    const score = (table: 'agents_fts' | 'agents_title_fts', bm25: string) =>
      onePhrase ? `CASE WHEN ${commonPhraseSql(table)} THEN 0 ELSE ${bm25} END` : bm25;
    sources.push(
      `SELECT * FROM (SELECT agents_fts.rowid AS id, ${score('agents_fts', SEARCH_BM25)} AS score, ${unit} AS unit ${from('agents_fts')} LIMIT ${SEARCH_RESULT_CAP})`,
      `SELECT * FROM (SELECT agents_title_fts.rowid AS id, ${score('agents_title_fts', TITLE_BM25)} AS score, ${unit} AS unit ${from('agents_title_fts')} LIMIT ${SEARCH_RESULT_CAP})`,
    );
    const check = onePhrase ? [expr] : [];
    sourceBinds.push(...check, expr, ...filters.binds, ...check, expr, ...filters.binds);
  };
  addSource(allTermsExpr(units), -1);
  if (mode === 'any') units.forEach((unit, i) => addSource(unitExpr(unit), i));
  const n = units.length;
  const sort = params.sort ?? 'relevance';
  const sql = `WITH s AS (${unionAll(sources)}),
    m AS (
      SELECT id,
        CASE WHEN max(unit = -1) THEN ${n} ELSE count(DISTINCT unit) END AS hits,
        CASE WHEN max(unit = -1) THEN min(CASE WHEN unit = -1 THEN score END) ELSE sum(score) END AS score
      FROM (SELECT id, unit, min(score) AS score FROM s GROUP BY id, unit) GROUP BY id
    ),
    r AS (
      SELECT m.id, m.score, m.hits, ${rankColumnsSql('a.')}
      FROM m JOIN agents a ON a.id = m.id AND a.hidden_at IS NULL
    ),
    p AS (SELECT * FROM r ORDER BY ${searchOrderSql(sort)} LIMIT ? OFFSET ?)
    SELECT x.*, (SELECT count(*) FROM m) AS total,
      (SELECT json_array(
        highlight(agents_fts, 0, char(1), char(2)),
        highlight(agents_fts, 1, char(1), char(2)),
        highlight(agents_fts, 2, char(1), char(2)),
        highlight(agents_fts, 8, char(1), char(2)))
       FROM agents_fts WHERE agents_fts MATCH ? AND rowid = p.id) AS marks
    FROM p JOIN (${AGENT_SELECT}) x ON x.id = p.id
    ORDER BY ${searchOrderSql(sort, (name) => `p.${name}`)}`;
  const binds = [...sourceBinds, limit, offset, anyTermExpr(units)];
  const rows =
    (
      await db
        .prepare(sql)
        .bind(...binds)
        .all<RankedRow>()
    ).results ?? [];
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    // Past the last page: still say how many there are.
    const count = await db
      .prepare(`WITH s AS (${unionAll(sources)}) SELECT count(DISTINCT id) AS total FROM s`)
      .bind(...sourceBinds)
      .first<{ total: number }>();
    total = count?.total ?? 0;
  }
  return { rows, total };
}

/** Splits FTS5 highlight() output into segments; null when the text itself held our markers. */
export function segments(marked: string, original: string): HighlightSegment[] | null {
  const out = parseMarked(marked);
  return out && out.map((s) => s.text).join('') === original ? out : null;
}

function highlightsOf(row: RankedRow): SearchHighlights | undefined {
  if (!row.marks) return undefined;
  let marks: unknown;
  try {
    marks = JSON.parse(row.marks);
  } catch {
    return undefined;
  }
  if (!Array.isArray(marks)) return undefined;
  const fields: [keyof SearchHighlights, string | null][] = [
    ['label', row.label],
    ['description', row.description],
  ];
  const highlights: SearchHighlights = {};
  const text = (i: number) =>
    typeof marks[i] === 'string' && marks[i].includes(MARK_START) ? (marks[i] as string) : null;
  // The name is marked where its own words or its parts (the last column) matched.
  const name = row.name == null ? null : nameHighlight(row.name, text(0), text(3));
  if (name) highlights.name = name;
  fields.forEach(([field, original], i) => {
    const marked = text(i + 1);
    if (marked == null || original == null) return;
    const parts = segments(marked, original);
    if (parts?.some((p) => p.match)) highlights[field] = parts;
  });
  return Object.keys(highlights).length ? highlights : undefined;
}

// ---------------------------------------------------------------------------------------------
// Typo tolerance

/** Edits allowed for a word of this length: one from 5 letters, two from 9. */
export const editsAllowed = (length: number) => (length >= 9 ? 2 : length >= 5 ? 1 : 0);

/** Optimal string alignment distance (Levenshtein plus swapping two neighbours), cut off at `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      row.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * How far a typed word is from an indexed term, in tenths of an edit. Terms are Porter stems
 * ("invoic", "review"): a word within the allowed edits of the term counts its edits; failing
 * that, the word may be the stem (within the edits) plus up to four letters of suffix the stem
 * dropped, which counts one edit more than that, plus a little a letter. So a closer whole word
 * wins over a short stem: "sentinal" is "sentinel", not "sent" with "inal" dropped.
 */
export function stemDistance(word: string, stem: string, max: number): number {
  const whole = editDistance(word, stem, max);
  let best = whole <= max ? whole * 10 : Infinity;
  for (let k = Math.max(1, stem.length - max); k < word.length; k++) {
    const suffix = word.length - k;
    // A stem shorter than 4 letters stands for a short word, not the start of a longer one: "scout"
    // is not "soc" (SOC 2) with "ut" dropped.
    if (suffix > 4 || stem.length < 4) continue;
    const d = editDistance(word.slice(0, k), stem, max);
    if (d <= max) best = Math.min(best, (d + 1) * 10 + suffix);
  }
  return best;
}

const nextChar = (c: string) => String.fromCodePoint(c.codePointAt(0)! + 1);

/**
 * Replaces words the index does not hold with the closest term it does (same first or second
 * letter, within the allowed edits, the most used on a tie). Null when nothing needed replacing.
 */
async function correct(db: D1Database, units: Unit[]): Promise<Unit[] | null> {
  const candidates = units.flatMap((u, i) =>
    u.words.length === 1 && editsAllowed(stripMarks(u.words[0]!).length) > 0 ? [i] : [],
  );
  if (candidates.length === 0) return null;
  const present = await db
    .prepare(
      `SELECT ${candidates.map(() => '(SELECT count(*) FROM (SELECT 1 FROM agents_fts WHERE agents_fts MATCH ? LIMIT 1))').join(', ')}`,
    )
    .bind(...candidates.map((i) => phraseExpr(units[i]!.words, units[i]!.prefix)))
    .raw<number[]>();
  const missing = candidates.filter((_, n) => !present[0]?.[n]);
  if (missing.length === 0) return null;

  const corrected = units.map((u) => ({ ...u, words: [...u.words] }));
  let changed = false;
  for (const i of missing) {
    const word = stripMarks(units[i]!.words[0]!);
    if (!/^\p{L}+$/u.test(word)) continue;
    const max = editsAllowed(word.length);
    const starts = [...new Set([word[0]!, word[1]!])];
    const rows = await db
      .prepare(
        starts.map(() => 'SELECT term, doc FROM agents_fts_vocab WHERE term >= ? AND term < ?').join(' UNION ALL '),
      )
      .bind(...starts.flatMap((s) => [s, nextChar(s)]))
      .all<{ term: string; doc: number }>();
    let best: { term: string; score: number; doc: number } | null = null;
    for (const { term, doc } of rows.results ?? []) {
      if (term.length < 3 || !/^\p{L}+$/u.test(term)) continue;
      const score = stemDistance(word, term, max);
      if (score === Infinity) continue;
      if (!best || score < best.score || (score === best.score && doc > best.doc)) best = { term, score, doc };
    }
    if (!best) continue;
    corrected[i]!.words = [await surfaceForm(db, best.term, word)];
    corrected[i]!.prefix = false;
    changed = true;
  }
  return changed ? corrected : null;
}

/**
 * The word as the catalogue writes it ("invoices" for the stem "invoic"), for 'Showing results
 * for …': of the words a few agents match the stem with, the one closest to what was typed.
 */
async function surfaceForm(db: D1Database, stem: string, typed: string): Promise<string> {
  const rows = await db
    .prepare(
      `SELECT json_array(highlight(agents_fts, 0, char(1), char(2)), highlight(agents_fts, 1, char(1), char(2)),
        highlight(agents_fts, 2, char(1), char(2)), highlight(agents_fts, 3, char(1), char(2)),
        highlight(agents_fts, 4, char(1), char(2)), highlight(agents_fts, 8, char(1), char(2))) AS marks
       FROM agents_fts WHERE agents_fts MATCH ? LIMIT 3`,
    )
    .bind(`"${stem}"`)
    .all<{ marks: string }>();
  let best: { word: string; distance: number } | null = null;
  for (const row of rows.results ?? []) {
    let fields: unknown;
    try {
      fields = JSON.parse(row.marks);
    } catch {
      continue;
    }
    for (const field of Array.isArray(fields) ? fields : []) {
      // eslint-disable-next-line no-control-regex -- the marks highlight() was asked for
      for (const found of String(field).matchAll(/\u0001([^\u0001\u0002]+)\u0002/gu)) {
        const word = queryWords(found[1]!).words[0];
        if (!word) continue;
        const distance = editDistance(word, typed, 8);
        if (!best || distance < best.distance) best = { word, distance };
      }
    }
  }
  return best?.word ?? stem;
}

// ---------------------------------------------------------------------------------------------

export async function searchAgents(db: D1Database, params: SearchParams): Promise<SearchPage> {
  const empty: SearchPage = { agents: [], total: 0, corrected: null, anyTerm: false };
  const { words, lastComplete } = queryWords(params.q);
  if (words.length === 0) return empty;
  const { synonyms } = await searchContext(db);
  let units = toUnits(words, lastComplete, synonyms);
  const limit = clampLimit(params.limit, PAGE_SIZE_MAX, PAGE_SIZE_MAX);

  // The last word as a whole word first: a prefix longer than the prefix index reads every term it
  // covers in full, so "teams"* over a catalogue where every agent says "teams" costs far more than
  // "teams". The prefix is tried when the whole word finds nothing (a word still being typed), and
  // used at once for words of up to 3 letters, which the prefix index answers cheaply.
  const last = units.at(-1)!;
  const wholeFirst = last.prefix && (last.words.at(-1)?.length ?? 0) > 3;
  const whole = wholeFirst ? [...units.slice(0, -1), { ...last, prefix: false }] : units;
  let result = await ranked(db, whole, 'all', params);
  if (wholeFirst && result.total === 0) result = await ranked(db, units, 'all', params);
  else units = whole;
  let corrected: string | null = null;
  let anyTerm = false;
  if (result.total === 0 && !params.exact) {
    const fixed = await correct(db, units);
    if (fixed) {
      units = fixed;
      corrected = fixed.map((u) => u.words.join(' ')).join(' ');
      result = await ranked(db, units, 'all', params);
    }
  }
  if (result.total < limit && units.length > 1) {
    const any = await ranked(db, units, 'any', params);
    if (any.total > result.total) {
      result = any;
      anyTerm = true;
    }
  }
  return {
    agents: result.rows.map((row) => {
      const highlights = highlightsOf(row);
      return highlights ? { ...toAgent(row), highlights } : toAgent(row);
    }),
    total: result.total,
    corrected,
    anyTerm,
  };
}
