import { describe, expect, it } from 'vitest';
import type { CreditTransaction } from '../../../common/types';
import { call, createUser, db, signIn } from '../../test/fixtures';
import { completePurchase, createCheckoutSession } from './data';

const message = async (res: Response) => ((await res.json()) as { message: string }).message;

async function checkout(cookie: string, amount: unknown = 50) {
  const res = await call('/api/payments/create-checkout', { json: { amount }, cookie });
  return { res, id: res.ok ? ((await res.clone().json()) as { url: string }).url.split('/').pop()! : '' };
}

describe('sandbox checkout', () => {
  it('creates a session, completes it once and credits the ledger once', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { res, id } = await checkout(cookie, 120);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: `/checkout/sandbox/${id}` });
    expect(await (await call(`/api/payments/sandbox/${id}`, { cookie })).json()).toEqual({ id, credits: 120, amountCents: 12000, status: 'open' });

    const done = await call(`/api/payments/sandbox/${id}/complete`, { method: 'POST', cookie });
    expect(await done.json()).toMatchObject({ balance: 220, credits: 120, status: 'completed' });
    await call(`/api/payments/sandbox/${id}/complete`, { method: 'POST', cookie });
    const list = (await (await call('/api/credits/transactions', { cookie })).json()) as CreditTransaction[];
    expect(list.filter((t) => t.kind === 'purchase')).toEqual([expect.objectContaining({ amount: 120, balanceAfter: 220, reference: id })]);
  });

  it('a cancelled checkout adds nothing and cannot be completed', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { id } = await checkout(cookie);
    expect(await (await call(`/api/payments/sandbox/${id}/cancel`, { method: 'POST', cookie })).json()).toEqual({ id, status: 'expired' });
    expect((await call(`/api/payments/sandbox/${id}/complete`, { method: 'POST', cookie })).status).toBe(409);
    expect((await (await call('/api/credits/balance', { cookie })).json()) as { balance: number }).toMatchObject({ balance: 100 });
  });

  it('purchase rules and ownership', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    for (const [amount, text] of [
      [49, 'Minimum purchase is 50 credits'],
      [10_001, 'Maximum purchase is 10,000 credits'],
      [50.5, 'Please enter a whole number of credits'],
      ['abc', 'Please enter a whole number of credits'],
    ] as const) {
      const { res } = await checkout(cookie, amount);
      expect(res.status).toBe(400);
      expect(await message(res)).toBe(text);
    }
    expect((await call('/api/payments/create-checkout', { json: { amount: 50, userId: user.id + 1 }, cookie })).status).toBe(403);
    expect((await call('/api/payments/create-checkout', { json: { amount: 50 } })).status).toBe(401);

    const { id } = await checkout(cookie);
    const other = await signIn((await createUser()).id);
    expect((await call(`/api/payments/sandbox/${id}`, { cookie: other })).status).toBe(404);
    expect((await call(`/api/payments/sandbox/${id}/complete`, { method: 'POST', cookie: other })).status).toBe(404);
    expect((await call('/api/payments/sandbox/cs_sandbox_unknown', { cookie })).status).toBe(404);
  });

  it('completePurchase credits exactly once, even when called concurrently', async () => {
    const user = await createUser();
    await createCheckoutSession(db(), { id: 'cs_direct_1', userId: user.id, credits: 75, provider: 'sandbox' });
    const results = await Promise.all([1, 2, 3].map(() => completePurchase(db(), { sessionId: 'cs_direct_1', userId: user.id, credits: 75 })));
    expect(results.filter(Boolean)).toHaveLength(1);
    const row = await db().prepare('SELECT credits FROM users WHERE id = ?').bind(user.id).first<{ credits: number }>();
    expect(row!.credits).toBe(175);
  });
});
