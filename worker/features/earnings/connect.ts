// Stripe Connect for payouts (docs/decisions/0029, '## Payouts'): Express accounts, their onboarding
// links and transfers, through the same SDK client as checkout (STRIPE_API_BASE reaches a stand-in).
import Stripe from 'stripe';
import { appOrigin, type Bindings } from '#worker/env.ts';
import type { PayoutAccount, PayoutRecord } from '#worker/domain/credits/index.ts';
import { stripeClient } from '#worker/lib/stripe.ts';

/** Where Stripe sends the creator back to: the earnings card, from configuration, never the request's Host. */
export const onboardingUrls = (env: Bindings) => {
  const origin = appOrigin(env);
  return {
    return_url: `${origin}/my-agents?tab=insights&payouts=connected`,
    refresh_url: `${origin}/my-agents?tab=insights&payouts=expired`,
  };
};

const flags = (account: Stripe.Account) => ({
  detailsSubmitted: Boolean(account.details_submitted),
  payoutsEnabled: Boolean(account.payouts_enabled),
});

/**
 * An Express account that can receive transfers. Stripe's idempotency key is the creator's, so two
 * connects at once (two tabs) get the same account within Stripe's 24 hours.
 */
export async function createExpressAccount(env: Bindings, user: { id: number; email: string }): Promise<PayoutAccount> {
  const account = await stripeClient(env).accounts.create(
    {
      type: 'express',
      email: user.email,
      capabilities: { transfers: { requested: true } },
      metadata: { userId: String(user.id) },
    },
    { idempotencyKey: `connect-account:${user.id}` },
  );
  return { stripeAccountId: account.id, provider: 'stripe', ...flags(account) };
}

/** A single-use onboarding link (it expires within minutes, so it is made for each tap and never stored). */
export async function createOnboardingLink(env: Bindings, stripeAccountId: string): Promise<string> {
  const link = await stripeClient(env).accountLinks.create({
    account: stripeAccountId,
    type: 'account_onboarding',
    ...onboardingUrls(env),
  });
  return link.url;
}

/** The account's onboarding progress as Stripe has it now (the creator just came back from onboarding). */
export async function retrieveAccountFlags(env: Bindings, stripeAccountId: string) {
  return flags(await stripeClient(env).accounts.retrieve(stripeAccountId));
}

/** Accepts the account.updated payload of a webhook. */
export const accountFlags = flags;

/**
 * The transfer of a payout to the creator's account. Stripe's idempotency key is the payout's, so a
 * retry after a lost answer (ours or the SDK's own) never transfers twice. The metadata names the
 * payout, so the webhook finds it even when our answer was lost before the transfer id was stored.
 */
export async function createTransfer(env: Bindings, payout: PayoutRecord): Promise<string> {
  const transfer = await stripeClient(env).transfers.create(
    {
      amount: payout.amountCents,
      currency: 'usd',
      destination: payout.stripeAccountId,
      description: 'AgentMarket creator earnings',
      transfer_group: `payout_${payout.id}`,
      metadata: { payoutId: String(payout.id), creatorId: String(payout.creatorId ?? '') },
    },
    { idempotencyKey: `payout-transfer:${payout.id}` },
  );
  return transfer.id;
}

/**
 * Stripe refused the request outright (4xx other than a rate limit or a key conflict): nothing was
 * created, so the payout failed. Connection errors and 5xx may have reached Stripe; those stay pending.
 */
export function refusedByStripe(err: unknown): err is Stripe.errors.StripeError {
  if (!(err instanceof Stripe.errors.StripeError)) return false;
  const status = err.statusCode ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 429;
}
