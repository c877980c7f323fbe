import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { paymentKeys } from './keys';

/** Pays a sandbox session: the server credits the account through the same code as Stripe's webhook. */
export async function completeSandbox(id: string): Promise<unknown> {
  const res = await fetch(`/api/payments/sandbox/${encodeURIComponent(id)}/complete`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  return unwrap<unknown>(res);
}

export const useCompleteSandbox = () => useMutation({ mutationKey: [...paymentKeys.all, 'sandbox-complete'], mutationFn: completeSandbox });
