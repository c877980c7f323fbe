import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '#app/lib/api-client.ts';
import { retryWithSameKey } from '#app/lib/idempotency.ts';
import { paymentKeys } from './keys';

/**
 * Starts a checkout for `amount` credits. The answer is a URL to leave for: Stripe Checkout, or
 * the sandbox checkout page when the server has no Stripe keys (docs/product.md#payments). The key makes
 * a retry (sent with it, automatically or by the next tap) answer with the same checkout. `next`, the
 * page the purchase started on, is where the checkout's return leads back to.
 */
export async function createCheckout({
  amount,
  next,
  idempotencyKey,
}: {
  amount: number;
  next?: string | null;
  idempotencyKey: string;
}): Promise<{ url: string }> {
  const res = await api.payments['create-checkout'].$post(
    { json: next ? { amount, next } : { amount } },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  const body = await unwrap(res);
  if (typeof body.url !== 'string' || !body.url) throw new Error('Failed to create checkout session');
  return { url: body.url };
}

export const useCreateCheckout = () =>
  useMutation({ mutationKey: paymentKeys.createCheckout(), mutationFn: createCheckout, ...retryWithSameKey });
