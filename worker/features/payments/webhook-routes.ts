import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type Stripe from 'stripe';
import { centsToCredits } from '#common/constants.ts';
import { orm } from '#worker/db/client.ts';
import { users } from '#worker/db/schema.ts';
import type { AppEnv } from '#worker/env.ts';
import * as v from 'valibot';
import { fail, positiveInt } from '#worker/lib/http.ts';
import { error, json, route } from '#worker/lib/openapi.ts';
import { applyPayoutEvent, PAYOUT_EVENTS } from '#worker/features/earnings/index.ts';
import { completePurchase, createCheckoutSession } from '#worker/domain/credits/index.ts';
import { cryptoProvider, stripeClient, WEBHOOK_TOLERANCE_S } from '#worker/lib/stripe.ts';

const CREDITING_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * Stripe's webhook (docs/product.md#payments): the signature is checked on the raw body and the credits
 * come from the signed payload alone, once per Checkout Session whatever the delivery order.
 */
export const stripeWebhookRoutes = new Hono<AppEnv>().post(
  '/',
  route({
    tag: 'credits',
    summary: "Stripe's webhook",
    description:
      'For Stripe only: a signed event (Stripe-Signature) in its raw JSON body; credits purchases and settles payouts.',
    access: 'stripe',
    parameters: [
      {
        in: 'header',
        name: 'Stripe-Signature',
        required: true,
        description: "Stripe's signature of the raw body",
        schema: { type: 'string' },
      },
    ],
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { type: 'object', description: 'A Stripe event, as Stripe sent it' } } },
    },
    responses: {
      200: json(
        v.object({
          received: v.literal(true),
          credited: v.optional(v.boolean()),
          payout: v.optional(v.picklist(['paid', 'failed', 'account', 'ignored'])),
        }),
        'Received',
      ),
      400: error('Not configured, no signature or a signature that does not match'),
    },
  }),
  async (c) => {
    const secret = c.env.STRIPE_WEBHOOK_SECRET;
    if (!secret) return fail(c, 400, 'Webhooks are not configured');
    // Events of connected accounts (account.updated) come from a Connect endpoint with its own secret.
    const secrets = [secret, c.env.STRIPE_CONNECT_WEBHOOK_SECRET].filter((s): s is string => Boolean(s));
    const signature = c.req.header('Stripe-Signature');
    if (!signature) return fail(c, 400, 'Missing Stripe-Signature header');
    const raw = await c.req.text();
    let event: Stripe.Event | null = null;
    for (const s of secrets) {
      try {
        event = await stripeClient(c.env).webhooks.constructEventAsync(
          raw,
          signature,
          s,
          WEBHOOK_TOLERANCE_S,
          cryptoProvider,
        );
        break;
      } catch {
        // The next secret, if any.
      }
    }
    if (!event) return fail(c, 400, 'Invalid webhook signature');
    // Payout states (docs/decisions/0029): each event applied once, whatever the delivery order.
    if (PAYOUT_EVENTS.has(event.type)) return c.json({ received: true, payout: await applyPayoutEvent(c.env, event) });
    if (!CREDITING_EVENTS.has(event.type)) return c.json({ received: true });

    const session = event.data.object as Stripe.Checkout.Session;
    // 'completed' can arrive before an asynchronous payment clears; only paid sessions are credited.
    if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid')
      return c.json({ received: true });
    const userId = positiveInt(session.metadata?.userId ?? null);
    const cents = session.amount_total ?? 0;
    const credits = centsToCredits(cents);
    if (!userId || credits <= 0) return c.json({ received: true, credited: false });
    const [user] = await orm(c.env.DB).select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) return c.json({ received: true, credited: false });

    // A session made elsewhere (the dashboard, a retry) has no local row yet; the credit stays once.
    await createCheckoutSession(c.env.DB, { id: session.id, userId, credits, provider: 'stripe' });
    const credited = await completePurchase(c.env.DB, { sessionId: session.id, userId, credits });
    return c.json({ received: true, credited });
  },
);
