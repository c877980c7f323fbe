import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '#common/constants.ts';
import type { Agent } from '#common/types.ts';
import { getAgents } from './get-agents';
import { pageItems } from '#app/lib/page-items.ts';
import { refetchUnlessServed } from '#app/lib/served-with-page.ts';
import { agentKeys, type AgentListParams } from './keys';

export interface AgentPage {
  items: Agent[];
  total: number;
  offset: number;
}

/**
 * docs/product.md#offline: online, a browse listing is always fetched again when shown ("never
 * cached"); the persisted copy is what shows while that request runs or when offline. The copy the
 * server rendered the page from a moment ago is the exception (app/lib/served-with-page.ts).
 */
export const BROWSE_FRESHNESS = { staleTime: 0, refetchOnMount: refetchUnlessServed } as const;

export const nextOffset = (last: AgentPage): number | undefined => {
  const next = last.offset + last.items.length;
  return last.items.length > 0 && next < last.total ? next : undefined;
};

export const getInfiniteAgentsQueryOptions = (
  params: Omit<AgentListParams, 'limit' | 'offset'>,
  pageSize = PAGE_SIZE_DEFAULT,
) =>
  infiniteQueryOptions({
    queryKey: agentKeys.infinite({ ...params, limit: pageSize }),
    queryFn: async ({ pageParam }): Promise<AgentPage> => ({
      ...(await getAgents({ ...params, limit: pageSize, offset: pageParam })),
      offset: pageParam,
    }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

export function useInfiniteAgents(
  params: Omit<AgentListParams, 'limit' | 'offset'>,
  {
    pageSize = PAGE_SIZE_DEFAULT,
    keepPrevious = false,
    ...options
  }: {
    pageSize?: number;
    keepPrevious?: boolean;
    staleTime?: number;
    gcTime?: number;
    refetchOnMount?: typeof refetchUnlessServed | boolean | 'always';
  } = {},
) {
  return useInfiniteQuery({
    ...getInfiniteAgentsQueryOptions(params, pageSize),
    ...options,
    // While a new filter loads, the previous results stay on screen instead of flashing skeletons.
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/** All loaded pages as one list (an agent that arrives twice is kept once) plus the server's total. */
export function flattenAgentPages(data: InfiniteData<AgentPage> | undefined): { agents: Agent[]; total: number } {
  if (!data) return { agents: [], total: 0 };
  const agents = pageItems(data.pages);
  return { agents, total: data.pages.at(-1)?.total ?? agents.length };
}
