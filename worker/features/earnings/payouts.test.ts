// Creator payouts through Stripe Connect (docs/decisions/0029, '## Payouts'): connecting an
// Express account, payouts from $20 that never exceed the available balance, their states from
// Stripe's signed webhooks applied once, the sandbox, and the money identity throughout.
import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { app } from '#worker/app.ts';
import type { Bindings } from '#worker/env.ts';
import {
  call,
  client,
  clientWith,
  createUser,
  db,
  okBody,
  seedCatalog,
  signIn,
  untypedBody,
} from '#worker/test/fixtures.ts';

vi.setConfig({ testTimeout: 60_000 });

const SECRET = 'whsec_test_payouts';
const STAND_IN = inject('stripeApiBase');
const stripeEnv: Bindings = {
  ...env,
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_API_BASE: STAND_IN,
};
const noPayments: Bindings = { ...env, PAYMENTS_MODE: undefined };
const stripe = new Stripe('sk_test_standin');

/** A request to the worker under other bindings, as a browser on its own origin sends it. */
function callWith(
  bindings: Bindings,
  path: string,
  init: { method?: string; json?: unknown; cookie?: string; headers?: Record<string, string>; host?: string } = {},
) {
  const host = init.host ?? 'localhost';
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('Cookie', init.cookie);
  if (init.json !== undefined) headers.set('Content-Type', 'application/json');
  const method = init.method ?? (init.json !== undefined ? 'POST' : 'GET');
  if (method !== 'GET') headers.set('Origin', `http://${host}`);
  return app.fetch(
    new Request(`http://${host}${path}`, {
      method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    }),
    bindings,
  );
}

const one = async <T>(query: string, ...binds: unknown[]) =>
  (await db()
    .prepare(query)
    .bind(...binds)
    .first<T>())!;

/** Credits sold + grants = people's credits + creators' earnings + platform share + paid out (cents). */
async function expectMoneyIdentity() {
  const inflow = await one<{ s: number }>(
    "SELECT coalesce(sum(amount), 0) * 100 AS s FROM credit_ledger WHERE kind IN ('signup', 'purchase', 'admin_topup')",
  );
  const credits = await one<{ s: number }>('SELECT coalesce(sum(credits), 0) * 100 AS s FROM users');
  const earnings = await one<{ creators: number; platform: number }>(
    'SELECT coalesce(sum(amount_cents), 0) AS creators, coalesce(sum(platform_cents), 0) AS platform FROM creator_earnings',
  );
  const paidOut = await one<{ s: number }>(
    "SELECT coalesce(sum(amount_cents), 0) AS s FROM payouts WHERE state IN ('pending', 'paid')",
  );
  expect(credits.s + earnings.creators + earnings.platform + paidOut.s).toBe(inflow.s);
}

let agentCounter = 0;

/**
 * A creator whose agent (25 credits a try: $20.00 to the creator) was tried `tries` times by someone
 * else, with the holding period over: `tries` × $20 available, earned through real tries.
 */
async function creatorWithAvailable(tries: number, options: { email?: string } = {}) {
  const creator = await createUser({ credits: 0, email: options.email });
  const cookie = await signIn(creator.id);
  const agent = await one<{ id: number }>(
    `INSERT INTO agents (name, description, category_id, department_id, creator_id, credit_cost) VALUES (?, 'An agent that earns its creator a payout.', 1, 1, ?, 25) RETURNING id`,
    `Payout agent ${++agentCounter}`,
    creator.id,
  );
  const buyer = await createUser({ credits: 25 * tries });
  const buyerCookie = await signIn(buyer.id);
  for (let i = 0; i < tries; i++)
    expect((await call(`/api/agents/${agent.id}/try`, { method: 'POST', cookie: buyerCookie })).status).toBe(200);
  await db()
    .prepare(
      "UPDATE creator_earnings SET available_at = '2000-01-01T00:00:00.000Z' WHERE creator_id = ? AND kind = 'earning'",
    )
    .bind(creator.id)
    .run();
  return { ...creator, cookie };
}

