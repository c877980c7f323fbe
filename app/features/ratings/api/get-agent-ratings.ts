import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { Rating, ReviewSort } from '#common/types.ts';
import { api, unwrapPage } from '#app/lib/api-client.ts';
import { pageItems } from '#app/lib/page-items.ts';
import { ratingKeys } from './keys';

/** Reviews per page ('Show more' loads the next ten). */
export const REVIEW_PAGE_SIZE = 10;

export interface ReviewPage {
  items: Rating[];
  total: number;
  offset: number;
}

/** GET /api/agents/{id}/ratings?sort=&limit=&offset=: one page and the total (X-Total-Count). */
export async function getAgentRatings(agentId: number, sort: ReviewSort, offset: number): Promise<ReviewPage> {
  const res = await api.agents[':id'].ratings.$get({
    param: { id: String(agentId) },
    query: { sort, limit: String(REVIEW_PAGE_SIZE), offset: String(offset) },
  });
  return { ...(await unwrapPage(res)), offset };
}

const nextOffset = (last: ReviewPage): number | undefined => {
  const next = last.offset + last.items.length;
  return last.items.length > 0 && next < last.total ? next : undefined;
};

export const getAgentRatingsQueryOptions = (agentId: number, sort: ReviewSort) =>
  infiniteQueryOptions({
    queryKey: ratingKeys.pages(agentId, sort),
    queryFn: ({ pageParam }) => getAgentRatings(agentId, sort, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled: agentId > 0,
  });

export const useAgentRatings = (agentId: number, sort: ReviewSort) =>
  useInfiniteQuery(getAgentRatingsQueryOptions(agentId, sort));

/** The loaded pages as one list; a review that moved between two page requests shows once. */
export function flattenReviews(data: InfiniteData<ReviewPage> | undefined): { reviews: Rating[]; total: number } {
  if (!data) return { reviews: [], total: 0 };
  const reviews = pageItems(data.pages);
  return { reviews, total: data.pages.at(-1)?.total ?? 0 };
}
