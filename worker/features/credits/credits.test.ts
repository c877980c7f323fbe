import { beforeAll, describe, expect, it } from 'vitest';
import { call, client, createUser, db, okBody, seedCatalog, signIn, untypedBody } from '#worker/test/fixtures.ts';
import { listTransactions } from '#worker/domain/credits/index.ts';

beforeAll(seedCatalog);

/** A 200 answer's body, typed by its route. */
const ok200 = async <R extends { ok: boolean; status: number; json(): Promise<unknown>; text(): Promise<string> }>(
  res: R,
) => {
  expect(res.status).toBe(200);
  return okBody(res);
};
const balance = async (cookie: string) => ok200(await client(cookie).credits.balance.$get());
const transactions = async (cookie: string) => ok200(await client(cookie).credits.transactions.$get());

describe('GET /api/credits/balance and /transactions', () => {
  it('the balance and the caller’s own ledger, newest first, with the CreditTransaction shape', async () => {
    const a = await createUser();
    const b = await createUser();
    const cookie = await signIn(a.id);
    expect(await balance(cookie)).toEqual({ balance: 100, consumed: 0 });

    await call('/api/agents/1/try', { method: 'POST', cookie });
    await call('/api/agents/2/try', { method: 'POST', cookie: await signIn(b.id) });
    expect(await balance(cookie)).toEqual({ balance: 93, consumed: 7 });

    const list = await transactions(cookie);
    expect(list).toEqual([
      {
        id: expect.any(Number),
        kind: 'try',
        amount: -7,
        balanceAfter: 93,
        reference: 'agent:1',
        description: 'Tried agent #1',
        createdAt: expect.any(String),
        agent: { id: 1, name: 'LeadScout Pro', deleted: false },
      },
      {
        id: expect.any(Number),
        kind: 'signup',
        amount: 100,
        balanceAfter: 100,
        reference: null,
        description: null,
        createdAt: expect.any(String),
        agent: null,
      },
    ]);
    // b's try is b's alone.
    const other = await transactions(await signIn(b.id));
    expect(other.map((t) => t.amount)).toEqual([-12, 100]);
  });

  it('caps the list at the 200 newest rows', async () => {
    const user = await createUser();
    const rows = Array.from({ length: 210 }, (_, i) =>
      db()
        .prepare(
          "INSERT INTO credit_ledger (user_id, kind, amount, balance_after, idempotency_key) VALUES (?, 'admin_topup', 1, ?, ?)",
        )
        .bind(user.id, 101 + i, `topup:${user.id}:${i}`),
    );
    await db().batch(rows);
    const list = await transactions(await signIn(user.id));
    expect(list).toHaveLength(200);
    expect(list[0]!.balanceAfter).toBe(310);
    expect(list.every((t, i) => i === 0 || t.id < list[i - 1]!.id)).toBe(true);
    expect(await listTransactions(db(), user.id, 5)).toHaveLength(5);
  });

  it('401 for visitors and for unknown session cookies', async () => {
    for (const path of ['/api/credits/balance', '/api/credits/transactions', '/api/credits/receipts/1']) {
      const res = await call(path);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Please log in to continue', error: 'Please log in to continue' });
      expect((await call(path, { cookie: 'am_session=forged' })).status).toBe(401);
      expect((await call(path, { cookie: `am_session=${'x'.repeat(5000)}` })).status).toBe(401);
    }
  });
});

