import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicProfile, PublicProfileData } from '../../../../common/creators';
import { api, unwrap } from '../../../lib/api-client';
import { creatorKeys } from '../../../lib/query-keys';

/** PUT /api/users/{id}/public-profile: display name, bio and website on the creator page. */
export function useUpdatePublicProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PublicProfileData) =>
      unwrap<PublicProfile>(await api.users[':id']['public-profile'].$put({ param: { id: String(id) }, json: input })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: creatorKeys.all }),
  });
}
