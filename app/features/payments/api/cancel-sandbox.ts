import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { paymentKeys } from './keys';

/** Abandons a sandbox session; nothing is charged or credited. */
export async function cancelSandbox(id: string): Promise<unknown> {
  const res = await fetch(`/api/payments/sandbox/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  return unwrap<unknown>(res);
}

export const useCancelSandbox = () => useMutation({ mutationKey: [...paymentKeys.all, 'sandbox-cancel'], mutationFn: cancelSandbox });
