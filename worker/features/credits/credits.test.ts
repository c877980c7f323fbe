import { describe, expect, it } from 'vitest';
import type { Balance, CreditTransaction } from '../../../common/types';
import { call, createUser, signIn } from '../../test/fixtures';

describe('credits', () => {
  it('the balance and the caller’s own ledger, newest first', async () => {
    const a = await createUser();
    await createUser();
    const cookie = await signIn(a.id);
    expect((await (await call('/api/credits/balance', { cookie })).json()) as Balance).toEqual({ balance: 100, consumed: 0 });
    const list = (await (await call('/api/credits/transactions', { cookie })).json()) as CreditTransaction[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'signup', amount: 100, balanceAfter: 100 });
  });

  it('401 for visitors', async () => {
    expect((await call('/api/credits/balance')).status).toBe(401);
    expect((await call('/api/credits/transactions')).status).toBe(401);
  });
});
