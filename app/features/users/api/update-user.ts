import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '#common/types.ts';
import type { ProfileInput } from '#common/validation.ts';
import { api, ApiError } from '#app/lib/api-client.ts';
import { userKeys } from './keys';

export interface UpdateUserInput {
  id: number;
  profile: ProfileInput;
}

/** PUT /api/users/{id}; on failure the profile screen shows the body's `error` text (docs/product.md#errors). */
export async function updateUser({ id, profile }: UpdateUserInput): Promise<Pick<SessionUser, 'username' | 'email'>> {
  const res = await api.users[':id'].$put({ param: { id: String(id) }, json: profile });
  const body = (await res.json().catch(() => null)) as {
    error?: unknown;
    username?: unknown;
    email?: unknown;
    user?: { username: string; email: string };
  } | null;
  if (!res.ok) {
    throw new ApiError(
      res.status,
      typeof body?.error === 'string' && body.error ? body.error : 'Failed to update profile',
    );
  }
  const user = body?.user ?? body;
  return { username: String(user?.username ?? profile.username), email: String(user?.email ?? profile.email) };
}

/** `onUpdated` lets the page merge the confirmed fields into the session it owns. */
export function useUpdateUser(onUpdated: (user: Pick<SessionUser, 'username' | 'email'>) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userKeys.update(),
    mutationFn: updateUser,
    onSuccess: (user, { id }) => {
      onUpdated(user);
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(id) });
    },
  });
}
