import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { centsToCredits, PAYOUT_MAX_CENTS, PAYOUT_MIN_CENTS } from '#common/constants.ts';
import { formatCents } from '#common/format.ts';
import type { PayoutAccountStatus } from '#common/types.ts';
import { MESSAGES } from '#common/validation.ts';
import { creatorSharePercent, earningsHoldDays, paymentsMode, type AppEnv } from '#worker/env.ts';
import { randomToken } from '#worker/lib/crypto.ts';
import { fail } from '#worker/lib/http.ts';
import { once } from '#worker/lib/idempotency.ts';
import { log } from '#worker/lib/log.ts';
import {
  applyPayoutState,
  findPayout,
  getEarnings,
  getPayoutAccount,
  listPayouts,
  moveEarningsToCredits,
  reservePayout,
  savePayoutAccount,
  setTransferId,
  toPayout,
  updatePayoutAccount,
  type PayoutAccount,
  type PayoutRecord,
} from '#worker/domain/credits/index.ts';
import {
  balanceSchema,
  earningsSchema,
  linkSchema,
  payoutAccountStatusSchema,
  payoutSchemaOut,
  statementMonthSchema,
} from '#common/api-schemas.ts';
import { csv, error, IDEMPOTENCY_KEY_HEADER, json, route } from '#worker/lib/openapi.ts';
import { idParam, jsonBody, validated } from '#worker/lib/validator.ts';
import { ownList } from '#worker/lib/own-list.ts';
import { requireUser } from '#worker/middleware/session.ts';
import { PAYMENT_PROVIDER_ERROR } from '#worker/lib/stripe.ts';
import {
  createExpressAccount,
  createOnboardingLink,
  createTransfer,
  refusedByStripe,
  retrieveAccountFlags,
} from './connect';
import { csvResponse } from '#worker/lib/csv.ts';
import {
  earningsOwedMessage,
  INVALID_STATEMENT_MONTH,
  owedCents,
  STATEMENT_MONTH,
  statementFileName,
} from '#common/earnings.ts';
import { statementCsv, statementMonths, statementRows } from './statements';

export const NOTHING_AVAILABLE = 'Less than one credit of your earnings is available yet';
export const MORE_THAN_AVAILABLE = 'That is more than your available earnings';
export const INVALID_CREDITS = 'Credits must be a whole number of at least 1';
export const NOT_CONNECTED = 'Connect a payout account first';
export const ACCOUNT_NOT_READY = 'Your payout account is not ready yet: finish the onboarding with Stripe first';
export const BELOW_MINIMUM_AVAILABLE = `Less than ${formatCents(PAYOUT_MIN_CENTS)} of your earnings is available`;
export const PAYOUT_NOT_FOUND = 'Payout not found';
export const TRANSFER_REFUSED = 'Stripe refused the transfer. The money is back in your available earnings.';
export const TRANSFER_PENDING =
  'The payout is recorded but Stripe did not answer. Please try again: it will not be paid twice.';
export const ALREADY_SETTLED = 'This payout is no longer pending';

const toCreditsSchema = v.object({
  credits: v.optional(
    v.pipe(
      v.number(INVALID_CREDITS),
      v.integer(INVALID_CREDITS),
      v.minValue(1, INVALID_CREDITS),
      v.maxValue(1_000_000_000, INVALID_CREDITS),
    ),
  ),
});

const payoutSchema = v.object({
  amountCents: v.optional(
    v.pipe(
      v.number(MESSAGES.payoutAmount),
      v.integer(MESSAGES.payoutAmount),
      v.minValue(PAYOUT_MIN_CENTS, MESSAGES.payoutMinimum),
      v.maxValue(PAYOUT_MAX_CENTS, MESSAGES.payoutAmount),
    ),
  ),
});

const OUTCOME = "Outcome must be 'paid' or 'failed'";
const sandboxOutcomeSchema = v.object({ outcome: v.picklist(['paid', 'failed'], OUTCOME) });
const monthSchema = v.object({
  month: v.pipe(v.string(INVALID_STATEMENT_MONTH), v.regex(STATEMENT_MONTH, INVALID_STATEMENT_MONTH)),
});

const terms = (env: AppEnv['Bindings']) => ({
  sharePercent: creatorSharePercent(env),
  holdDays: earningsHoldDays(env),
});

/** Payouts need Stripe keys or the sandbox (never in production: scripts/check-deploy.mjs). */
const payoutsConfigured: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (paymentsMode(c.env) === 'none') return fail(c, 503, MESSAGES.payoutsNotConfigured);
  await next();
};

