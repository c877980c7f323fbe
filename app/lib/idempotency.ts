// One Idempotency-Key per intended action (docs/decisions/0002): made when the person acts, sent again with
// every retry until a definitive answer, so the server does the thing once whatever the network does.
import { IDEMPOTENCY_IN_PROGRESS } from '#common/idempotency.ts';
import { ApiError } from './api-client';

export { newIdempotencyKey } from './idempotency-key';

/**
 * Whether the same request may still get its first answer: none came back (a network error), the
 * server failed (5xx) or asked to ask again (the first is still running). Any other answer is final.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || (error.status === 409 && error.message === IDEMPOTENCY_IN_PROGRESS);
}

/** TanStack Query retry options for a request carrying its key: a few tries with backoff. */
export const retryWithSameKey = {
  retry: (failures: number, error: unknown) => failures < 4 && isRetryable(error),
  retryDelay: (attempt: number) => Math.min(500 * 2 ** attempt, 4_000),
};
