// docs/product.md#credits, written as the attack of docs/decisions/0024: a creator raises the price between the
// page and the tap; whoever saw the old price is charged nothing and told the new one.
import { beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('a try charged before the price changed, whose key kept no answer, is answered as charged on its repeat', async () => {
    await db().prepare('UPDATE agents SET credit_cost = 12 WHERE id = 2').run();
    const user = await createUser();
    const cookie = await signIn(user.id);
    const first = await tryAt(2, cookie, { expectedCost: 12 }, 'lost-answer-1');
    expect(first.status).toBe(200);
    const answer = await first.json();
    const keyState = () =>
      db().prepare('SELECT state FROM idempotency_keys WHERE key = ?').bind(`${user.id}:lost-answer-1`).first('state');
    // The key's answer is kept after the try answered; the test rewinds it only once it is.
    await vi.waitFor(async () => expect(await keyState()).toBe('done'));
    // The worker died before the key's answer was kept (it is written after the try answers), and the
    // creator changed the price before the repeat took the silent key over.
    await db()
      .prepare(
        "UPDATE idempotency_keys SET state = 'pending', status = NULL, body = NULL, updated_at = ? WHERE key = ?",
      )
      .bind(Date.now() - 60_000, `${user.id}:lost-answer-1`)
      .run();
    expect(await keyState()).toBe('pending');
    await db().prepare('UPDATE agents SET credit_cost = 20 WHERE id = 2').run();
    const repeat = await tryAt(2, cookie, { expectedCost: 12 }, 'lost-answer-1');
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual(answer);
    expect(await credits(user.id)).toBe(88);
    expect(await tries(user.id)).toBe(1);
    // A new key at the old price is refused and charges nothing.
    expect((await tryAt(2, cookie, { expectedCost: 12 }, 'lost-answer-2')).status).toBe(409);
    expect(await credits(user.id)).toBe(88);
  });
});