/** The sandbox's own routes exist only in sandbox mode; with keys they are as missing as any unknown route. */
const sandboxOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const mode = paymentsMode(c.env);
  if (mode === 'none') return fail(c, 503, MESSAGES.payoutsNotConfigured);
  if (mode !== 'sandbox') return fail(c, 404, 'Not found');
  await next();
};

/**
 * The caller's account for the current mode (one of the other provider, the sandbox's once keys are
 * set, cannot receive anything). One that has not finished onboarding is asked about at Stripe: the
 * creator may be back from onboarding before Stripe's account.updated webhook.
 */
async function currentAccount(c: Context<AppEnv>): Promise<PayoutAccount | null> {
  const mode = paymentsMode(c.env);
  const account = mode === 'none' ? null : await getPayoutAccount(c.env.DB, c.var.user!.id);
  if (!account || account.provider !== mode) return null;
  if (account.provider === 'stripe' && !account.payoutsEnabled) {
    try {
      const flags = await retrieveAccountFlags(c.env, account.stripeAccountId);
      await updatePayoutAccount(c.env.DB, account.stripeAccountId, flags);
      return { ...account, ...flags };
    } catch (err) {
      log('warn', 'stripe account retrieve failed', { requestId: c.var.requestId, error: err });
    }
  }
  return account;
}

async function accountStatus(c: Context<AppEnv>): Promise<PayoutAccountStatus> {
  const mode = paymentsMode(c.env);
  const usable = await currentAccount(c);
  return {
    mode,
    account: usable && {
      provider: usable.provider,
      detailsSubmitted: usable.detailsSubmitted,
      payoutsEnabled: usable.payoutsEnabled,
    },
    minimumCents: PAYOUT_MIN_CENTS,
  };
}

/**
 * Sends a reserved payout's transfer (Stripe mode): its id is stored, and the state then comes from
 * Stripe's webhooks. A refusal fails the payout (the money back); no answer leaves it pending for a
 * retry with the same Idempotency-Key, which sends it again under the same Stripe key.
 */
async function sendPayout(c: Context<AppEnv>, payout: PayoutRecord) {
  if (payout.provider !== 'stripe' || payout.state !== 'pending' || payout.stripeTransferId) return null;
  try {
    await setTransferId(c.env.DB, payout.id, await createTransfer(c.env, payout));
    return null;
  } catch (err) {
    log('error', 'stripe transfer failed', { requestId: c.var.requestId, payoutId: payout.id, error: err });
    if (refusedByStripe(err)) {
      await applyPayoutState(c.env.DB, payout.id, 'failed', 'Stripe refused the transfer');
      return fail(c, 502, TRANSFER_REFUSED);
    }
    return fail(c, 502, TRANSFER_PENDING);
  }
}

