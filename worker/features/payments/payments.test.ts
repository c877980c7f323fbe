import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '#worker/app.ts';
import type { Bindings } from '#worker/env.ts';
import { call, client, createUser, db, messageOf as message, signIn, untypedBody } from '#worker/test/fixtures.ts';
import {
  completePurchase,
  createCheckoutSession,
  expireCheckoutSession,
  getCheckoutSession,
} from '#worker/domain/credits/index.ts';

const post = (path: string, cookie?: string) => call(path, { method: 'POST', cookie });
const balanceOf = async (userId: number) =>
  (await db()
    .prepare('SELECT credits, consumed FROM users WHERE id = ?')
    .bind(userId)
    .first<{ credits: number; consumed: number }>())!;
const ledgerSum = async (userId: number) =>
  (await db()
    .prepare('SELECT coalesce(sum(amount), 0) AS s FROM credit_ledger WHERE user_id = ?')
    .bind(userId)
    .first<{ s: number }>())!.s;

/** A checkout of any amount, malformed ones included (so the raw `call`). */
async function checkout(cookie: string, amount: unknown = 50) {
  const res = await call('/api/payments/create-checkout', { json: { amount }, cookie });
  return { res, id: res.ok ? (await untypedBody.checkout(res.clone())).url.split('/').pop()! : '' };
}

