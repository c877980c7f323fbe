// Suggestions as you type (docs/decisions/0013-search.md, 0026-search-by-name-parts.md): agents
// whose name, a part of their name ("scout" of LeadScout) or label starts with the words typed,
// forgiving typos; then categories and departments. One D1 query a suggestion: the typo
// alternatives come from the names' vocabulary held in the isolate, the categories and departments
// from the search context, both read again every few minutes.
import type { D1Database } from '@cloudflare/workers-types';
import { SUGGEST_MAX, type Suggestion, type SuggestionHighlights } from '#common/search.ts';
import { markRange, nameHighlight, trimToTyped } from './name-parts';
import { SUGGEST_MATCHES_SQL, SUGGEST_ORDER_SQL, SUGGEST_RANK_COLUMNS_SQL, suggestScoreSql } from './ranking';
import { editDistance, editsAllowed, phraseExpr, queryWords, searchContext, segments, stemDistance } from './search';

/** Of the agents matching, the first this many (by id) are ranked: bounded work for a common prefix. */
const SUGGEST_POOL = 200;
const SUGGEST_TAXONOMY_MAX = 3;
/** Spellings tried for a misspelt word, the closest first. */
const ALTERNATIVES_MAX = 3;
/** Words of names and labels kept for typo tolerance: the most used, when there are more. */
const VOCABULARY_MAX = 50_000;
const CACHE_MS = 5 * 60 * 1000;

/** The names-and-labels index's own terms (Porter stems), in order, with how many agents use each. */
interface Vocabulary {
  at: number;
  terms: string[];
  docs: number[];
}

let vocabulary: Vocabulary | null = null;

export function clearSuggestCache(): void {
  vocabulary = null;
}

async function nameVocabulary(db: D1Database): Promise<Vocabulary> {
  if (vocabulary && Date.now() - vocabulary.at < CACHE_MS) return vocabulary;
  // Numbers ("Sales 41237") are most of the terms of a large catalogue and nobody misspells them.
  const rows = await db
    .prepare("SELECT term, doc FROM agents_title_fts_vocab WHERE term NOT GLOB '*[0-9]*'")
    .raw<[string, number]>();
  let words = rows.filter(([term]) => term.length >= 3 && /^\p{L}+$/u.test(term));
  if (words.length > VOCABULARY_MAX) words = [...words].sort((a, b) => b[1] - a[1]).slice(0, VOCABULARY_MAX);
  words.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  vocabulary = { at: Date.now(), terms: words.map((w) => w[0]), docs: words.map((w) => w[1]) };
  return vocabulary;
}