/** The caller's own earnings and payouts (session only, docs/decisions/0029). */
export const earningsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .use('/payout-account/sandbox', sandboxOnly)
  .use('/payouts/:id/sandbox', sandboxOnly)
  .get(
    '/',
    route({
      tag: 'earnings',
      summary: 'Your earnings as a creator',
      access: 'signed-in',
      responses: { 200: json(earningsSchema, 'Pending, available, lifetime and paid out, in cents') },
    }),
    async (c) => c.json(await getEarnings(c.env.DB, c.var.user!.id, terms(c.env))),
  )
  // Moves available earnings into the caller's credits at once: all whole credits, or `credits` of them.
  .post(
    '/to-credits',
    route({
      tag: 'earnings',
      summary: 'Move available earnings into your credits',
      description: 'All whole credits, or `credits` of them; once per Idempotency-Key.',
      access: 'signed-in',
      parameters: [IDEMPOTENCY_KEY_HEADER],
      responses: {
        200: json(
          v.object({ ...balanceSchema.entries, moved: v.number(), earnings: earningsSchema }),
          'Moved: the balance after and the earnings left',
        ),
        409: error(`${NOTHING_AVAILABLE}, more than is available, or the creator owes after a refund`),
      },
    }),
    jsonBody(toCreditsSchema),
    async (c) => {
      const userId = c.var.user!.id;
      const asked = c.req.valid('json').credits;
      return once(c, 'POST /api/earnings/to-credits', async (step) => {
        const { availableCents } = await getEarnings(c.env.DB, userId, terms(c.env));
        // Owing after a refund: say so rather than 'less than one credit' (takeAvailable refuses it anyway).
        if (availableCents < 0) return fail(c, 409, earningsOwedMessage(owedCents(availableCents)));
        const credits = asked ?? centsToCredits(availableCents);
        if (credits < 1) return fail(c, 409, NOTHING_AVAILABLE);
        const balance = await moveEarningsToCredits(
          c.env.DB,
          userId,
          credits,
          `to-credits:${userId}:${step.key ?? crypto.randomUUID()}`,
        );
        if (!balance) return fail(c, 409, asked ? MORE_THAN_AVAILABLE : NOTHING_AVAILABLE);
        return c.json({ ...balance, moved: credits, earnings: await getEarnings(c.env.DB, userId, terms(c.env)) });
      });
    },
  )
  .get(
    '/payout-account',
    route({
      tag: 'earnings',
      summary: 'Where your payouts go',
      access: 'signed-in',
      responses: { 200: json(payoutAccountStatusSchema, 'The connected account, if any') },
    }),
    async (c) => c.json(await accountStatus(c)),
  )
  // Starts (or resumes) connecting: Stripe's onboarding link, or the sandbox's test page.
  .post(
    '/payout-account',
    route({
      tag: 'earnings',
      summary: 'Start or resume connecting a payout account',
      access: 'signed-in',
      responses: {
        200: json(v.object({ url: linkSchema }), "Stripe's onboarding page, or the sandbox's"),
        502: error(PAYMENT_PROVIDER_ERROR),
        503: error(MESSAGES.payoutsNotConfigured),
      },
    }),
    payoutsConfigured,
    async (c) => {
      const user = c.var.user!;
      if (paymentsMode(c.env) === 'sandbox') return c.json({ url: '/payouts/sandbox' });
      try {
        let account = await getPayoutAccount(c.env.DB, user.id);
        if (!account || account.provider !== 'stripe') {
          account = await savePayoutAccount(c.env.DB, user.id, await createExpressAccount(c.env, user));
        }
        // Stripe sends the creator back to the configured origin, never to the request's Host (docs/decisions/0024).
        return c.json({ url: await createOnboardingLink(c.env, account.stripeAccountId) });
      } catch (err) {
        log('error', 'stripe connect failed', { requestId: c.var.requestId, error: err });
        return fail(c, 502, PAYMENT_PROVIDER_ERROR);
      }
    },
  )
  // The sandbox's onboarding page connects a pretend account that can receive pretend transfers.
  .post(
    '/payout-account/sandbox',
    route({
      tag: 'earnings',
      summary: 'Connect a pretend payout account (sandbox only)',
      access: 'signed-in',
      responses: { 200: json(payoutAccountStatusSchema, 'Connected'), 404: error('Not the sandbox') },
    }),
    async (c) => {
      const userId = c.var.user!.id;
      const existing = await getPayoutAccount(c.env.DB, userId);
      if (existing?.provider !== 'sandbox') {
        await savePayoutAccount(c.env.DB, userId, {
          stripeAccountId: `acct_sandbox_${randomToken(12)}`,
          provider: 'sandbox',
          detailsSubmitted: true,
          payoutsEnabled: true,
        });
      }
      return c.json(await accountStatus(c));
    },
  )
  .get(
    '/payouts',
    route({
      tag: 'earnings',
      summary: 'Your payouts',
      access: 'signed-in',
      responses: { 200: json(v.object({ payouts: v.array(payoutSchemaOut) }), 'Newest first') },
    }),
    async (c) => c.json({ payouts: await listPayouts(c.env.DB, c.var.user!.id) }),
  )
  // A payout of available earnings (all of them, or `amountCents`) to the connected account, from $20.
  .post(
    '/payouts',
    route({
      tag: 'earnings',
      summary: 'Pay out available earnings to your connected account',
      description: `All of them, or amountCents; at least ${PAYOUT_MIN_CENTS} cents; once per Idempotency-Key.`,
      access: 'signed-in',
      parameters: [IDEMPOTENCY_KEY_HEADER],
      responses: {
        201: json(v.object({ payout: payoutSchemaOut, earnings: earningsSchema }), 'Sent'),
        409: error('No account connected or ready, not enough available, or the creator owes after a refund'),
        502: error(TRANSFER_REFUSED),
        503: error(MESSAGES.payoutsNotConfigured),
      },
    }),
    payoutsConfigured,
    jsonBody(payoutSchema),
    async (c) => {
      const userId = c.var.user!.id;
      const asked = c.req.valid('json').amountCents;
      const mode = paymentsMode(c.env) as 'stripe' | 'sandbox';
      return once(c, 'POST /api/earnings/payouts', async (step) => {
        const key = `payout:${userId}:${step.key ?? crypto.randomUUID()}`;
        let payout = step.applied ? await findPayout(c.env.DB, { key }) : null;
        if (!payout) {
          const account = await currentAccount(c);
          if (!account) return fail(c, 409, NOT_CONNECTED);
          if (!account.payoutsEnabled) return fail(c, 409, ACCOUNT_NOT_READY);
          const { availableCents } = await getEarnings(c.env.DB, userId, terms(c.env));
          if (availableCents < 0) return fail(c, 409, earningsOwedMessage(owedCents(availableCents)));
          const cents = asked ?? availableCents;
          if (cents < PAYOUT_MIN_CENTS) return fail(c, 409, BELOW_MINIMUM_AVAILABLE);
          payout = await reservePayout(c.env.DB, {
            creatorId: userId,
            cents,
            key,
            provider: mode,
            stripeAccountId: account.stripeAccountId,
          });
          if (!payout) return fail(c, 409, asked ? MORE_THAN_AVAILABLE : BELOW_MINIMUM_AVAILABLE);
          await step.markApplied();
        }
        const refused = await sendPayout(c, payout);
        if (refused) return refused;
        const sent = (await findPayout(c.env.DB, { id: payout.id }))!;
        // A retry of a request whose transfer Stripe refused gets the same refusal.
        if (sent.state === 'failed' && !sent.stripeTransferId) return fail(c, 502, TRANSFER_REFUSED);
        return c.json({ payout: toPayout(sent), earnings: await getEarnings(c.env.DB, userId, terms(c.env)) }, 201);
      });
    },
  )
  // The sandbox stands in for Stripe's webhook: the page confirms (or fails) a pending test transfer.
  .post(
    '/payouts/:id/sandbox',
    route({
      tag: 'earnings',
      summary: 'Settle a pretend payout (sandbox only)',
      access: 'signed-in',
      responses: {
        200: json(v.object({ payout: payoutSchemaOut, earnings: earningsSchema }), 'Settled'),
        404: error(PAYOUT_NOT_FOUND),
        409: error(ALREADY_SETTLED),
      },
    }),
    jsonBody(sandboxOutcomeSchema),
    idParam('id', PAYOUT_NOT_FOUND),
    async (c) => {
      const userId = c.var.user!.id;
      const { id } = c.req.valid('param');
      const payout = await findPayout(c.env.DB, { id });
      // Another creator's payout is as missing as an unknown one.
      if (!payout || payout.creatorId !== userId || payout.provider !== 'sandbox')
        return fail(c, 404, PAYOUT_NOT_FOUND);
      const { outcome } = c.req.valid('json');
      if (payout.state !== 'pending') return fail(c, 409, ALREADY_SETTLED);
      if (!payout.stripeTransferId) await setTransferId(c.env.DB, payout.id, `tr_sandbox_${randomToken(12)}`);
      // Two taps at once both read 'pending': only the one whose update changed the payout settled it.
      const applied = await applyPayoutState(
        c.env.DB,
        payout.id,
        outcome,
        outcome === 'failed' ? 'The test transfer was failed on purpose' : undefined,
      );
      if (!applied) return fail(c, 409, ALREADY_SETTLED);
      const settled = (await findPayout(c.env.DB, { id: payout.id }))!;
      return c.json({ payout: toPayout(settled), earnings: await getEarnings(c.env.DB, userId, terms(c.env)) });
    },
  )
  // Monthly statements (UTC months): the months that have rows, and one month as a CSV download.
  .get(
    '/statements',
    ...ownList(
      { tag: 'earnings', summary: 'Months with a statement' },
      statementMonthSchema,
      'Newest first',
      statementMonths,
    ),
  )
  .get(
    '/statements/:month',
    route({
      tag: 'earnings',
      summary: "A month's statement as CSV",
      access: 'signed-in',
      responses: { 200: csv('The statement, one row per ledger entry') },
    }),
    validated('param', monthSchema),
    async (c) => {
      const { month } = c.req.valid('param');
      return csvResponse(
        c,
        statementFileName(month),
        statementCsv(await statementRows(c.env.DB, c.var.user!.id, month)),
      );
    },
  );
