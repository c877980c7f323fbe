// A retried create-checkout (the answer lost on the way back, the button tapped again) carries the
// same Idempotency-Key and must get the same session back, never a second one (docs/decisions/0002).
import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import { app } from '#worker/app.ts';
import type { Bindings } from '#worker/env.ts';
import { call, createUser, db, signIn } from '#worker/test/fixtures.ts';

const create = (cookie: string, amount: number, key?: string) =>
  call('/api/payments/create-checkout', { json: { amount }, cookie, headers: key ? { 'Idempotency-Key': key } : {} });
const sessionsOf = async (userId: number) =>
  (await db()
    .prepare('SELECT count(*) AS n FROM checkout_sessions WHERE user_id = ?')
    .bind(userId)
    .first<{ n: number }>())!.n;

describe('create-checkout with an Idempotency-Key', () => {
  it('answers a repeat, sequential or concurrent, with the same session byte for byte', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const first = await create(cookie, 50, 'checkout-key-0001');
    expect(first.status).toBe(200);
    const bytes = await first.text();
    expect(JSON.parse(bytes)).toEqual({ url: expect.stringMatching(/^\/checkout\/sandbox\/cs_sandbox_/) });
    expect(await (await create(cookie, 50, 'checkout-key-0001')).text()).toBe(bytes);
    const together = await Promise.all([1, 2, 3].map(() => create(cookie, 80, 'checkout-key-0002')));
    expect(together.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(await Promise.all(together.map((r) => r.text()))).size).toBe(1);
    expect(await sessionsOf(user.id)).toBe(2);
    // Without a key each call is a new checkout, as before.
    await create(cookie, 50);
    expect(await sessionsOf(user.id)).toBe(3);
  });

  it('409 for the key with another amount; another person’s same key is their own; a 400 does not use the key up', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    expect((await create(cookie, 0, 'checkout-key-0003')).status).toBe(400);
    expect((await create(cookie, 50, 'checkout-key-0003')).status).toBe(200);
    const other = await create(cookie, 60, 'checkout-key-0003');
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ message: 'This Idempotency-Key was already used for another request' });
    // Keys belong to their caller (docs/decisions/0038): to another person it is a new request.
    const stranger = await createUser();
    expect((await create(await signIn(stranger.id), 50, 'checkout-key-0003')).status).toBe(200);
    expect([await sessionsOf(user.id), await sessionsOf(stranger.id)]).toEqual([1, 1]);
    expect((await create(cookie, 50, 'bad key')).status).toBe(400);
  });

  it('with Stripe: one Checkout Session at Stripe, created with a key of its own', async () => {
    const stripeEnv: Bindings = {
      ...env,
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_API_BASE: inject('stripeApiBase'),
    };
    const user = await createUser();
    const cookie = await signIn(user.id);
    const send = () =>
      app.fetch(
        new Request('http://localhost/api/payments/create-checkout', {
          method: 'POST',
          headers: {
            Cookie: cookie,
            'Content-Type': 'application/json',
            Origin: 'http://localhost',
            'Idempotency-Key': 'stripe-key-0001',
          },
          body: JSON.stringify({ amount: 60 }),
        }),
        stripeEnv,
      );
    const first = await (await send()).text();
    expect(JSON.parse(first)).toEqual({ url: expect.stringContaining('/pay/cs_test_') });
    expect(await (await send()).text()).toBe(first);
    const recorded = (await (await fetch(`${inject('stripeApiBase')}/__requests`)).json()) as {
      idempotencyKey?: string;
      form: Record<string, string>;
    }[];
    const mine = recorded.filter((r) => r.form['metadata[userId]'] === String(user.id));
    expect(mine.map((r) => r.idempotencyKey)).toEqual([`checkout:${user.id}:stripe-key-0001`]);
    expect(await sessionsOf(user.id)).toBe(1);
  });
});
