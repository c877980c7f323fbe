// Stripe through the SDK's Workers build (fetch HTTP client, SubtleCrypto signatures): used by credit
// purchases (features/payments) and creators' payouts (features/earnings).
import Stripe from 'stripe';
import type { Bindings } from '#worker/env.ts';

/** Webhook signatures older than this are refused (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_S = 300;
export const PAYMENT_PROVIDER_ERROR = 'Payment provider error. Please try again.';

/** A client for the configured key; STRIPE_API_BASE points it at a stand-in (tests, local runs). */
export function stripeClient(env: Bindings): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 15_000,
  };
  if (env.STRIPE_API_BASE) {
    const base = new URL(env.STRIPE_API_BASE);
    options.host = base.hostname;
    options.port = base.port || (base.protocol === 'https:' ? 443 : 80);
    options.protocol = base.protocol === 'http:' ? 'http' : 'https';
  }
  return new Stripe(env.STRIPE_SECRET_KEY ?? '', options);
}

export const cryptoProvider = Stripe.createSubtleCryptoProvider();