describe('sandbox checkout (no Stripe keys)', () => {
  it('creates a session, completes it once and credits the ledger once', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { res, id } = await checkout(cookie, 120);
    expect(res.status).toBe(200);
    expect(id).toMatch(/^cs_sandbox_[\w-]+$/);
    expect(await res.json()).toEqual({ url: `/checkout/sandbox/${id}` });
    const row = await db()
      .prepare('SELECT user_id, credits, amount_cents, provider, status FROM checkout_sessions WHERE id = ?')
      .bind(id)
      .first();
    expect(row).toEqual({ user_id: user.id, credits: 120, amount_cents: 12000, provider: 'sandbox', status: 'open' });
    expect(await (await call(`/api/payments/sandbox/${id}`, { cookie })).json()).toEqual({
      id,
      credits: 120,
      amountCents: 12000,
      status: 'open',
    });

    const done = await post(`/api/payments/sandbox/${id}/complete`, cookie);
    expect(done.status).toBe(200);
    const first = await done.json();
    expect(first).toMatchObject({ balance: 220, credits: 120, status: 'completed' });
    const repeat = await post(`/api/payments/sandbox/${id}/complete`, cookie);
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual(first);
    expect(await (await call(`/api/payments/sandbox/${id}`, { cookie })).json()).toMatchObject({ status: 'completed' });

    const list = await (await client(cookie).credits.transactions.$get()).json();
    expect(list.filter((t) => t.kind === 'purchase')).toEqual([
      expect.objectContaining({ amount: 120, balanceAfter: 220, reference: id, description: 'Bought 120 credits' }),
    ]);
    expect(await ledgerSum(user.id)).toBe(220);
  });

  it('a purchase started on a page of this site returns there; any other next is ignored', async () => {
    const cookie = await signIn((await createUser()).id);
    const started = async (next: unknown) =>
      call('/api/payments/create-checkout', { json: { amount: 60, next }, cookie });
    const fromAgent = await started('/agents/7?tab=reviews');
    expect(fromAgent.status).toBe(200);
    expect((await fromAgent.json()) as { url: string }).toEqual({
      url: expect.stringMatching(/^\/checkout\/sandbox\/cs_sandbox_[\w-]+\?next=%2Fagents%2F7%3Ftab%3Dreviews$/),
    });
    for (const next of ['//evil.example', 'https://evil.example/agents/7', '/auth?next=/x', '']) {
      const res = await started(next);
      expect(res.status, next).toBe(200);
      expect(((await res.json()) as { url: string }).url, next).toMatch(/^\/checkout\/sandbox\/cs_sandbox_[\w-]+$/);
    }
    const wrong = await started(7);
    expect(wrong.status).toBe(400);
    expect(await message(wrong)).toBe('next must be a path of this site, such as /agents/7');
  });

  it('concurrent completions credit once', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { id } = await checkout(cookie, 75);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(`/api/payments/sandbox/${id}/complete`, cookie)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect((await balanceOf(user.id)).credits).toBe(175);
    expect(await ledgerSum(user.id)).toBe(175);
  });

  it('a cancelled checkout adds nothing and cannot be completed; a completed one stays completed', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { id } = await checkout(cookie);
    expect(await (await post(`/api/payments/sandbox/${id}/cancel`, cookie)).json()).toEqual({ id, status: 'expired' });
    expect(await (await post(`/api/payments/sandbox/${id}/cancel`, cookie)).json()).toEqual({ id, status: 'expired' });
    const refused = await post(`/api/payments/sandbox/${id}/complete`, cookie);
    expect(refused.status).toBe(409);
    expect(await message(refused)).toBe('This checkout was cancelled. Please start a new purchase.');
    expect(await balanceOf(user.id)).toEqual({ credits: 100, consumed: 0 });

    const paid = await checkout(cookie, 60);
    await post(`/api/payments/sandbox/${paid.id}/complete`, cookie);
    expect(await (await post(`/api/payments/sandbox/${paid.id}/cancel`, cookie)).json()).toEqual({
      id: paid.id,
      status: 'completed',
    });
    expect((await getCheckoutSession(db(), paid.id))?.status).toBe('completed');
    expect((await balanceOf(user.id)).credits).toBe(160);
  });

  it('answers each purchase rule with its message, word for word', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Please enter a whole number of credits'],
      [{ amount: 49 }, 'Minimum purchase is 50 credits'],
      [{ amount: 0 }, 'Minimum purchase is 50 credits'],
      [{ amount: -100 }, 'Minimum purchase is 50 credits'],
      [{ amount: 10_001 }, 'Maximum purchase is 10,000 credits'],
      [{ amount: 1e300 }, 'Maximum purchase is 10,000 credits'],
      [{ amount: 50.5 }, 'Please enter a whole number of credits'],
      [{ amount: 'abc' }, 'Please enter a whole number of credits'],
      [{ amount: '50.0' }, 'Please enter a whole number of credits'],
      [{ amount: null }, 'Please enter a whole number of credits'],
      [{ amount: [100] }, 'Please enter a whole number of credits'],
      [{ amount: 100, userId: 'me' }, 'Invalid user id'],
      [{ amount: 100, userId: 0 }, 'Invalid user id'],
    ];
    for (const [body, expected] of cases) {
      const res = await call('/api/payments/create-checkout', { json: body, cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json(), JSON.stringify(body)).toEqual({ message: expected, error: expected });
    }
    expect((await checkout(cookie, '200')).res.status).toBe(200);
    expect(
      (await call('/api/payments/create-checkout', { json: { amount: 50, userId: user.id }, cookie })).status,
    ).toBe(200);
    expect((await call('/api/payments/create-checkout', { json: { amount: 10_000 }, cookie })).status).toBe(200);
    const sessions = await db()
      .prepare('SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?')
      .bind(user.id)
      .first<{ n: number }>();
    expect(sessions!.n).toBe(3);
  });

  it('401 for visitors, 403 for someone else’s userId', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const forbidden = await call('/api/payments/create-checkout', {
      json: { amount: 50, userId: user.id + 1 },
      cookie,
    });
    expect(forbidden.status).toBe(403);
    expect(await message(forbidden)).toBe('You do not have permission to do that');
    const { id } = await checkout(cookie);
    for (const [method, path] of [
      ['POST', '/api/payments/create-checkout'],
      ['GET', `/api/payments/sandbox/${id}`],
      ['POST', `/api/payments/sandbox/${id}/complete`],
      ['POST', `/api/payments/sandbox/${id}/cancel`],
    ] as const) {
      const res = await call(path, { method, json: method === 'POST' ? { amount: 50 } : undefined });
      expect(res.status, path).toBe(401);
      expect(await message(res)).toBe('Please log in to continue');
    }
    expect((await getCheckoutSession(db(), id))?.status).toBe('open');
  });

  it('someone else’s session is as missing as an unknown one, and stays untouched', async () => {
    const owner = await createUser();
    const ownerCookie = await signIn(owner.id);
    const { id } = await checkout(ownerCookie, 90);
    const intruder = await createUser();
    const other = await signIn(intruder.id);
    for (const [method, path] of [
      ['GET', `/api/payments/sandbox/${id}`],
      ['POST', `/api/payments/sandbox/${id}/complete`],
      ['POST', `/api/payments/sandbox/${id}/cancel`],
    ] as const) {
      const res = await call(path, { method, cookie: other });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await message(res)).toBe('Checkout session not found');
    }
    expect((await getCheckoutSession(db(), id))?.status).toBe('open');
    expect((await balanceOf(intruder.id)).credits).toBe(100);
    expect((await balanceOf(owner.id)).credits).toBe(100);
    // Nor do the intruder's transactions show the owner's purchase.
    await post(`/api/payments/sandbox/${id}/complete`, ownerCookie);
    const list = await (await client(other).credits.transactions.$get()).json();
    expect(list.map((t) => t.kind)).toEqual(['signup']);
  });

  it('Stripe sessions and odd ids are not reachable through the sandbox routes', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    await createCheckoutSession(db(), { id: 'cs_test_stripe_only', userId: user.id, credits: 80, provider: 'stripe' });
    expect((await call('/api/payments/sandbox/cs_test_stripe_only', { cookie })).status).toBe(404);
    expect((await post('/api/payments/sandbox/cs_test_stripe_only/complete', cookie)).status).toBe(404);
    expect((await balanceOf(user.id)).credits).toBe(100);
    for (const id of ['cs_sandbox_unknown', "x' OR '1'='1", '%00', 'a'.repeat(3000), '..%2F..%2Fadmin']) {
      const res = await call(`/api/payments/sandbox/${encodeURIComponent(id)}`, { cookie });
      expect(res.status, id.slice(0, 20)).toBe(404);
      expect((await post(`/api/payments/sandbox/${encodeURIComponent(id)}/complete`, cookie)).status).toBe(404);
    }
    for (const raw of ['[]', '"50"', '{"amount":', 'amount=50']) {
      const res = await call('/api/payments/create-checkout', {
        method: 'POST',
        body: raw,
        headers: { 'Content-Type': 'application/json' },
        cookie,
      });
      expect(res.status, raw).toBe(400);
    }
  });
});

