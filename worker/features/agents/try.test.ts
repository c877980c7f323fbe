import { beforeAll, describe, expect, it } from 'vitest';
import type { TryResult } from '#common/types.ts';
import { call, client, createUser, db, seedCatalog, signIn, untypedBody } from '#worker/test/fixtures.ts';
import { chargeOnce, debitOnce } from '#worker/domain/credits/index.ts';
import { orm } from '#worker/db/client.ts';
import { idempotencyKeys } from '#worker/db/schema.ts';

beforeAll(async () => {
  await seedCatalog();
  await db()
    .prepare("UPDATE agents SET external_url = 'https://agents.example.com/contract-sentry' WHERE id = 3")
    .run();
});

const ledgerSum = async (userId: number) =>
  (await db()
    .prepare('SELECT coalesce(sum(amount), 0) AS s FROM credit_ledger WHERE user_id = ?')
    .bind(userId)
    .first<{ s: number }>())!.s;
const userRow = async (userId: number) =>
  (await db()
    .prepare('SELECT credits, consumed FROM users WHERE id = ?')
    .bind(userId)
    .first<{ credits: number; consumed: number }>())!;
const tryAgent = (id: number | string, cookie: string, key?: string) =>
  call(`/api/agents/${id}/try`, {
    method: 'POST',
    cookie,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });

