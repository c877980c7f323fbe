import { beforeAll, describe, expect, it } from 'vitest';
import type { Balance, CreditTransaction } from '../../../common/types';
import { call, createUser, db, seedCatalog, signIn } from '../../test/fixtures';
import { listTransactions } from '../../lib/ledger';

beforeAll(seedCatalog);

const get = async <T>(path: string, cookie: string) => {
  const res = await call(path, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe('GET /api/credits/balance and /transactions', () => {
  it('the balance and the caller’s own ledger, newest first, with the CreditTransaction shape', async () => {
    const a = await createUser();
    const b = await createUser();
    const cookie = await signIn(a.id);
    expect(await get<Balance>('/api/credits/balance', cookie)).toEqual({ balance: 100, consumed: 0 });

    await call('/api/agents/1/try', { method: 'POST', cookie });
    await call('/api/agents/2/try', { method: 'POST', cookie: await signIn(b.id) });
    expect(await get<Balance>('/api/credits/balance', cookie)).toEqual({ balance: 93, consumed: 7 });

    const list = await get<CreditTransaction[]>('/api/credits/transactions', cookie);
    expect(list).toEqual([
      {
        id: expect.any(Number),
        kind: 'try',
        amount: -7,
        balanceAfter: 93,
        reference: 'agent:1',
        description: 'Tried agent #1',
        createdAt: expect.any(String),
      },
      { id: expect.any(Number), kind: 'signup', amount: 100, balanceAfter: 100, reference: null, description: null, createdAt: expect.any(String) },
    ]);
    // b's try is b's alone.
    const other = await get<CreditTransaction[]>('/api/credits/transactions', await signIn(b.id));
    expect(other.map((t) => t.amount)).toEqual([-12, 100]);
  });

  it('caps the list at the 200 newest rows', async () => {
    const user = await createUser();
    const rows = Array.from({ length: 210 }, (_, i) =>
      db()
        .prepare("INSERT INTO credit_ledger (user_id, kind, amount, balance_after, idempotency_key) VALUES (?, 'admin_topup', 1, ?, ?)")
        .bind(user.id, 101 + i, `topup:${user.id}:${i}`),
    );
    await db().batch(rows);
    const list = await get<CreditTransaction[]>('/api/credits/transactions', await signIn(user.id));
    expect(list).toHaveLength(200);
    expect(list[0]!.balanceAfter).toBe(310);
    expect(list.every((t, i) => i === 0 || t.id < list[i - 1]!.id)).toBe(true);
    expect(await listTransactions(db(), user.id, 5)).toHaveLength(5);
  });

  it('401 for visitors and for unknown session cookies', async () => {
    for (const path of ['/api/credits/balance', '/api/credits/transactions']) {
      const res = await call(path);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Please log in to continue', error: 'Please log in to continue' });
      expect((await call(path, { cookie: 'am_session=forged' })).status).toBe(401);
      expect((await call(path, { cookie: `am_session=${'x'.repeat(5000)}` })).status).toBe(401);
    }
  });
});
