// Search shapes shared by the worker and the app (docs/decisions/0013-search.md).
import type { SearchHit, Suggestion } from './api-schemas';

// The answers' shapes are their schemas' outputs (common/api-schemas.ts).
export type { SearchHit, Suggestion };

/** The fields of a search hit with the matched words marked; absent when nothing in it matched. */
export type SearchHighlights = NonNullable<SearchHit['highlights']>;

/** A piece of a field's text; `match` marks the words the query found. Rendered as text, never markup. */
export type HighlightSegment = NonNullable<SearchHighlights['name']>[number];

/** What of a suggestion matched the words typed (docs/decisions/0026): absent when nothing is marked. */
export type SuggestionHighlights = Pick<SearchHighlights, 'name' | 'label'>;

/** Search sorts: relevance (the default) and the list sorts. */
export const SEARCH_SORTS = ['relevance', 'popular', 'rating', 'reviews', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Response headers of GET /api/agents/search. */
export const SEARCH_HEADERS = {
  /** Set when misspelt words were replaced: the words searched instead (URI-encoded). */
  corrected: 'X-Search-Corrected',
  /** Set when not every word matched together and results match any of them. */
  anyTerm: 'X-Search-Any-Term',
} as const;

/**
 * At most this many matches per source are ranked for one query, so a very common word costs a
 * bounded amount: 500 keeps it under 5,000 rows read at a million agents (docs/capacity.md).
 */
export const SEARCH_RESULT_CAP = 500;
export const SUGGEST_MAX = 8;
/** Suggestions start after this many characters. */
export const SUGGEST_MIN_CHARS = 2;
