import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT, SEARCH_STALE_MS } from '#common/constants.ts';
import { SEARCH_HEADERS, type SearchHit, type SearchSort } from '#common/search.ts';
import { api, unwrapPage } from '#app/lib/api-client.ts';
import { pageItems } from '#app/lib/page-items.ts';
import { nextOffset } from './get-infinite-agents';
import { agentKeys } from './keys';

export interface SearchOptions {
  departmentId?: number;
  sort?: SearchSort;
  /** Search the words as typed (no spelling correction). */
  exact?: boolean;
}

export interface SearchPage {
  items: SearchHit[];
  total: number;
  offset: number;
  /** The words searched instead of misspelt ones. */
  corrected: string | null;
  /** Not every word matched together: results match some of them. */
  anyTerm: boolean;
}

function decodeHeader(value: string | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Full-text search (GET /api/agents/search); the server ranks by relevance unless a sort is given. */
export async function searchAgents(
  q: string,
  options: SearchOptions = {},
  offset = 0,
  limit = PAGE_SIZE_DEFAULT,
): Promise<SearchPage> {
  const query: Record<string, string> = { q, limit: String(limit), offset: String(offset) };
  if (options.departmentId) query.departmentId = String(options.departmentId);
  if (options.sort && options.sort !== 'relevance') query.sort = options.sort;
  if (options.exact) query.exact = '1';
  const res = await api.agents.search.$get({ query });
  const corrected = decodeHeader(res.headers.get(SEARCH_HEADERS.corrected));
  const anyTerm = res.headers.get(SEARCH_HEADERS.anyTerm) === '1';
  const page = await unwrapPage(res);
  return { ...page, offset, corrected, anyTerm };
}

/** docs/product.md#constants: search results go stale after 10 s. */
export const searchAgentsQueryOptions = (q: string, options: SearchOptions = {}) =>
  infiniteQueryOptions({
    queryKey: [...agentKeys.search(q), options],
    queryFn: ({ pageParam }) => searchAgents(q, options, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    staleTime: SEARCH_STALE_MS,
    enabled: q.trim() !== '',
  });

/** While a changed filter loads, the previous results stay on screen. */
export const useSearchAgents = (q: string, options: SearchOptions = {}) =>
  useInfiniteQuery({ ...searchAgentsQueryOptions(q.trim(), options), placeholderData: keepPreviousData });

/** All loaded pages as one list (an agent that arrives twice is kept once), with what the first page said. */
export function flattenSearchPages(data: InfiniteData<SearchPage> | undefined) {
  if (!data) return { hits: [] as SearchHit[], total: 0, corrected: null, anyTerm: false };
  const hits = pageItems(data.pages);
  const first = data.pages[0]!;
  return { hits, total: data.pages.at(-1)?.total ?? hits.length, corrected: first.corrected, anyTerm: first.anyTerm };
}
