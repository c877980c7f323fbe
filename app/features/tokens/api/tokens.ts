// Personal API tokens (docs/decisions/0030) through the typed client. The list is private and only
// useful online: never saved to the offline cache, and forgotten when the settings page goes.
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenSummary, CreateTokenInput, SetSpendLimitInput } from '#common/api-tokens.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { accessKeys } from '#app/lib/query-keys.ts';

export const useApiTokens = () =>
  useQuery({
    queryKey: accessKeys.tokens(),
    queryFn: async () => unwrap(await api.tokens.$get()),
    staleTime: 0,
    gcTime: 0,
    meta: { persist: false },
  });

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateTokenInput) => unwrap(await api.tokens.$post({ json: input })),
    // Never kept to be sent once back online: the form would wait on it, and a token nobody is there to copy is lost.
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.tokens() }),
  });
}

/** Drops a token from the list on screen at once; a list request still on its way is cancelled first, so it cannot bring the token back. */
export async function forgetToken(queryClient: ReturnType<typeof useQueryClient>, id: number): Promise<void> {
  await queryClient.cancelQueries({ queryKey: accessKeys.tokens() });
  queryClient.setQueryData<ApiTokenSummary[]>(accessKeys.tokens(), (list) => list?.filter((t) => t.id !== id));
}

/** Revocations' key: the token just made, still shown to copy, goes from the screen when it is revoked. */
const REVOKE_TOKEN = [...accessKeys.tokens(), 'revoke'] as const;

/** The tokens revoked on this page so far (their ids). */
export const useRevokedTokenIds = (): number[] =>
  useMutationState({
    filters: { mutationKey: REVOKE_TOKEN, status: 'success' },
    select: (mutation) => mutation.state.variables as number,
  });

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: REVOKE_TOKEN,
    mutationFn: async (id: number) => unwrap(await api.tokens[':id'].$delete({ param: { id: String(id) } })),
    onSuccess: (_done, id) => forgetToken(queryClient, id),
  });
}

/** Changes a token's monthly spending limit (docs/decisions/0042); the list on screen takes the server's answer. */
export function useSetTokenLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, spendLimit }: SetSpendLimitInput & { id: number }) =>
      unwrap(await api.tokens[':id'].$patch({ param: { id: String(id) }, json: { spendLimit } })),
    onSuccess: (token) =>
      queryClient.setQueryData<ApiTokenSummary[]>(accessKeys.tokens(), (list) =>
        list?.map((t) => (t.id === token.id ? token : t)),
      ),
  });
}
