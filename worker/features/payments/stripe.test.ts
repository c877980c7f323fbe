import { env } from 'cloudflare:workers';
import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import { app } from '#worker/app.ts';
import type { Bindings } from '#worker/env.ts';
import { createUser, db, signIn } from '#worker/test/fixtures.ts';

const SECRET = 'whsec_test_secret';
const stripeEnv: Bindings = {
  ...env,
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_API_BASE: inject('stripeApiBase'),
};
const stripe = new Stripe('sk_test_standin');

let sessionCounter = 0;

function sessionEvent(type: string, o: { id: string; userId: number | string; cents: number; paid?: boolean }) {
  return {
    id: `evt_${++sessionCounter}`,
    object: 'event',
    type,
    data: {
      object: {
        id: o.id,
        object: 'checkout.session',
        amount_total: o.cents,
        currency: 'usd',
        payment_status: o.paid === false ? 'unpaid' : 'paid',
        metadata: { userId: String(o.userId) },
      },
    },
  };
}

async function deliver(event: unknown, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = await stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp,
  });
  return app.fetch(
    new Request('http://localhost/api/payments/webhook', {
      method: 'POST',
      headers: { 'Stripe-Signature': header, 'Content-Type': 'application/json' },
      body: payload,
    }),
    stripeEnv,
  );
}

const balance = async (userId: number) =>
  (await db().prepare('SELECT credits FROM users WHERE id = ?').bind(userId).first<{ credits: number }>())!.credits;
const purchases = async (userId: number) =>
  (await db()
    .prepare("SELECT count(*) AS n FROM credit_ledger WHERE user_id = ? AND kind = 'purchase'")
    .bind(userId)
    .first<{ n: number }>())!.n;

describe('Stripe webhook', () => {
  it('credits amount_total / 100 once, under duplicate and repeated delivery', async () => {
    const user = await createUser();
    const event = sessionEvent('checkout.session.completed', { id: 'cs_test_dup', userId: user.id, cents: 12_000 });
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    await deliver(event);
    expect(await balance(user.id)).toBe(220);
    expect(await purchases(user.id)).toBe(1);
  });

  it('an asynchronous payment: unpaid completion credits nothing, success credits once in any order', async () => {
    const user = await createUser();
    const id = 'cs_test_async';
    await deliver(sessionEvent('checkout.session.completed', { id, userId: user.id, cents: 5_000, paid: false }));
    expect(await balance(user.id)).toBe(100);
    await deliver(sessionEvent('checkout.session.async_payment_succeeded', { id, userId: user.id, cents: 5_000 }));
    await deliver(sessionEvent('checkout.session.completed', { id, userId: user.id, cents: 5_000 }));
    expect(await balance(user.id)).toBe(150);

    const other = await createUser();
    await deliver(
      sessionEvent('checkout.session.async_payment_succeeded', { id: 'cs_test_ooo', userId: other.id, cents: 6_000 }),
    );
    await deliver(
      sessionEvent('checkout.session.completed', { id: 'cs_test_ooo', userId: other.id, cents: 6_000, paid: false }),
    );
    expect(await balance(other.id)).toBe(160);
  });

  it('a bad signature or a timestamp past tolerance is refused and credits nothing', async () => {
    const user = await createUser();
    const event = sessionEvent('checkout.session.completed', { id: 'cs_test_bad', userId: user.id, cents: 9_900 });
    expect((await deliver(event, { secret: 'whsec_wrong' })).status).toBe(400);
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ message: 'Invalid webhook signature' });
    const unsigned = await app.fetch(
      new Request('http://localhost/api/payments/webhook', { method: 'POST', body: JSON.stringify(event) }),
      stripeEnv,
    );
    expect(unsigned.status).toBe(400);
    expect(await balance(user.id)).toBe(100);
  });

  it('other events, unknown users and missing metadata are acknowledged without crediting', async () => {
    expect(
      (await deliver({ id: 'evt_x', object: 'event', type: 'customer.created', data: { object: {} } })).status,
    ).toBe(200);
    expect(
      (
        await deliver(
          sessionEvent('checkout.session.completed', { id: 'cs_test_nouser', userId: 987654, cents: 5_000 }),
        )
      ).status,
    ).toBe(200);
    expect(
      (await deliver(sessionEvent('checkout.session.completed', { id: 'cs_test_nometa', userId: 'abc', cents: 5_000 })))
        .status,
    ).toBe(200);
  });

  it('without a webhook secret the endpoint says it is not configured', async () => {
    const res = await app.fetch(
      new Request('http://localhost/api/payments/webhook', { method: 'POST', body: '{}' }),
      env,
    );
    expect(res.status).toBe(400);
  });
});