describe('POST /api/agents/:id/try', () => {
  it('debits the cost, records a try in the ledger and answers {balance, consumed, url}', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const res = await tryAgent(2, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ balance: 88, consumed: 12, url: null } satisfies TryResult);
    expect(await (await call('/api/auth/session', { cookie })).json()).toMatchObject({ credits: 88, consumed: 12 });
    expect(await ledgerSum(user.id)).toBe(88);

    const withUrl = await tryAgent(3, cookie);
    expect(await withUrl.json()).toEqual({
      balance: 63,
      consumed: 37,
      url: 'https://agents.example.com/contract-sentry',
    });
    const list = await (await client(cookie).credits.transactions.$get()).json();
    expect(list.map((t) => [t.kind, t.amount, t.balanceAfter, t.reference])).toEqual([
      ['try', -25, 63, 'agent:3'],
      ['try', -12, 88, 'agent:2'],
      ['signup', 100, 100, null],
    ]);
  });

  it('40 concurrent tries with 100 credits at 7 each: exactly 14 succeed and the ledger sums to the balance', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const answers = await Promise.all(Array.from({ length: 40 }, () => tryAgent(1, cookie)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(14);
    expect(statuses.filter((s) => s === 402)).toHaveLength(26);
    const balances = await Promise.all(
      answers.filter((r) => r.ok).map(async (r) => (await untypedBody.tryResult(r)).balance),
    );
    expect(Math.min(...balances)).toBe(2);
    // Every success saw a different balance: no two debits read the same starting point.
    expect(new Set(balances).size).toBe(14);
    expect(await userRow(user.id)).toEqual({ credits: 2, consumed: 98 });
    expect(await ledgerSum(user.id)).toBe(2);
    const tries = await db()
      .prepare("SELECT count(*) AS n FROM credit_ledger WHERE user_id = ? AND kind = 'try'")
      .bind(user.id)
      .first<{ n: number }>();
    expect(tries!.n).toBe(14);
  });

  it('one Idempotency-Key charges once and answers the same every time, concurrent or later', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const key = 'try-key-0001';
    const answers = await Promise.all([1, 2, 3].map(() => tryAgent(1, cookie, key)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(bodies).toEqual([bodies[0], bodies[0], bodies[0]]);
    expect(bodies[0]).toEqual({ balance: 93, consumed: 7, url: null });

    await tryAgent(2, cookie); // another try in between moves the balance...
    const later = await tryAgent(1, cookie, key);
    expect(await later.json()).toEqual(bodies[0]); // ...but the replay still answers as the first time
    expect(await userRow(user.id)).toEqual({ credits: 81, consumed: 19 });
    expect(await ledgerSum(user.id)).toBe(81);
  });

  it('keys belong to one user, and one key is one agent', async () => {
    const a = await createUser();
    const b = await createUser();
    const key = 'shared-key-1234';
    expect((await tryAgent(1, await signIn(a.id), key)).status).toBe(200);
    // Another account presenting the key never reads the first answer: to them it is a new key, their
    // own try (docs/decisions/0038), so nobody can squat a key another person will send.
    const stranger = await tryAgent(1, await signIn(b.id), key);
    expect(stranger.status).toBe(200);
    expect(stranger.headers.get('Idempotent-Replayed')).toBeNull();
    expect([(await userRow(a.id)).credits, (await userRow(b.id)).credits]).toEqual([93, 93]);

    const reused = await tryAgent(2, await signIn(a.id), key);
    expect(reused.status).toBe(409);
    expect(await reused.json()).toEqual({
      message: 'This Idempotency-Key was already used for another request',
      error: 'This Idempotency-Key was already used for another request',
    });
    expect((await userRow(a.id)).credits).toBe(93);
  });

  it('402 with the message when the balance is short, charging nothing; the same key works after a top-up', async () => {
    const user = await createUser({ credits: 5 });
    const cookie = await signIn(user.id);
    const res = await tryAgent(1, cookie, 'short-key-0001');
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({
      message: 'Not enough credits to try this agent',
      error: 'Not enough credits to try this agent',
    });
    expect(await userRow(user.id)).toEqual({ credits: 5, consumed: 0 });
    expect(await ledgerSum(user.id)).toBe(5);

    await db().prepare('UPDATE users SET credits = 7 WHERE id = ?').bind(user.id).run();
    const exact = await tryAgent(1, cookie, 'short-key-0001');
    expect(exact.status).toBe(200);
    expect(await exact.json()).toMatchObject({ balance: 0, consumed: 7 });
    expect((await tryAgent(1, cookie)).status).toBe(402);
  });

  it('is free for the agent’s creator, still recorded as a zero-amount try', async () => {
    const cookie = await signIn(1); // alice created agent 1
    const before = await userRow(1);
    const res = await tryAgent(1, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ balance: before.credits, consumed: before.consumed, url: null });
    const row = await db()
      .prepare("SELECT amount, reference FROM credit_ledger WHERE user_id = 1 AND kind = 'try'")
      .first();
    expect(row).toEqual({ amount: 0, reference: 'agent:1' });
    // Even with nothing left, the creator's own agent can be tried.
    await db().prepare('UPDATE users SET credits = 0 WHERE id = 1').run();
    expect((await tryAgent(1, cookie)).status).toBe(200);
    expect((await tryAgent(2, cookie)).status).toBe(402);
  });

  it('401 for visitors, 404 for unknown agents, 400 for a malformed key', async () => {
    const visitor = await call('/api/agents/1/try', { method: 'POST' });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ message: 'Please log in to continue', error: 'Please log in to continue' });
    const user = await createUser();
    const cookie = await signIn(user.id);
    for (const id of ['999', 'abc', '0', '-3', '99999999999999999999', encodeURIComponent("1' OR '1'='1")]) {
      const res = await tryAgent(id, cookie);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toMatchObject({ message: 'Agent not found' });
    }
    const message = 'Idempotency-Key must be 8-128 letters, digits, dots, colons, dashes or underscores';
    for (const key of ['x'.repeat(129), 'x'.repeat(5000), 'short', "key'; DROP TABLE users;--", 'key with spaces']) {
      const bad = await tryAgent(1, cookie, key);
      expect(bad.status, key.slice(0, 20)).toBe(400);
      expect(await bad.json()).toEqual({ message, error: message });
    }
    expect((await tryAgent(1, cookie, 'k'.repeat(128))).status).toBe(200);
    expect(await userRow(user.id)).toEqual({ credits: 93, consumed: 7 });
  });

  it('data function: debitOnce never takes the balance below zero and replays from the ledger', async () => {
    const user = await createUser({ credits: 10 });
    const debit = { userId: user.id, amount: 6, reference: 'agent:1', description: 'test' };
    const first = await debitOnce(db(), { ...debit, key: 'direct:1' });
    expect(first).toEqual({ reference: 'agent:1', balance: 4, consumed: 6 });
    expect(await debitOnce(db(), { ...debit, key: 'direct:1' })).toEqual(first);
    expect(await debitOnce(db(), { ...debit, key: 'direct:2' })).toBeNull();
    expect(await userRow(user.id)).toEqual({ credits: 4, consumed: 6 });
    // A key recorded for another user is not this user's debit.
    const other = await createUser();
    expect(await debitOnce(db(), { ...debit, userId: other.id, key: 'direct:1' })).toBeNull();
    expect((await userRow(other.id)).credits).toBe(100);
  });

  it('data function: a claim in the debit’s batch charges only when it writes its row, and hears either way', async () => {
    const user = await createUser();
    const debit = { userId: user.id, amount: 7, reference: 'agent:1', description: 'test' };
    const claim = (key: string) => {
      const heard: unknown[] = [];
      const statement = orm(db())
        .insert(idempotencyKeys)
        .values({ key, userId: user.id, request: 'claim test', updatedAt: Date.now() })
        .onConflictDoNothing({ target: idempotencyKeys.key })
        .returning({ key: idempotencyKeys.key });
      return { heard, claim: { statement, taken: (rows: unknown) => void heard.push(rows) } };
    };
    const won = claim(`${user.id}:claim-0001`);
    expect((await chargeOnce(db(), { ...debit, key: 'claim:1', claim: won.claim })).charged).toEqual({
      reference: 'agent:1',
      balance: 93,
      consumed: 7,
    });
    expect(won.heard).toEqual([[{ key: `${user.id}:claim-0001` }]]);
    // The same key claimed again (a repeat, or a key voided or still held) writes nothing, so the
    // debit under a new ledger key does not happen either.
    const lost = claim(`${user.id}:claim-0001`);
    expect((await chargeOnce(db(), { ...debit, key: 'claim:2', claim: lost.claim })).charged).toBeNull();
    expect(lost.heard).toEqual([[]]);
    expect(await userRow(user.id)).toEqual({ credits: 93, consumed: 7 });
  });
});

