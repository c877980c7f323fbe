import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '#app/lib/api-client.ts';
import { paymentKeys } from './keys';

/** Pays a sandbox session: the server credits the account through the same code as Stripe's webhook. */
export async function completeSandbox(id: string): Promise<unknown> {
  const res = await api.payments.sandbox[':id'].complete.$post({ param: { id } });
  return unwrap(res);
}

export const useCompleteSandbox = () =>
  useMutation({ mutationKey: [...paymentKeys.all, 'sandbox-complete'], mutationFn: completeSandbox });
