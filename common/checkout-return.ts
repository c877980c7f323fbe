import { safeNextPath } from './next-path';

/**
 * Where a checkout sends the buyer back to (Stripe's success and cancel URLs, the sandbox's Pay and
 * Cancel): /credits, with the amount chosen (the form shows it again, not the default) and, when the
 * purchase started on a page of this site (an agent's 'Buy credits to try'), that page, checked as
 * every `next` is (common/next-path.ts), for the confirmation to lead back to.
 *
 * `sessionId` is written as it is, unencoded: Stripe's success URL carries the placeholder
 * `{CHECKOUT_SESSION_ID}`, which Stripe replaces only with its braces; a sandbox id is URL-safe.
 */
export function checkoutReturnPath(o: {
  outcome: 'success' | 'cancelled';
  amount: number;
  next?: string | null;
  sessionId?: string;
}): string {
  const params = new URLSearchParams({ purchase: o.outcome, amount: String(o.amount) });
  const next = safeNextPath(o.next);
  if (next) params.set('next', next);
  return `/credits?${params}${o.sessionId ? `&session_id=${o.sessionId}` : ''}`;
}

/** The sandbox checkout page of session `id`, carrying where the purchase started when it may be returned to. */
export function sandboxCheckoutPath(id: string, next?: string | null): string {
  const path = safeNextPath(next);
  return `/checkout/sandbox/${id}${path ? `?${new URLSearchParams({ next: path })}` : ''}`;
}