/** The first index whose term is not before `word`. */
function lowerBound(terms: string[], word: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (terms[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Edits between what was typed and the start of a term, in tenths as stemDistance counts them
 * ('leadscot' is one from "leadscout"); Infinity beyond `max`.
 */
function prefixDistance(typed: string, term: string, max: number): number {
  let best = Infinity;
  for (let length = Math.max(1, typed.length - max); length <= Math.min(term.length, typed.length + max); length++) {
    const edits = editDistance(typed, term.slice(0, length), max);
    if (edits <= max) best = Math.min(best, edits * 10);
  }
  return best;
}

/**
 * Terms of the names' vocabulary a misspelt word may have meant, the closest first (the most used
 * on a tie), as search corrects (same first or second letter, one edit from 5 letters, two from 9).
 * None for a word the names hold: the last word when a term starts with it, another when it is one.
 */
export function alternatives(v: Pick<Vocabulary, 'terms' | 'docs'>, word: string, last: boolean): string[] {
  const max = editsAllowed(word.length);
  if (max === 0 || !/^\p{L}+$/u.test(word)) return [];
  const at = lowerBound(v.terms, word);
  if (last ? v.terms[at]?.startsWith(word) : v.terms[at] === word) return [];
  const found: { term: string; score: number; doc: number }[] = [];
  for (const start of new Set([word[0]!, word[1]!])) {
    const end = lowerBound(v.terms, String.fromCodePoint(start.codePointAt(0)! + 1));
    for (let i = lowerBound(v.terms, start); i < end; i++) {
      const term = v.terms[i]!;
      const score = Math.min(stemDistance(word, term, max), last ? prefixDistance(word, term, max) : Infinity);
      if (score !== Infinity) found.push({ term, score, doc: v.docs[i]! });
    }
  }
  found.sort((a, b) => a.score - b.score || b.doc - a.doc);
  // Only the closest: a word one edit away hides those two away.
  const edits = Math.floor((found[0]?.score ?? 0) / 10);
  return found
    .filter((f) => Math.floor(f.score / 10) === edits)
    .slice(0, ALTERNATIVES_MAX)
    .map((f) => f.term);
}

/**
 * Where a category's or department's name matches what was typed: the name or one of its words
 * starts with it, or, failing that, with something within the edits its length allows.
 */
export function taxonomyMatch(lower: string, typed: string): { start: number; end: number; typo: boolean } | null {
  const starts = [
    0,
    ...[...lower.matchAll(/[^\p{L}\p{N}]+/gu)].map((m) => m.index + m[0].length).filter((i) => i < lower.length),
  ];
  for (const start of starts)
    if (lower.startsWith(typed, start)) return { start, end: start + typed.length, typo: false };
  const max = editsAllowed(typed.length);
  if (max === 0) return null;
  let best: { start: number; end: number; typo: true; edits: number } | null = null;
  for (const start of starts) {
    for (
      let length = Math.max(1, typed.length - max);
      length <= typed.length + max && start + length <= lower.length;
      length++
    ) {
      const edits = editDistance(typed, lower.slice(start, start + length), max);
      if (edits <= max && (!best || edits < best.edits)) best = { start, end: start + length, typo: true, edits };
    }
  }
  return best && { start: best.start, end: best.end, typo: true };
}

interface SuggestRow {
  id: number;
  name: string;
  label: string | null;
  marks: string | null;
}

function agentHighlights(row: SuggestRow, typed: string[]): SuggestionHighlights | undefined {
  let marks: unknown = null;
  try {
    marks = row.marks ? JSON.parse(row.marks) : null;
  } catch {
    return undefined;
  }
  if (!Array.isArray(marks)) return undefined;
  const text = (i: number) => (typeof marks[i] === 'string' ? (marks[i] as string) : null);
  // The parts column holds every word of the name, split where it is compound; the whole name's
  // own marks are for what crosses a boundary ('ledgerl' of "LedgerLens").
  const name = nameHighlight(row.name, null, text(2)) ?? nameHighlight(row.name, text(0), null);
  const label = row.label && text(1) ? segments(text(1)!, row.label) : null;
  const highlights: SuggestionHighlights = {};
  if (name) highlights.name = trimToTyped(name, typed);
  if (label?.some((s) => s.match)) highlights.label = trimToTyped(label, typed);
  return Object.keys(highlights).length ? highlights : undefined;
}

export async function suggest(db: D1Database, q: string): Promise<Suggestion[]> {
  const { words } = queryWords(q);
  if (words.length === 0) return [];
  // The vocabulary is read (every term of the names' index: thousands of rows at scale, once per
  // isolate every few minutes) only when a word is long enough to be forgiven a typo.
  const forgivable = words.some((w) => editsAllowed(w.length) > 0);
  const [{ taxonomy }, names] = await Promise.all([searchContext(db), forgivable ? nameVocabulary(db) : null]);
  const last = words.length - 1;
  // The last word is a prefix (it is being typed); a one-letter prefix would match too much.
  const prefix = (i: number) => i === last && words[i]!.length >= 2;
  const exact = words.map((w, i) => phraseExpr([w], prefix(i))).join(' AND ');
  const spellings = words.map((w, i) => (names ? alternatives(names, w, i === last) : []));
  // Each misspelt word also matches its likely spellings, as prefixes (they are stems).
  const forgiving = spellings.some((s) => s.length)
    ? words
        .map((w, i) =>
          spellings[i]!.length
            ? `(${[phraseExpr([w], prefix(i)), ...spellings[i]!.map((s) => phraseExpr([s], true))].join(' OR ')})`
            : phraseExpr([w], prefix(i)),
        )
        .join(' AND ')
    : null;

  // D1 caps LIKE patterns at 50 bytes; a name that starts with the first 40 bytes typed is still a fine pick.
  let typed = words.join(' ');
  while (new TextEncoder().encode(typed).length > 40) typed = typed.slice(0, -1);
  const like = `${typed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const source = (exactFlag: 0 | 1) =>
    `SELECT rowid AS id, ${exactFlag} AS exact, ${SUGGEST_MATCHES_SQL} FROM agents_title_fts WHERE agents_title_fts MATCH ? LIMIT ${SUGGEST_POOL}`;
  // SUGGEST_RANK_COLUMNS_SQL's one `?` is `like`. The marks are read once the eight are chosen: in
  // the query that orders the pool, SQLite would work them out for all of it before sorting.
  const rows = await db
    .prepare(
      `WITH s AS (SELECT * FROM (${source(1)})${forgiving ? ` UNION ALL SELECT * FROM (${source(0)})` : ''}),
       m AS (SELECT id, max(exact) AS exact, min(${suggestScoreSql(words.length)}) AS score FROM s GROUP BY id),
       top AS (SELECT a.name, a.label, ${SUGGEST_RANK_COLUMNS_SQL} FROM m JOIN agents a ON a.id = m.id AND a.hidden_at IS NULL
         ORDER BY ${SUGGEST_ORDER_SQL} LIMIT ?)
       SELECT top.id, top.name, top.label,
         (SELECT json_array(highlight(agents_title_fts, 0, char(1), char(2)), highlight(agents_title_fts, 1, char(1), char(2)),
            highlight(agents_title_fts, 2, char(1), char(2)))
          FROM agents_title_fts WHERE agents_title_fts MATCH ? AND rowid = top.id) AS marks
       FROM top ORDER BY ${SUGGEST_ORDER_SQL}`,
    )
    .bind(...(forgiving ? [exact, forgiving] : [exact]), like, SUGGEST_MAX, forgiving ?? exact)
    .all<SuggestRow>();

  // Categories and departments, those matching as typed before those matching despite a typo; a
  // category and a department of the same name ("Marketing") are offered once.
  const seen = new Set<string>();
  const matched = taxonomy
    .map((row) => ({ row, match: taxonomyMatch(row.lower, typed) }))
    .filter((m): m is typeof m & { match: NonNullable<typeof m.match> } => m.match !== null)
    .sort((a, b) => Number(a.match.typo) - Number(b.match.typo));
  const taxonomyItems: Suggestion[] = [];
  for (const { row, match } of matched) {
    if (taxonomyItems.length === SUGGEST_TAXONOMY_MAX) break;
    if (seen.has(row.lower)) continue;
    seen.add(row.lower);
    // Lower case may change a name's length (rarely): then it goes unmarked rather than mismarked.
    const highlights =
      row.lower.length === row.name.length ? { name: markRange(row.name, match.start, match.end) } : undefined;
    taxonomyItems.push({ kind: row.kind, id: row.id, name: row.name, ...(highlights && { highlights }) });
  }
  const agentItems: Suggestion[] = (rows.results ?? []).slice(0, SUGGEST_MAX - taxonomyItems.length).map((a) => {
    const highlights = agentHighlights(a, words);
    return { kind: 'agent', id: a.id, name: a.name, label: a.label, ...(highlights && { highlights }) };
  });
  return [...agentItems, ...taxonomyItems];
}
