// Stripe Checkout for credits (the client itself is worker/lib/stripe.ts, shared with payouts).
import { CENTS_PER_CREDIT, creditsProductName } from '#common/constants.ts';
import type { Bindings } from '#worker/env.ts';
import { stripeClient } from '#worker/lib/stripe.ts';
import { createCheckoutSession } from '#worker/domain/credits/index.ts';
import { checkoutReturnPath } from '#common/checkout-return.ts';

/**
 * A Checkout Session for `credits` credits (1 credit = 100 US cents). The session is recorded
 * locally too, so the webhook credits it through the same exactly-once code as the sandbox.
 */
export async function createStripeCheckout(
  env: Bindings,
  p: { userId: number; credits: number; origin: string; next?: string | null; idempotencyKey?: string | null },
): Promise<{ url: string }> {
  // Stripe deduplicates by the caller's key too, should a retry ever get past ours (a holder taken over after a crash).
  const options = p.idempotencyKey ? { idempotencyKey: `checkout:${p.userId}:${p.idempotencyKey}` } : undefined;
  const session = await stripeClient(env).checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: p.credits * CENTS_PER_CREDIT,
            product_data: { name: creditsProductName(p.credits) },
          },
        },
      ],
      client_reference_id: String(p.userId),
      metadata: { userId: String(p.userId), credits: String(p.credits) },
      // Back to /credits as the app reads it: the purchase confirmed there, the amount kept, and the
      // page it started on (checked by checkoutReturnPath) to lead back to.
      success_url: `${p.origin}${checkoutReturnPath({ outcome: 'success', amount: p.credits, next: p.next, sessionId: '{CHECKOUT_SESSION_ID}' })}`,
      cancel_url: `${p.origin}${checkoutReturnPath({ outcome: 'cancelled', amount: p.credits, next: p.next })}`,
    },
    options,
  );
  if (!session.url) throw new Error('Stripe returned a session without a URL');
  await createCheckoutSession(env.DB, { id: session.id, userId: p.userId, credits: p.credits, provider: 'stripe' });
  return { url: session.url };
}
