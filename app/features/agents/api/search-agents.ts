import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT, SEARCH_STALE_MS } from '../../../../common/constants';
import type { Agent } from '../../../../common/types';
import { api, unwrapPage } from '../../../lib/api-client';
import { nextOffset, type AgentPage } from './get-infinite-agents';
import { agentKeys } from './keys';

/** Full-text search (GET /api/agents/search); the server ranks by relevance. */
export async function searchAgents(q: string, offset = 0, limit = PAGE_SIZE_DEFAULT): Promise<AgentPage> {
  const page = await unwrapPage<Agent>(await api.agents.search.$get({ query: { q, limit: String(limit), offset: String(offset) } }));
  return { ...page, offset };
}

/** SPEC section 7: search results go stale after 10 s. */
export const searchAgentsQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: agentKeys.search(q),
    queryFn: ({ pageParam }) => searchAgents(q, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    staleTime: SEARCH_STALE_MS,
    enabled: q.trim() !== '',
  });

export const useSearchAgents = (q: string) => useInfiniteQuery(searchAgentsQueryOptions(q.trim()));