describe('completePurchase', () => {
  it('credits exactly once per checkout session, sequentially or concurrently', async () => {
    const user = await createUser();
    await createCheckoutSession(db(), { id: 'cs_direct_1', userId: user.id, credits: 75, provider: 'sandbox' });
    const p = { sessionId: 'cs_direct_1', userId: user.id, credits: 75 };
    expect(await completePurchase(db(), p)).toBe(true);
    expect(await completePurchase(db(), p)).toBe(false);
    const results = await Promise.all([1, 2, 3].map(() => completePurchase(db(), p)));
    expect(results.filter(Boolean)).toHaveLength(0);
    expect(await balanceOf(user.id)).toEqual({ credits: 175, consumed: 0 });
    const row = await db()
      .prepare(
        "SELECT kind, amount, balance_after, reference FROM credit_ledger WHERE idempotency_key = 'purchase:cs_direct_1'",
      )
      .first();
    expect(row).toEqual({ kind: 'purchase', amount: 75, balance_after: 175, reference: 'cs_direct_1' });
    expect((await getCheckoutSession(db(), 'cs_direct_1'))?.status).toBe('completed');
    expect(await ledgerSum(user.id)).toBe(175);

    const concurrent = await createUser();
    await createCheckoutSession(db(), { id: 'cs_direct_2', userId: concurrent.id, credits: 60, provider: 'stripe' });
    const once = await Promise.all(
      [1, 2, 3, 4].map(() => completePurchase(db(), { sessionId: 'cs_direct_2', userId: concurrent.id, credits: 60 })),
    );
    expect(once.filter(Boolean)).toHaveLength(1);
    expect((await balanceOf(concurrent.id)).credits).toBe(160);
  });

  it('a payment confirmed after a local cancel is still credited, once (money received wins)', async () => {
    const user = await createUser();
    await createCheckoutSession(db(), { id: 'cs_direct_3', userId: user.id, credits: 50, provider: 'stripe' });
    await expireCheckoutSession(db(), 'cs_direct_3');
    expect(await completePurchase(db(), { sessionId: 'cs_direct_3', userId: user.id, credits: 50 })).toBe(true);
    expect((await getCheckoutSession(db(), 'cs_direct_3'))?.status).toBe('completed');
    await expireCheckoutSession(db(), 'cs_direct_3');
    expect((await getCheckoutSession(db(), 'cs_direct_3'))?.status).toBe('completed');
    expect((await balanceOf(user.id)).credits).toBe(150);
  });
});

describe('payments mode (docs/product.md#payments)', () => {
  /** The worker with neither Stripe keys nor PAYMENTS_MODE=sandbox: a deploy that forgot a secret. */
  const unconfigured: Bindings = { ...env, PAYMENTS_MODE: undefined, STRIPE_SECRET_KEY: undefined };
  const send = (path: string, cookie: string, json?: unknown) =>
    app.fetch(
      new Request(`http://localhost${path}`, {
        method: json === undefined ? 'GET' : 'POST',
        headers: { Cookie: cookie, Origin: 'http://localhost', 'Content-Type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      }),
      unconfigured,
    );

  it('without Stripe or sandbox mode nothing can be bought or completed: 503, no session, no credits', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const res = await send('/api/payments/create-checkout', cookie, { amount: 100 });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Payments are not configured', error: 'Payments are not configured' });
    expect(
      await db().prepare('SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?').bind(user.id).first(),
    ).toEqual({ n: 0 });

    // A sandbox session made while sandbox mode was on cannot be completed once it is off.
    const { id } = await checkout(cookie, 80);
    const complete = await send(`/api/payments/sandbox/${id}/complete`, cookie, {});
    expect(complete.status).toBe(503);
    expect((await balanceOf(user.id)).credits).toBe(100);
    expect(await (await send('/api/config', cookie)).json()).toMatchObject({ paymentsMode: 'none' });
  });

  it('any other PAYMENTS_MODE value is not sandbox', async () => {
    const user = await createUser();
    const res = await app.fetch(
      new Request('http://localhost/api/payments/create-checkout', {
        method: 'POST',
        headers: { Cookie: await signIn(user.id), Origin: 'http://localhost', 'Content-Type': 'application/json' },
        body: JSON.stringify({ amount: 100 }),
      }),
      { ...env, PAYMENTS_MODE: 'production' },
    );
    expect(res.status).toBe(503);
  });

  it('GET /api/config says sandbox only when it is set', async () => {
    expect(await (await call('/api/config')).json()).toMatchObject({ paymentsMode: 'sandbox' });
  });
});
