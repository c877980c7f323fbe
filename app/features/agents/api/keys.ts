import type { AgentSort } from '../../../../common/types';

export interface AgentListParams {
  q?: string;
  categoryId?: number;
  departmentId?: number;
  sort?: AgentSort;
  limit?: number;
  offset?: number;
}

/** Query keys for agents; persisted and invalidated by these prefixes. */
export const agentKeys = {
  all: ['agents'] as const,
  lists: () => [...agentKeys.all, 'list'] as const,
  list: (params: AgentListParams) => [...agentKeys.lists(), params] as const,
  /** Paged ("Load More") listings; `limit` is the page size. */
  infinite: (params: Omit<AgentListParams, 'offset'>) => [...agentKeys.lists(), 'pages', params] as const,
  search: (q: string) => [...agentKeys.all, 'search', q] as const,
  byCreator: (userId: number) => [...agentKeys.all, 'creator', userId] as const,
  details: () => [...agentKeys.all, 'detail'] as const,
  detail: (id: number) => [...agentKeys.details(), id] as const,
  ratings: (id: number) => [...agentKeys.all, 'ratings', id] as const,
};