describe('GET /api/credits/transactions names the agent of each try', () => {
  /** A new agent of alice's that `cookie`'s user then tries once; returns its id. */
  async function triedAgent(name: string, cookie: string): Promise<number> {
    const created = await client(await signIn(1)).agents.$post({
      json: {
        name,
        description: 'An agent made to be tried and deleted.',
        categoryId: 1,
        departmentId: 1,
        creditCost: 2,
        features: [],
        externalUrl: 'https://example.com/tried',
      },
    });
    expect(created.status).toBe(201);
    const { id } = await okBody(created);
    expect((await call(`/api/agents/${id}/try`, { method: 'POST', cookie })).status).toBe(200);
    return id;
  }

  it('a renamed agent by its name now, a deleted one by its name when tried, without a page to link', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const renamed = await triedAgent('Quarterly Forecaster', cookie);
    const deleted = await triedAgent('Invoice Chaser', cookie);
    await db().prepare("UPDATE agents SET name = 'Forecaster Plus' WHERE id = ?").bind(renamed).run();
    expect((await call(`/api/agents/${deleted}`, { method: 'DELETE', cookie: await signIn(1) })).status).toBe(200);

    const tries = (await transactions(cookie)).filter((t) => t.kind === 'try');
    expect(tries.map((t) => t.agent)).toEqual([
      { id: deleted, name: 'Invoice Chaser', deleted: true },
      { id: renamed, name: 'Forecaster Plus', deleted: false },
    ]);
  });

  it('a try written before names were kept, of an agent deleted since, has no name', async () => {
    const user = await createUser();
    await db()
      .prepare(
        "INSERT INTO credit_ledger (user_id, kind, amount, balance_after, reference, description, idempotency_key) VALUES (?, 'try', -3, 97, 'agent:999999', 'Tried agent #999999', ?)",
      )
      .bind(user.id, `try:${user.id}:old-row-0001`)
      .run();
    const [row] = await transactions(await signIn(user.id));
    expect(row!.agent).toEqual({ id: 999999, name: null, deleted: true });
  });
});

describe('GET /api/credits/receipts/:id', () => {
  /** A sandbox purchase of `credits` by `cookie`'s user; returns its checkout session id. */
  async function buy(cookie: string, credits: number): Promise<string> {
    const res = await client(cookie).payments['create-checkout'].$post({ json: { amount: credits } });
    const id = (await untypedBody.checkout(res)).url.split('/').pop()!;
    expect((await call(`/api/payments/sandbox/${id}/complete`, { method: 'POST', cookie })).status).toBe(200);
    return id;
  }
  const purchaseId = async (cookie: string) => (await transactions(cookie)).find((t) => t.kind === 'purchase')!.id;

  it('the buyer gets what they paid, for what, when and the checkout reference', async () => {
    const user = await createUser({ username: 'receipt-buyer' });
    const cookie = await signIn(user.id);
    const session = await buy(cookie, 120);
    const id = await purchaseId(cookie);
    const receipt = await ok200(await client(cookie).credits.receipts[':id'].$get({ param: { id: String(id) } }));
    expect(receipt).toEqual({
      id,
      reference: session,
      product: '120 AgentMarket credits',
      credits: 120,
      amountCents: 12000,
      paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      buyer: { username: 'receipt-buyer', email: 'receipt-buyer@example.com' },
    });
  });

  it('404 for a stranger, for an unknown id and for a row that is not a purchase; 400 for a malformed id', async () => {
    const owner = await createUser();
    const ownerCookie = await signIn(owner.id);
    await buy(ownerCookie, 50);
    const id = await purchaseId(ownerCookie);
    const stranger = await signIn((await createUser()).id);

    const notFound = { message: 'Receipt not found', error: 'Receipt not found' };
    for (const [path, cookie] of [
      [`/api/credits/receipts/${id}`, stranger],
      ['/api/credits/receipts/99999999', ownerCookie],
      // The owner's sign-up bonus is in the ledger but was never paid for.
      [`/api/credits/receipts/${(await transactions(ownerCookie)).find((t) => t.kind === 'signup')!.id}`, ownerCookie],
    ] as const) {
      const res = await call(path, { cookie });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual(notFound);
    }
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '9'.repeat(20)]) {
      const res = await call(`/api/credits/receipts/${bad}`, { cookie: ownerCookie });
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toEqual({
        message: 'A receipt id is a positive whole number',
        error: 'A receipt id is a positive whole number',
      });
    }
  });
});
