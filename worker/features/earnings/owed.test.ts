// A refund that reaches earnings already moved or paid out (docs/decisions/0029, 'A refund after
// the money left'): available earnings go below zero and stay there until new earnings cover it;
// the creator is told what they owe, nothing can be moved or paid out meanwhile, support sees it.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createUser, db, seedCatalog, signIn } from '#worker/test/fixtures.ts';

vi.setConfig({ testTimeout: 60_000 });

const OWED =
  'You owe $320.00: a refund reached earnings you had already moved or been paid. Future earnings pay it back first; until then nothing can be moved to credits or paid out.';

let creator: { id: number };
let creatorCookie: string;
let buyer: { id: number };
let buyerCookie: string;
let adminCookie: string;
let agentId: number;

const one = async <T>(query: string, ...binds: unknown[]) =>
  (await db()
    .prepare(query)
    .bind(...binds)
    .first<T>())!;
const earnings = async () => (await call('/api/earnings', { cookie: creatorCookie })).json();
/** Ends the holding period of everything the creator earned so far. */
const releaseHeld = () =>
  db()
    .prepare("UPDATE creator_earnings SET available_at = '2000-01-01T00:00:00.000Z' WHERE creator_id = ?")
    .bind(creator.id)
    .run();
/** Four tries of the agent: $320.00 to the creator. */
async function tryFourTimes() {
  for (let i = 0; i < 4; i++)
    expect((await call(`/api/agents/${agentId}/try`, { method: 'POST', cookie: buyerCookie })).status).toBe(200);
}

/** Credits sold + grants = people's credits + creators' earnings + platform share + paid out (cents). */
async function expectMoneyIdentity() {
  const inflow = await one<{ s: number }>(
    "SELECT coalesce(sum(amount), 0) * 100 AS s FROM credit_ledger WHERE kind IN ('signup', 'purchase', 'admin_topup')",
  );
  const credits = await one<{ s: number }>('SELECT coalesce(sum(credits), 0) * 100 AS s FROM users');
  const rows = await one<{ creators: number; platform: number }>(
    'SELECT coalesce(sum(amount_cents), 0) AS creators, coalesce(sum(platform_cents), 0) AS platform FROM creator_earnings',
  );
  const paidOut = await one<{ s: number }>(
    "SELECT coalesce(sum(amount_cents), 0) AS s FROM payouts WHERE state IN ('pending', 'paid')",
  );
  expect(credits.s + rows.creators + rows.platform + paidOut.s).toBe(inflow.s);
}

beforeAll(async () => {
  await seedCatalog();
  // The seeded accounts hold credits no ledger row granted: the money identity starts from accounts made here.
  await db().prepare('UPDATE users SET credits = 0 WHERE id IN (1, 2)').run();
  creator = await createUser({ credits: 0 });
  creatorCookie = await signIn(creator.id);
  buyer = await createUser({ credits: 1200 });
  buyerCookie = await signIn(buyer.id);
  adminCookie = await signIn((await createUser({ email: 'admin@example.com', role: 'admin', credits: 0 })).id);
  // 100 credits a try: $80.00 to the creator.
  agentId = (
    await one<{ id: number }>(
      `INSERT INTO agents (name, description, category_id, department_id, creator_id, credit_cost) VALUES ('Dear agent', 'An agent that earns its creator money.', 1, 1, ?, 100) RETURNING id`,
      creator.id,
    )
  ).id;

  // Earned, held, available, moved into credits; then support refunds the tries.
  await tryFourTimes();
  await releaseHeld();
  const moved = await call('/api/earnings/to-credits', { cookie: creatorCookie, json: {} });
  expect(await moved.json()).toMatchObject({ moved: 320 });
  const { results: tries } = await db()
    .prepare("SELECT id FROM credit_ledger WHERE user_id = ? AND kind = 'try'")
    .bind(buyer.id)
    .all<{ id: number }>();
  expect(tries).toHaveLength(4);
  for (const { id } of tries)
    expect((await call('/api/admin/refunds', { cookie: adminCookie, json: { ledgerId: id } })).status).toBe(200);
});

describe('a refund of earnings already moved into credits', () => {
  it('leaves available earnings below zero, as the creator sees them, and the money identity holds', async () => {
    expect(await earnings()).toMatchObject({
      availableCents: -32000,
      pendingCents: 0,
      lifetimeCents: 0,
      paidOutCents: 32000,
    });
    await expectMoneyIdentity();
  });

  it('refuses every move into credits and every payout with what the creator owes', async () => {
    for (const json of [{}, { credits: 1 }]) {
      const res = await call('/api/earnings/to-credits', { cookie: creatorCookie, json });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ message: OWED, error: OWED });
    }
    expect((await call('/api/earnings/payout-account/sandbox', { cookie: creatorCookie, json: {} })).status).toBe(200);
    for (const json of [{}, { amountCents: 2000 }]) {
      const res = await call('/api/earnings/payouts', { cookie: creatorCookie, json });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ message: OWED, error: OWED });
    }
    expect(await earnings()).toMatchObject({ availableCents: -32000, paidOutCents: 32000 });
    expect((await one<{ n: number }>('SELECT count(*) AS n FROM payouts WHERE creator_id = ?', creator.id)).n).toBe(0);
  });

  it("shows support the creator's earnings with what they owe; someone who never earned has none", async () => {
    const res = await call(`/api/admin/people/${creator.id}/transactions`, { cookie: adminCookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      person: { id: creator.id },
      earnings: { availableCents: -32000, pendingCents: 0 },
    });
    expect(
      await (await call(`/api/admin/people/${buyer.id}/transactions`, { cookie: adminCookie })).json(),
    ).toMatchObject({ person: { id: buyer.id }, earnings: null });
  });

  it('new earnings pay it back first: only what is left above zero can be moved', async () => {
    await tryFourTimes();
    expect(await earnings()).toMatchObject({ availableCents: -32000, pendingCents: 32000 });
    await releaseHeld();
    expect(await earnings()).toMatchObject({ availableCents: 0, pendingCents: 0 });
    const nothing = await call('/api/earnings/to-credits', { cookie: creatorCookie, json: {} });
    expect(nothing.status).toBe(409);
    expect(await nothing.json()).toMatchObject({ message: 'Less than one credit of your earnings is available yet' });

    await tryFourTimes();
    await releaseHeld();
    const moved = await call('/api/earnings/to-credits', { cookie: creatorCookie, json: {} });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({
      moved: 320,
      earnings: { availableCents: 0, paidOutCents: 64000, lifetimeCents: 64000 },
    });
    await expectMoneyIdentity();
  });
});