describe('Stripe checkout creation', () => {
  const create = async (
    cookie: string,
    amount: number,
    bindings: Bindings = stripeEnv,
    host = 'localhost',
    next?: string,
  ) =>
    app.fetch(
      new Request(`http://${host}/api/payments/create-checkout`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: `http://${host}` },
        body: JSON.stringify({ amount, next }),
      }),
      bindings,
    );

  it('sends the buyer back to the configured origin, whatever Host the request named (docs/decisions/0024)', async () => {
    const user = await createUser();
    const configured = { ...stripeEnv, APP_ORIGIN: 'https://agents.example.com' };
    const res = await create(await signIn(user.id), 140, configured, 'evil.example');
    expect(res.status).toBe(200);
    const recorded = (await (await fetch(`${inject('stripeApiBase')}/__requests`)).json()) as {
      form: Record<string, string>;
    }[];
    const sent = recorded.find((r) => r.form['metadata[userId]'] === String(user.id))!;
    expect(sent.form.success_url).toBe(
      'https://agents.example.com/credits?purchase=success&amount=140&session_id={CHECKOUT_SESSION_ID}',
    );
    expect(sent.form.cancel_url).toBe('https://agents.example.com/credits?purchase=cancelled&amount=140');
  });

  it('returns to the page the purchase started on, and never to another site', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const sentFor = async (next: string) => {
      expect((await create(cookie, 160, stripeEnv, 'localhost', next)).status).toBe(200);
      const recorded = (await (await fetch(`${inject('stripeApiBase')}/__requests`)).json()) as {
        form: Record<string, string>;
      }[];
      return recorded.filter((r) => r.form['metadata[userId]'] === String(user.id)).pop()!.form;
    };
    const fromAgent = await sentFor('/agents/7');
    expect(fromAgent.success_url).toBe(
      'http://localhost/credits?purchase=success&amount=160&next=%2Fagents%2F7&session_id={CHECKOUT_SESSION_ID}',
    );
    expect(fromAgent.cancel_url).toBe('http://localhost/credits?purchase=cancelled&amount=160&next=%2Fagents%2F7');
    const elsewhere = await sentFor('//evil.example/agents/7');
    expect(elsewhere.success_url).toBe(
      'http://localhost/credits?purchase=success&amount=160&session_id={CHECKOUT_SESSION_ID}',
    );
  });

  it('creates a Checkout Session through the SDK and answers with its URL', async () => {
    const user = await createUser();
    const res = await create(await signIn(user.id), 150);
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${inject('stripeApiBase')}/pay/cs_test_`));
    const recorded = (await (await fetch(`${inject('stripeApiBase')}/__requests`)).json()) as {
      authorization: string;
      form: Record<string, string>;
    }[];
    const sent = recorded.find((r) => r.form['metadata[userId]'] === String(user.id))!;
    expect(sent.authorization).toBe('Bearer sk_test_standin');
    expect(sent.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '15000',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost/credits?purchase=success&amount=150&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost/credits?purchase=cancelled&amount=150',
    });
    const id = url.split('/').pop();
    const row = await db()
      .prepare('SELECT user_id, credits, provider, status FROM checkout_sessions WHERE id = ?')
      .bind(id)
      .first();
    expect(row).toEqual({ user_id: user.id, credits: 150, provider: 'stripe', status: 'open' });
  });

  it('a provider error answers 502 with a clear message and stores nothing', async () => {
    const user = await createUser();
    const res = await create(await signIn(user.id), 7_777);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ message: 'Payment provider error. Please try again.' });
  });
});
