import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '#app/lib/api-client.ts';
import { paymentKeys } from './keys';

/** Abandons a sandbox session; nothing is charged or credited. */
export async function cancelSandbox(id: string): Promise<unknown> {
  const res = await api.payments.sandbox[':id'].cancel.$post({ param: { id } });
  return unwrap(res);
}

export const useCancelSandbox = () =>
  useMutation({ mutationKey: [...paymentKeys.all, 'sandbox-cancel'], mutationFn: cancelSandbox });
