import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api, unwrap } from '#app/lib/api-client.ts';
import type { ReviewPage } from './get-agent-ratings';
import { ratingKeys } from './keys';

/** PUT (mark) or DELETE (take back) /api/ratings/{id}/helpful; both are safe to repeat. */
export async function setHelpful(input: { ratingId: number; agentId: number; helpful: boolean }) {
  const param = { id: String(input.ratingId) };
  return unwrap(
    await (input.helpful ? api.ratings[':id'].helpful.$put({ param }) : api.ratings[':id'].helpful.$delete({ param })),
  );
}

export function useSetHelpful() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHelpful,
    networkMode: 'always',
    // The server's count goes into every loaded page that shows the review; the order is kept until the next load.
    onSuccess: (state, input) =>
      queryClient.setQueriesData<InfiniteData<ReviewPage>>(
        { queryKey: [...ratingKeys.byAgent(input.agentId), 'pages'] },
        (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  items: page.items.map((r) => (r.id === input.ratingId ? { ...r, ...state } : r)),
                })),
              }
            : data,
      ),
  });
}
