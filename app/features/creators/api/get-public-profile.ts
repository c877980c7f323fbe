import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#app/lib/api-client.ts';
import { userKeys } from '#app/lib/query-keys.ts';

/** GET /api/users/{id}: the public profile (no email), as anyone sees it. */
export const usePublicProfile = (id: number | undefined) =>
  useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: async () => unwrap(await api.users[':id'].$get({ param: { id: String(id) } })),
    enabled: Boolean(id),
  });
