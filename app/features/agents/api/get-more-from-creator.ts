import { useQuery } from '@tanstack/react-query';
import { MORE_FROM_CREATOR } from '#common/creators.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { agentKeys } from './keys';

/**
 * 'More from this creator' (GET /api/agents/creator/{userId}?limit=): one more than shown, so the
 * page's own agent can be left out. The server renderer answers the same key (app/entry-server.tsx).
 */
export const useMoreFromCreator = (creatorId: number | null) =>
  useQuery({
    queryKey: [...agentKeys.byCreator(creatorId ?? 0), MORE_FROM_CREATOR + 1],
    queryFn: async () =>
      unwrap(
        await api.agents.creator[':userId'].$get({
          param: { userId: String(creatorId) },
          query: { limit: String(MORE_FROM_CREATOR + 1) },
        }),
      ),
    enabled: creatorId !== null && creatorId > 0,
  });
