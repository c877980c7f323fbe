import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowState } from '#common/creators.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { followKeys } from '#app/lib/query-keys.ts';

/** GET /api/creators/{username}/follow: whether the person follows this creator, and how many do. */
export const useFollowState = (username: string) =>
  useQuery({
    queryKey: followKeys.state(username),
    queryFn: async () => unwrap(await api.creators[':username'].follow.$get({ param: { username } })),
  });

/** Whom the signed-in person follows (/profile). */
export const useFollowedCreators = (enabled: boolean) =>
  useQuery({ queryKey: followKeys.list(), queryFn: async () => unwrap(await api.follows.$get()), enabled });

/** 'New from creators you follow' (home page). */
export const useNewFromFollowed = (enabled: boolean) =>
  useQuery({ queryKey: followKeys.agents(), queryFn: async () => unwrap(await api.follows.agents.$get()), enabled });

/**
 * Follow or unfollow (idempotent on the server, so a double tap is harmless). The button shows the
 * new state at once and the server's count when it answers; a failure puts the old state back.
 */
export function useSetFollowing(username: string, creatorId: number) {
  const queryClient = useQueryClient();
  const key = followKeys.state(username);
  return useMutation({
    mutationFn: async (follow: boolean) => {
      const param = { param: { creatorId: String(creatorId) } };
      return unwrap(await (follow ? api.follows[':creatorId'].$put(param) : api.follows[':creatorId'].$delete(param)));
    },
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<FollowState>(key);
      if (before && before.following !== follow)
        queryClient.setQueryData<FollowState>(key, {
          following: follow,
          followers: before.followers + (follow ? 1 : -1),
        });
      return { before };
    },
    onError: (_error, _follow, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (state) => {
      queryClient.setQueryData(key, state);
      void queryClient.invalidateQueries({ queryKey: followKeys.list() });
      void queryClient.invalidateQueries({ queryKey: followKeys.agents() });
    },
  });
}
