import { useMutation } from '@tanstack/react-query';
import type { SessionUser } from '#common/types.ts';
import type { RegisterInput } from '#common/validation.ts';
import { api, unwrap } from '#app/lib/api-client.ts';
import { pickUser } from './login';

/** Creates the account and its session (201); the page then reloads into the signed-in app. */
export async function register(input: RegisterInput): Promise<SessionUser> {
  const res = await api.auth.register.$post({ json: { ...input, isInternalLogin: input.isInternalLogin ?? false } });
  return pickUser(await unwrap(res));
}

export const useRegister = () => useMutation({ mutationFn: register });