describe('replaying a try by its Idempotency-Key', () => {
  const IN_PROGRESS = 'A request with this Idempotency-Key is still being processed';
  const NOT_CHARGED = 'This try did not go through: nothing was charged';
  const checkTry = (id: number | string, cookie: string, key: string) =>
    call(`/api/agents/${id}/try/${encodeURIComponent(key)}`, { cookie });
  const tries = async (userId: number) =>
    (await db()
      .prepare("SELECT count(*) AS n FROM credit_ledger WHERE user_id = ? AND kind = 'try'")
      .bind(userId)
      .first<{ n: number }>())!.n;
  const holdKey = (key: string, userId: number, request: string, updatedAt: number) =>
    // Stored as its caller owns it, a session's key: '<user id>:<key>' (docs/decisions/0038).
    db()
      .prepare('INSERT INTO idempotency_keys (key, user_id, request, updated_at) VALUES (?, ?, ?, ?)')
      .bind(`${userId}:${key}`, userId, request, updatedAt)
      .run();

  it('answers the first answer byte for byte, even after the agent changed; another person finds nothing under the key', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const key = 'replay-bytes-0001';
    const first = await tryAgent(3, cookie, key);
    expect(first.status).toBe(200);
    const bytes = await first.text();
    expect(JSON.parse(bytes)).toEqual({ balance: 75, consumed: 25, url: 'https://agents.example.com/contract-sentry' });

    await db().prepare("UPDATE agents SET external_url = 'https://moved.example.com/' WHERE id = 3").run();
    await tryAgent(2, cookie); // the balance moves on too
    const again = await tryAgent(3, cookie, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.headers.get('Content-Type')).toContain('application/json');
    expect(await again.text()).toBe(bytes);
    const looked = await checkTry(3, cookie, key);
    expect(looked.status).toBe(200);
    expect(await looked.text()).toBe(bytes);
    await db()
      .prepare("UPDATE agents SET external_url = 'https://agents.example.com/contract-sentry' WHERE id = 3")
      .run();

    const stranger = await createUser();
    const strangerCookie = await signIn(stranger.id);
    // The key is the first person's: to another it holds nothing to read (docs/decisions/0038).
    const probed = await checkTry(3, strangerCookie, key);
    expect(probed.status).toBe(404);
    expect(await probed.json()).toMatchObject({ message: NOT_CHARGED });
    expect(await userRow(stranger.id)).toEqual({ credits: 100, consumed: 0 });
    expect(await tries(user.id)).toBe(2);
    expect(await userRow(user.id)).toEqual({ credits: 63, consumed: 37 });
  });

  it('a repeat waits for a try still running, then answers 409 with Retry-After; a holder that died is taken over', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    await holdKey('held-key-0001', user.id, 'POST /api/agents/1/try', Date.now());
    const busy = await tryAgent(1, cookie, 'held-key-0001');
    expect(busy.status).toBe(409);
    expect(busy.headers.get('Retry-After')).toBe('1');
    expect(await busy.json()).toMatchObject({ message: IN_PROGRESS });
    const busyCheck = await checkTry(1, cookie, 'held-key-0001');
    expect(busyCheck.status).toBe(409);
    expect(await userRow(user.id)).toEqual({ credits: 100, consumed: 0 });

    await holdKey('dead-key-0001', user.id, 'POST /api/agents/1/try', Date.now() - 60_000);
    const retried = await tryAgent(1, cookie, 'dead-key-0001');
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ balance: 93, consumed: 7, url: null });
    expect(await tries(user.id)).toBe(1);
  });

  it('GET /api/agents/:id/try/:key settles a lost try: its answer, or 404 and never a charge later', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    // Never seen: nothing was charged, and the key can no longer charge (a request still on its way).
    const unknown = await checkTry(1, cookie, 'lost-key-0001');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: NOT_CHARGED, error: NOT_CHARGED });
    const late = await tryAgent(1, cookie, 'lost-key-0001');
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: NOT_CHARGED });
    expect((await checkTry(1, cookie, 'lost-key-0001')).status).toBe(404);
    expect(await userRow(user.id)).toEqual({ credits: 100, consumed: 0 });

    // The worker died after the debit and before storing the answer: the ledger answers.
    await debitOnce(db(), {
      userId: user.id,
      amount: 7,
      key: `try:${user.id}:died-key-0001`,
      reference: 'agent:1',
      description: 'Tried agent #1',
    });
    await holdKey('died-key-0001', user.id, 'POST /api/agents/1/try', Date.now() - 60_000);
    const found = await checkTry(1, cookie, 'died-key-0001');
    expect(found.status).toBe(200);
    const bytes = await found.text();
    expect(JSON.parse(bytes)).toEqual({ balance: 93, consumed: 7, url: null });
    expect(await (await tryAgent(1, cookie, 'died-key-0001')).text()).toBe(bytes);
    // ...and before the debit: nothing to find, so nothing was charged.
    await holdKey('died-key-0002', user.id, 'POST /api/agents/1/try', Date.now() - 60_000);
    expect((await checkTry(1, cookie, 'died-key-0002')).status).toBe(404);
    expect((await tryAgent(1, cookie, 'died-key-0002')).status).toBe(409);
    expect(await tries(user.id)).toBe(1);

    // A key is one agent's try.
    expect((await checkTry(2, cookie, 'died-key-0001')).status).toBe(409);
  });

  it('GET refuses visitors (401), unknown agents (404) and malformed keys (400)', async () => {
    expect((await call('/api/agents/1/try/some-key-0001')).status).toBe(401);
    const cookie = await signIn((await createUser()).id);
    expect((await checkTry(999, cookie, 'some-key-0001')).status).toBe(404);
    const bad = await checkTry(1, cookie, 'bad key!');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      message: 'Idempotency-Key must be 8-128 letters, digits, dots, colons, dashes or underscores',
    });
  });
});
