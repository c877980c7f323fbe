import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '#app/lib/api-client.ts';
import { userKeys } from './keys';

/** Admin only (docs/product.md#roles): tops every account up to the guaranteed minimum. */
export async function ensureMinimumCredits(): Promise<{ totalUpdated: number }> {
  const res = await api.admin['ensure-minimum-credits'].$post();
  return unwrap(res);
}

export const useEnsureMinimumCredits = () =>
  useMutation({ mutationKey: userKeys.ensureMinimumCredits(), mutationFn: ensureMinimumCredits });
