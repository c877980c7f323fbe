// docs/product.md#credits, written as the attack of docs/decisions/0024: a creator raises the price between the
// page and the tap; whoever saw the old price is charged nothing and told the new one.
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#common/validation.ts';
import { call, createUser, db, messageOf, seedCatalog, signIn } from '#worker/test/fixtures.ts';

beforeAll(seedCatalog);

const tryAt = (id: number, cookie: string, json?: unknown, key?: string) =>
  call(`/api/agents/${id}/try`, { method: 'POST', cookie, json, headers: key ? { 'Idempotency-Key': key } : {} });
const credits = async (userId: number) =>
  (await db().prepare('SELECT credits FROM users WHERE id = ?').bind(userId).first<{ credits: number }>())!.credits;
const tries = async (userId: number) =>
  (await db()
    .prepare("SELECT count(*) AS n FROM credit_ledger WHERE user_id = ? AND kind = 'try'")
    .bind(userId)
    .first<{ n: number }>())!.n;

describe('the price is the one the person saw', () => {
  it('a creator raises the cost from 10 to 100: a try expecting 10 charges nothing and answers 409 with the new price', async () => {
    // Agent 3 belongs to bob (user 2).
    await db().prepare('UPDATE agents SET credit_cost = 10 WHERE id = 3').run();
    const owner = await signIn(2);
    const raised = await call('/api/agents/3', {
      method: 'PUT',
      cookie: owner,
      json: {
        name: 'ContractSentry',
        description: 'Reviews contracts and flags risky clauses for legal teams.',
        categoryId: 3,
        departmentId: 3,
        creditCost: 100,
      },
    });
    expect(raised.status).toBe(200);

    const user = await createUser({ credits: 500 });
    const cookie = await signIn(user.id);
    const res = await tryAt(3, cookie, { expectedCost: 10 }, 'price-key-1');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      message: MESSAGES.priceChanged(100),
      error: MESSAGES.priceChanged(100),
      creditCost: 100,
    });
    expect(MESSAGES.priceChanged(100)).toBe('The price of this agent has changed to 100 credits');
    expect(await credits(user.id)).toBe(500);
    expect(await tries(user.id)).toBe(0);

    // Having seen the new price, the person tries again (the refused key is free again) and pays it.
    const again = await tryAt(3, cookie, { expectedCost: 100 }, 'price-key-1');
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ balance: 400 });
    // A replay of that key after another change still gets the first answer, charged once.
    await db().prepare('UPDATE agents SET credit_cost = 7 WHERE id = 3').run();
    const replay = await tryAt(3, cookie, { expectedCost: 100 }, 'price-key-1');
    expect(replay.status).toBe(200);
    expect(await credits(user.id)).toBe(400);
    expect(await tries(user.id)).toBe(1);
  });

  it('a bad expectedCost is a 400; none at all keeps the old behaviour; the creator tries free whatever the price', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    for (const expectedCost of ['10', -1, 1.5]) {
      const res = await tryAt(2, cookie, { expectedCost });
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(MESSAGES.expectedCost);
    }
    expect((await tryAt(2, cookie)).status).toBe(200);
    expect((await tryAt(999, cookie, { expectedCost: 1 })).status).toBe(404);
    expect((await call('/api/agents/2/try', { json: { expectedCost: 12 } })).status).toBe(401);
    expect((await tryAt(1, await signIn(1), { expectedCost: 3 })).status).toBe(200);
  });
});