const earningsOf = async (cookie: string, bindings: Bindings = env) =>
  okBody(await clientWith(bindings, cookie).earnings.$get());
const accountOf = async (cookie: string, bindings: Bindings = env) =>
  okBody(await clientWith(bindings, cookie).earnings['payout-account'].$get());
const payoutsOf = async (cookie: string) => okBody(await client(cookie).earnings.payouts.$get());
const requestPayout = (cookie: string, body: unknown = {}, options: { key?: string; bindings?: Bindings } = {}) =>
  callWith(options.bindings ?? env, '/api/earnings/payouts', {
    json: body,
    cookie,
    headers: options.key ? { 'Idempotency-Key': options.key } : {},
  });
const connectSandbox = async (cookie: string) =>
  expect((await call('/api/earnings/payout-account/sandbox', { method: 'POST', cookie })).status).toBe(200);
const returnedRows = async (payoutId: number) =>
  (
    await one<{ n: number }>(
      "SELECT count(*) AS n FROM creator_earnings WHERE kind = 'payout_returned' AND idempotency_key = 'returned:' || (SELECT idempotency_key FROM payouts WHERE id = ?)",
      payoutId,
    )
  ).n;

beforeAll(async () => {
  await seedCatalog();
  // The seeded accounts hold credits no ledger row granted: the money identity starts from accounts made here.
  await db().prepare('UPDATE users SET credits = 0 WHERE id IN (1, 2)').run();
});

