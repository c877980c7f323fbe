import { beforeAll, describe, expect, it } from 'vitest';
import type { TryResult } from '../../../common/types';
import { call, createUser, db, seedCatalog, signIn } from '../../test/fixtures';

beforeAll(seedCatalog);

const ledgerSum = async (userId: number) =>
  (await db().prepare('SELECT coalesce(sum(amount), 0) AS s FROM credit_ledger WHERE user_id = ?').bind(userId).first<{ s: number }>())!.s;

describe('POST /api/agents/:id/try', () => {
  it('debits the cost and answers with the balance and the agent URL', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const res = await call('/api/agents/2/try', { method: 'POST', cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ balance: 88, consumed: 12, url: null } satisfies TryResult);
    const session = await (await call('/api/auth/session', { cookie })).json();
    expect(session).toMatchObject({ credits: 88, consumed: 12 });
    expect(await ledgerSum(user.id)).toBe(88);
  });

  it('40 concurrent tries with 100 credits at 7 each: exactly 14 succeed and the ledger sums to the balance', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const answers = await Promise.all(Array.from({ length: 40 }, () => call('/api/agents/1/try', { method: 'POST', cookie })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(14);
    expect(statuses.filter((s) => s === 402)).toHaveLength(26);
    const balances = await Promise.all(answers.filter((r) => r.ok).map(async (r) => ((await r.json()) as TryResult).balance));
    expect(Math.min(...balances)).toBeGreaterThanOrEqual(0);
    const row = await db().prepare('SELECT credits, consumed FROM users WHERE id = ?').bind(user.id).first<{ credits: number; consumed: number }>();
    expect(row).toEqual({ credits: 2, consumed: 98 });
    expect(await ledgerSum(user.id)).toBe(2);
  });

  it('one Idempotency-Key charges once and answers the same every time', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const headers = { 'Idempotency-Key': 'try-key-0001' };
    const answers = await Promise.all([1, 2, 3].map(() => call('/api/agents/1/try', { method: 'POST', cookie, headers })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await db().prepare('SELECT credits FROM users WHERE id = ?').bind(user.id).first<{ credits: number }>())!.credits).toBe(93);
    expect(await ledgerSum(user.id)).toBe(93);
  });

  it('402 with the message when the balance is short, charging nothing', async () => {
    const user = await createUser({ credits: 5 });
    const cookie = await signIn(user.id);
    const res = await call('/api/agents/1/try', { method: 'POST', cookie });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({ message: 'Not enough credits to try this agent', error: 'Not enough credits to try this agent' });
    expect(await ledgerSum(user.id)).toBe(5);
  });

  it('is free for the agent’s creator', async () => {
    const cookie = await signIn(1); // alice created agent 1
    const before = (await db().prepare('SELECT credits FROM users WHERE id = 1').first<{ credits: number }>())!.credits;
    const res = await call('/api/agents/1/try', { method: 'POST', cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as TryResult).balance).toBe(before);
  });

  it('401 for visitors, 404 for unknown agents, 400 for a malformed key', async () => {
    expect((await call('/api/agents/1/try', { method: 'POST' })).status).toBe(401);
    const cookie = await signIn((await createUser()).id);
    expect((await call('/api/agents/999/try', { method: 'POST', cookie })).status).toBe(404);
    expect((await call('/api/agents/abc/try', { method: 'POST', cookie })).status).toBe(404);
    const bad = await call('/api/agents/1/try', { method: 'POST', cookie, headers: { 'Idempotency-Key': 'x'.repeat(500) } });
    expect(bad.status).toBe(400);
  });
});
