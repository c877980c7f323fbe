import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicProfileData } from '#common/creators.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { creatorKeys } from '#app/lib/query-keys.ts';

/** PUT /api/users/{id}/public-profile: display name, bio and website on the creator page. */
export function useUpdatePublicProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PublicProfileData) =>
      unwrap(await api.users[':id']['public-profile'].$put({ param: { id: String(id) }, json: input })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: creatorKeys.all }),
  });
}
