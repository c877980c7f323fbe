import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { MESSAGES, purchaseSchema } from '#common/validation.ts';
import { appOrigin, paymentsMode, type AppEnv } from '#worker/env.ts';
import { randomToken } from '#worker/lib/crypto.ts';
import { fail } from '#worker/lib/http.ts';
import { log } from '#worker/lib/log.ts';
import { once } from '#worker/lib/idempotency.ts';
import * as v from 'valibot';
import { balanceSchema, linkSchema } from '#common/api-schemas.ts';
import { error, IDEMPOTENCY_KEY_HEADER, json, pathParam, route } from '#worker/lib/openapi.ts';
import { jsonBody } from '#worker/lib/validator.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { PAYMENT_PROVIDER_ERROR } from '#worker/lib/stripe.ts';
import { createStripeCheckout } from './stripe';
import { sandboxCheckoutPath } from '#common/checkout-return.ts';
import {
  completePurchase,
  createCheckoutSession,
  expireCheckoutSession,
  getBalance,
  getCheckoutSession,
} from '#worker/domain/credits/index.ts';

const SESSION_NOT_FOUND = 'Checkout session not found';

/** The caller's own sandbox session, or null (someone else's is as missing as an unknown one). */
async function ownSandboxSession(c: Context<AppEnv>) {
  const session = await getCheckoutSession(c.env.DB, c.req.param('id') ?? '');
  return session && session.provider === 'sandbox' && session.userId === c.var.user!.id ? session : null;
}

/** The sandbox exists only in sandbox mode (docs/product.md#payments): a deploy without keys mints nothing. */
const sandboxOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const mode = paymentsMode(c.env);
  if (mode === 'none') return fail(c, 503, MESSAGES.paymentsNotConfigured);
  if (mode !== 'sandbox') return fail(c, 404, SESSION_NOT_FOUND);
  await next();
};

/**
 * A purchase and, optionally, the page of this site it started on (an agent's 'Buy credits to try'):
 * the checkout returns there. A `next` that is not such a path is ignored (the return is /credits).
 */
const checkoutSchema = v.object({
  ...purchaseSchema.entries,
  next: v.optional(
    v.pipe(
      v.string(MESSAGES.nextPath),
      v.description('The page of this site the purchase started on, e.g. /agents/7: the confirmation leads back to it'),
    ),
  ),
});

const sessionStatus = v.picklist(['open', 'completed', 'expired']);
/** A sandbox checkout's id as create-checkout makes it; any other names none (404). */
const SANDBOX_ID = pathParam('id', 'The sandbox checkout', { type: 'string', pattern: '^cs_sandbox_[\\w-]+$' });

export const paymentsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .use('/sandbox/*', sandboxOnly)
  .post(
    '/create-checkout',
    route({
      tag: 'credits',
      summary: 'Start buying credits',
      description:
        'Answers the checkout page to open: Stripe’s, or the sandbox’s. A repeat with the same Idempotency-Key answers the same checkout.',
      access: 'signed-in',
      parameters: [IDEMPOTENCY_KEY_HEADER],
      responses: {
        200: json(v.object({ url: linkSchema }), 'The checkout page'),
        403: error('userId is not yours'),
        502: error(PAYMENT_PROVIDER_ERROR),
        503: error(MESSAGES.paymentsNotConfigured),
      },
    }),
    jsonBody(checkoutSchema),
    async (c) => {
      const user = c.var.user!;
      const { amount, userId, next } = c.req.valid('json');
      // docs/product.md#security: the body may name the caller, nobody else.
      if (userId !== undefined && userId !== user.id) return fail(c, 403, MESSAGES.forbidden);
      const mode = paymentsMode(c.env);
      if (mode === 'none') return fail(c, 503, MESSAGES.paymentsNotConfigured);
      // A retried create-checkout (same Idempotency-Key) answers with the same session, never a second one.
      return once(c, `POST /api/payments/create-checkout ${amount}`, async ({ key }) => {
        if (mode === 'stripe') {
          try {
            // Stripe sends the buyer back to the configured origin, never to the request's Host (docs/decisions/0024).
            return c.json(
              await createStripeCheckout(c.env, {
                userId: user.id,
                credits: amount,
                origin: appOrigin(c.env),
                next,
                idempotencyKey: key,
              }),
            );
          } catch (err) {
            log('error', 'stripe checkout failed', { requestId: c.var.requestId, error: err });
            return fail(c, 502, PAYMENT_PROVIDER_ERROR);
          }
        }
        // docs/product.md#payments: in sandbox mode, a test-mode checkout in the app completes the purchase.
        const id = `cs_sandbox_${randomToken(18)}`;
        await createCheckoutSession(c.env.DB, { id, userId: user.id, credits: amount, provider: 'sandbox' });
        return c.json({ url: sandboxCheckoutPath(id, next) });
      });
    },
  )
  .get(
    '/sandbox/:id',
    route({
      tag: 'credits',
      summary: 'A sandbox checkout (sandbox only)',
      access: 'signed-in',
      parameters: [SANDBOX_ID],
      responses: {
        200: json(
          v.object({ id: v.string(), credits: v.number(), amountCents: v.number(), status: sessionStatus }),
          'The checkout',
        ),
        404: error(SESSION_NOT_FOUND),
      },
    }),
    async (c) => {
      const session = await ownSandboxSession(c);
      if (!session) return fail(c, 404, SESSION_NOT_FOUND);
      return c.json({
        id: session.id,
        credits: session.credits,
        amountCents: session.amountCents,
        status: session.status,
      });
    },
  )
  .post(
    '/sandbox/:id/complete',
    route({
      tag: 'credits',
      summary: 'Pay a sandbox checkout (sandbox only)',
      access: 'signed-in',
      parameters: [SANDBOX_ID],
      responses: {
        200: json(
          v.object({ ...balanceSchema.entries, credits: v.number(), status: v.literal('completed') }),
          'Paid: the balance after',
        ),
        404: error(SESSION_NOT_FOUND),
        409: error('The checkout was cancelled'),
      },
    }),
    async (c) => {
      const session = await ownSandboxSession(c);
      if (!session) return fail(c, 404, SESSION_NOT_FOUND);
      if (session.status === 'expired')
        return fail(c, 409, 'This checkout was cancelled. Please start a new purchase.');
      await completePurchase(c.env.DB, { sessionId: session.id, userId: session.userId, credits: session.credits });
      return c.json({
        ...(await getBalance(c.env.DB, session.userId)),
        credits: session.credits,
        status: 'completed' as const,
      });
    },
  )
  .post(
    '/sandbox/:id/cancel',
    route({
      tag: 'credits',
      summary: 'Cancel a sandbox checkout (sandbox only)',
      access: 'signed-in',
      parameters: [SANDBOX_ID],
      responses: {
        200: json(
          v.object({ id: v.string(), status: v.picklist(['completed', 'expired']) }),
          'Cancelled, unless already paid',
        ),
        404: error(SESSION_NOT_FOUND),
      },
    }),
    async (c) => {
      const session = await ownSandboxSession(c);
      if (!session) return fail(c, 404, SESSION_NOT_FOUND);
      await expireCheckoutSession(c.env.DB, session.id);
      return c.json({
        id: session.id,
        status: session.status === 'completed' ? ('completed' as const) : ('expired' as const),
      });
    },
  );