describe('payouts: who may ask', () => {
  it('every payout route answers 401 without a session', async () => {
    for (const [path, method] of [
      ['/api/earnings/payout-account', 'GET'],
      ['/api/earnings/payout-account', 'POST'],
      ['/api/earnings/payout-account/sandbox', 'POST'],
      ['/api/earnings/payouts', 'GET'],
      ['/api/earnings/payouts', 'POST'],
      ['/api/earnings/payouts/1/sandbox', 'POST'],
    ] as const) {
      const res = await call(path, { method, json: method === 'POST' ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('with neither Stripe keys nor the sandbox: a clear 503, and the account status says so', async () => {
    const creator = await creatorWithAvailable(1);
    const res = await requestPayout(creator.cookie, {}, { bindings: noPayments });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Payouts are not configured', error: 'Payouts are not configured' });
    expect(
      (await callWith(noPayments, '/api/earnings/payout-account', { method: 'POST', cookie: creator.cookie })).status,
    ).toBe(503);
    const status = await accountOf(creator.cookie, noPayments);
    expect(status).toEqual({ mode: 'none', account: null, minimumCents: 2000 });
  });

  it("another creator's payout is 404 and stays as it was", async () => {
    const a = await creatorWithAvailable(1);
    await connectSandbox(a.cookie);
    const { payout } = await untypedBody.payout(await requestPayout(a.cookie));
    const b = await creatorWithAvailable(1);
    const res = await call(`/api/earnings/payouts/${payout.id}/sandbox`, {
      json: { outcome: 'failed' },
      cookie: b.cookie,
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Payout not found' });
    expect(await payoutsOf(b.cookie)).toEqual({ payouts: [] });
    expect(await one('SELECT state FROM payouts WHERE id = ?', payout.id)).toEqual({ state: 'pending' });
    expect((await earningsOf(b.cookie)).availableCents).toBe(2000);
  });
});

describe('payouts in the sandbox', () => {
  it('refuses before an account is connected, under $20 and for more than is available, each with a clear message', async () => {
    const creator = await creatorWithAvailable(1);
    let res = await requestPayout(creator.cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: 'Connect a payout account first' });

    expect(
      await (await call('/api/earnings/payout-account', { method: 'POST', cookie: creator.cookie })).json(),
    ).toEqual({ url: '/payouts/sandbox' });
    await connectSandbox(creator.cookie);
    const status = await accountOf(creator.cookie);
    expect(status).toEqual({
      mode: 'sandbox',
      account: { provider: 'sandbox', detailsSubmitted: true, payoutsEnabled: true },
      minimumCents: 2000,
    });

    res = await requestPayout(creator.cookie, { amountCents: 1999 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'The smallest payout is $20.00' });
    for (const amountCents of ['2000', 2000.5, -5, null, 1e12]) {
      const bad = await requestPayout(creator.cookie, { amountCents });
      expect(bad.status, String(amountCents)).toBe(400);
    }
    res = await requestPayout(creator.cookie, { amountCents: 2001 });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: 'That is more than your available earnings' });

    // $12.00 available after a move to credits: below the minimum, asked for all of it.
    await call('/api/earnings/to-credits', { json: { credits: 8 }, cookie: creator.cookie });
    res = await requestPayout(creator.cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: 'Less than $20.00 of your earnings is available' });
    expect(await one('SELECT count(*) AS n FROM payouts WHERE creator_id = ?', creator.id)).toEqual({ n: 0 });
    await expectMoneyIdentity();
  });

  it('20 payout requests at once never take more than is available; the balance never goes below zero', async () => {
    const creator = await creatorWithAvailable(5);
    await connectSandbox(creator.cookie);
    expect((await earningsOf(creator.cookie)).availableCents).toBe(10_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        requestPayout(creator.cookie, { amountCents: 2000 }, { key: `payout-race-${i}` }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    const after = await earningsOf(creator.cookie);
    expect(after).toMatchObject({ availableCents: 0, paidOutCents: 10_000, lifetimeCents: 10_000 });
    expect(
      await one('SELECT count(*) AS n, sum(amount_cents) AS s FROM payouts WHERE creator_id = ?', creator.id),
    ).toEqual({ n: 5, s: 10_000 });
    await expectMoneyIdentity();

    // All of it at once, 20 times, without keys: one wins.
    const other = await creatorWithAvailable(2);
    await connectSandbox(other.cookie);
    const all = await Promise.all(Array.from({ length: 20 }, () => requestPayout(other.cookie)));
    expect(all.filter((r) => r.status === 201)).toHaveLength(1);
    expect((await earningsOf(other.cookie)).availableCents).toBe(0);
    await expectMoneyIdentity();
  });

  it('one payout per Idempotency-Key: repeats get the same answer', async () => {
    const creator = await creatorWithAvailable(3);
    await connectSandbox(creator.cookie);
    const answers = await Promise.all(
      [1, 2, 3].map(() => requestPayout(creator.cookie, { amountCents: 2500 }, { key: 'payout-once-0001' })),
    );
    const bodies = await Promise.all(answers.map(untypedBody.payout));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(bodies.map((b) => b.payout.id)).size).toBe(1);
    expect(
      (await requestPayout(creator.cookie, { amountCents: 2500 }, { key: 'payout-once-0001' })).headers.get(
        'Idempotent-Replayed',
      ),
    ).toBe('true');
    expect((await earningsOf(creator.cookie)).availableCents).toBe(6000 - 2500);
  });

  it('a sandbox payout goes pending → paid on the test page’s confirm; a failed one puts the money back once', async () => {
    const creator = await creatorWithAvailable(2);
    await connectSandbox(creator.cookie);
    const first = await untypedBody.payout(await requestPayout(creator.cookie, { amountCents: 2000 }));
    expect(first.payout).toMatchObject({ amountCents: 2000, state: 'pending', provider: 'sandbox' });
    expect(first.earnings).toMatchObject({ availableCents: 2000, paidOutCents: 2000 });
    const paid = await call(`/api/earnings/payouts/${first.payout.id}/sandbox`, {
      json: { outcome: 'paid' },
      cookie: creator.cookie,
    });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({
      payout: { state: 'paid' },
      earnings: { availableCents: 2000, paidOutCents: 2000 },
    });
    const again = await call(`/api/earnings/payouts/${first.payout.id}/sandbox`, {
      json: { outcome: 'failed' },
      cookie: creator.cookie,
    });
    expect(again.status).toBe(409);

    const second = await untypedBody.payout(await requestPayout(creator.cookie));
    expect((await earningsOf(creator.cookie)).availableCents).toBe(0);
    const failed = await Promise.all(
      [1, 2].map(() =>
        call(`/api/earnings/payouts/${second.payout.id}/sandbox`, {
          json: { outcome: 'failed' },
          cookie: creator.cookie,
        }),
      ),
    );
    expect(failed.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await returnedRows(second.payout.id)).toBe(1);
    expect(await earningsOf(creator.cookie)).toMatchObject({ availableCents: 2000, paidOutCents: 2000 });
    const list = await payoutsOf(creator.cookie);
    expect(list.payouts.map((p) => [p.id, p.state])).toEqual([
      [second.payout.id, 'failed'],
      [first.payout.id, 'paid'],
    ]);
    expect(list.payouts[0]!.failureReason).toBe('The test transfer was failed on purpose');
    expect(JSON.stringify(list)).not.toMatch(/acct_|tr_|idempotency/);
    const bad = await call(`/api/earnings/payouts/${first.payout.id}/sandbox`, {
      json: { outcome: 'paid!' },
      cookie: creator.cookie,
    });
    expect(bad.status).toBe(400);
    await expectMoneyIdentity();
  });
});

// ---------------------------------------------------------------------------------------------
// Stripe mode, through the loopback stand-in and the SDK's own webhook signatures.

interface Recorded {
  path: string;
  idempotencyKey?: string;
  form: Record<string, string>;
}
const recorded = async () => (await (await fetch(`${STAND_IN}/__requests`)).json()) as Recorded[];

let eventCounter = 0;
async function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({ id: `evt_payout_${++eventCounter}`, object: 'event', type, data: { object } });
  const header = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: SECRET });
  const res = await app.fetch(
    new Request('http://localhost/api/payments/webhook', {
      method: 'POST',
      headers: { 'Stripe-Signature': header, 'Content-Type': 'application/json' },
      body: payload,
    }),
    stripeEnv,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { received: boolean; payout?: string };
}

/** The transfer object Stripe sends in transfer.* events. */
const transferObject = (t: {
  id: string;
  amount: number;
  destination: string;
  payoutId: number;
  reversed?: boolean;
}) => ({
  id: t.id,
  object: 'transfer',
  amount: t.amount,
  amount_reversed: t.reversed ? t.amount : 0,
  currency: 'usd',
  destination: t.destination,
  metadata: { payoutId: String(t.payoutId) },
  reversed: Boolean(t.reversed),
  livemode: false,
});

/** A creator with an Express account through the stand-in, onboarding finished. */
async function connectedStripeCreator(tries: number, email?: string) {
  const creator = await creatorWithAvailable(tries, { email });
  const res = await callWith(stripeEnv, '/api/earnings/payout-account', { method: 'POST', cookie: creator.cookie });
  expect(res.status).toBe(200);
  const account = await one<{ stripe_account_id: string }>(
    'SELECT stripe_account_id FROM payout_accounts WHERE user_id = ?',
    creator.id,
  );
  expect((await fetch(`${STAND_IN}/__accounts/${account.stripe_account_id}/complete`, { method: 'POST' })).status).toBe(
    200,
  );
  return { ...creator, accountId: account.stripe_account_id };
}

describe('payouts through Stripe Connect', () => {
  it('creates an Express account and an onboarding link back to the configured origin, whatever the Host', async () => {
    const creator = await creatorWithAvailable(1);
    const configured = { ...stripeEnv, APP_ORIGIN: 'https://agents.example.com' };
    const res = await callWith(configured, '/api/earnings/payout-account', {
      method: 'POST',
      cookie: creator.cookie,
      host: 'evil.example',
    });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const account = await one<{ stripe_account_id: string; provider: string; payouts_enabled: number }>(
      'SELECT stripe_account_id, provider, payouts_enabled FROM payout_accounts WHERE user_id = ?',
      creator.id,
    );
    expect(account).toMatchObject({ provider: 'stripe', payouts_enabled: 0 });
    expect(url).toBe(`${STAND_IN}/setup/${account.stripe_account_id}`);
    const sent = await recorded();
    const created = sent.find((r) => r.path === '/v1/accounts' && r.form['metadata[userId]'] === String(creator.id))!;
    expect(created.form).toMatchObject({
      type: 'express',
      email: creator.email,
      'capabilities[transfers][requested]': 'true',
    });
    expect(created.idempotencyKey).toBe(`connect-account:${creator.id}`);
    expect(
      sent.find((r) => r.path === '/v1/account_links' && r.form.account === account.stripe_account_id)!.form,
    ).toEqual({
      account: account.stripe_account_id,
      type: 'account_onboarding',
      return_url: 'https://agents.example.com/my-agents?tab=insights&payouts=connected',
      refresh_url: 'https://agents.example.com/my-agents?tab=insights&payouts=expired',
    });

    // Onboarding unfinished: no payout yet. A second connect resumes the same account with a new link.
    const early = await requestPayout(creator.cookie, {}, { bindings: stripeEnv });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({
      message: 'Your payout account is not ready yet: finish the onboarding with Stripe first',
    });
    await callWith(stripeEnv, '/api/earnings/payout-account', { method: 'POST', cookie: creator.cookie });
    expect(await one('SELECT count(*) AS n FROM payout_accounts WHERE user_id = ?', creator.id)).toEqual({ n: 1 });

    // Back from onboarding: the status asks Stripe (accounts.retrieve); account.updated says the same.
    await fetch(`${STAND_IN}/__accounts/${account.stripe_account_id}/complete`, { method: 'POST' });
    const status = await accountOf(creator.cookie, stripeEnv);
    expect(status.account).toEqual({ provider: 'stripe', detailsSubmitted: true, payoutsEnabled: true });
    await db().prepare('UPDATE payout_accounts SET payouts_enabled = 0 WHERE user_id = ?').bind(creator.id).run();
    expect(
      await deliver('account.updated', {
        id: account.stripe_account_id,
        object: 'account',
        details_submitted: true,
        payouts_enabled: true,
      }),
    ).toEqual({
      received: true,
      payout: 'account',
    });
    expect(await one('SELECT payouts_enabled FROM payout_accounts WHERE user_id = ?', creator.id)).toEqual({
      payouts_enabled: 1,
    });
  });

  it('a payout is a transfer (idempotent at Stripe too), pending until transfer.created, applied once', async () => {
    const creator = await connectedStripeCreator(2);
    const res = await requestPayout(
      creator.cookie,
      { amountCents: 3000 },
      { key: 'stripe-payout-0001', bindings: stripeEnv },
    );
    expect(res.status).toBe(201);
    const { payout } = await untypedBody.payout(res);
    expect(payout).toMatchObject({ amountCents: 3000, state: 'pending', provider: 'stripe' });
    const transfers = (await recorded()).filter(
      (r) => r.path === '/v1/transfers' && r.form.destination === creator.accountId,
    );
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.idempotencyKey).toBe(`payout-transfer:${payout.id}`);
    expect(transfers[0]!.form).toMatchObject({
      amount: '3000',
      currency: 'usd',
      destination: creator.accountId,
      'metadata[payoutId]': String(payout.id),
    });
    const { stripe_transfer_id: transferId } = await one<{ stripe_transfer_id: string }>(
      'SELECT stripe_transfer_id FROM payouts WHERE id = ?',
      payout.id,
    );
    expect(transferId).toMatch(/^tr_test_/);
    expect((await earningsOf(creator.cookie, stripeEnv)).paidOutCents).toBe(3000);

    // The same signed event twice, and once more after: paid once.
    const event = transferObject({ id: transferId, amount: 3000, destination: creator.accountId, payoutId: payout.id });
    expect((await deliver('transfer.created', event)).payout).toBe('paid');
    expect((await deliver('transfer.created', event)).payout).toBe('ignored');
    expect(await one('SELECT state FROM payouts WHERE id = ?', payout.id)).toEqual({ state: 'paid' });
    expect(await earningsOf(creator.cookie, stripeEnv)).toMatchObject({ availableCents: 1000, paidOutCents: 3000 });
    await expectMoneyIdentity();

    // A transfer naming the payout with another amount or destination is not ours to apply.
    const forged = transferObject({
      id: 'tr_forged_1',
      amount: 1000,
      destination: creator.accountId,
      payoutId: payout.id,
      reversed: true,
    });
    expect((await deliver('transfer.reversed', forged)).payout).toBe('ignored');
    expect(await one('SELECT state FROM payouts WHERE id = ?', payout.id)).toEqual({ state: 'paid' });
  });

  it('a reversed transfer fails the payout and puts the money back once, whatever the order of events', async () => {
    const creator = await connectedStripeCreator(2);
    const { payout } = await untypedBody.payout(await requestPayout(creator.cookie, {}, { bindings: stripeEnv }));
    expect((await earningsOf(creator.cookie, stripeEnv)).availableCents).toBe(0);
    const { stripe_transfer_id: transferId } = await one<{ stripe_transfer_id: string }>(
      'SELECT stripe_transfer_id FROM payouts WHERE id = ?',
      payout.id,
    );
    const reversed = transferObject({
      id: transferId,
      amount: 4000,
      destination: creator.accountId,
      payoutId: payout.id,
      reversed: true,
    });
    const answers = await Promise.all([deliver('transfer.reversed', reversed), deliver('transfer.reversed', reversed)]);
    expect(answers.map((a) => a.payout).sort()).toEqual(['failed', 'ignored']);
    // A late transfer.created does not make it paid again.
    expect((await deliver('transfer.created', { ...reversed, reversed: false, amount_reversed: 0 })).payout).toBe(
      'ignored',
    );
    expect(await one('SELECT state, failure_reason FROM payouts WHERE id = ?', payout.id)).toEqual({
      state: 'failed',
      failure_reason: 'The transfer was reversed',
    });
    expect(await returnedRows(payout.id)).toBe(1);
    expect(await earningsOf(creator.cookie, stripeEnv)).toMatchObject({ availableCents: 4000, paidOutCents: 0 });
    await expectMoneyIdentity();
  });

  it('a transfer Stripe refuses fails at once with a clear message, the money back', async () => {
    const creator = await connectedStripeCreator(1, `refused-${Date.now()}@example.com`);
    const res = await requestPayout(creator.cookie, {}, { bindings: stripeEnv, key: 'stripe-refused-0001' });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      message: 'Stripe refused the transfer. The money is back in your available earnings.',
    });
    expect(await one('SELECT state FROM payouts WHERE creator_id = ?', creator.id)).toEqual({ state: 'failed' });
    expect((await earningsOf(creator.cookie, stripeEnv)).availableCents).toBe(2000);
    // The same key again sends nothing more and takes nothing more.
    expect((await requestPayout(creator.cookie, {}, { bindings: stripeEnv, key: 'stripe-refused-0001' })).status).toBe(
      502,
    );
    expect(await one('SELECT count(*) AS n FROM payouts WHERE creator_id = ?', creator.id)).toEqual({ n: 1 });
    expect((await earningsOf(creator.cookie, stripeEnv)).availableCents).toBe(2000);
    await expectMoneyIdentity();
  });

  it('the sandbox routes do not exist with Stripe keys, and a sandbox account gives way to a Stripe one', async () => {
    const creator = await creatorWithAvailable(1);
    expect(
      (await callWith(stripeEnv, '/api/earnings/payout-account/sandbox', { method: 'POST', cookie: creator.cookie }))
        .status,
    ).toBe(404);
    expect(await one('SELECT count(*) AS n FROM payout_accounts WHERE user_id = ?', creator.id)).toEqual({ n: 0 });

    await connectSandbox(creator.cookie);
    const status = await accountOf(creator.cookie, stripeEnv);
    expect(status).toMatchObject({ mode: 'stripe', account: null });
    expect((await requestPayout(creator.cookie, {}, { bindings: stripeEnv })).status).toBe(409);
    expect(
      (await callWith(stripeEnv, '/api/earnings/payout-account', { method: 'POST', cookie: creator.cookie })).status,
    ).toBe(200);
    expect(
      await one(
        "SELECT provider, stripe_account_id LIKE 'acct_test_%' AS stripe FROM payout_accounts WHERE user_id = ?",
        creator.id,
      ),
    ).toEqual({ provider: 'stripe', stripe: 1 });
  });
});
