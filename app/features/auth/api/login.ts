import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BALANCE_FETCH_DELAY_MS } from '#common/constants.ts';
import type { SessionUser } from '#common/types.ts';
import type { LoginInput } from '#common/validation.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { clearPrivateData } from '#app/lib/session-actions.ts';
import { refreshSession, sessionKeys } from './get-session';

/** The API answers with the user, either bare or as { user }. */
export const pickUser = (body: SessionUser | { user: SessionUser }): SessionUser => ('user' in body ? body.user : body);

export async function login(input: LoginInput): Promise<SessionUser> {
  const res = await api.auth.login.$post({ json: { ...input, isInternalLogin: input.isInternalLogin ?? false } });
  return pickUser(await unwrap(res));
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // Nothing private from an earlier account may survive into this one.
      clearPrivateData(queryClient);
      queryClient.setQueryData(sessionKeys.session, user);
      // docs/product.md#states: the balance is fetched again 100 ms after login so the navbar shows it.
      setTimeout(() => void refreshSession(queryClient), BALANCE_FETCH_DELAY_MS);
    },
  });
}
