import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#common/validation.ts';
import { call, client, createUser, db, okBody, signIn } from '#worker/test/fixtures.ts';

const PATH = '/api/admin/ensure-minimum-credits';
const topUp = (cookie?: string, headers?: Record<string, string>) =>
  client(cookie, headers).admin['ensure-minimum-credits'].$post();

const balances = async () =>
  new Map(
    (
      await db()
        .prepare('SELECT id, credits, consumed FROM users')
        .all<{ id: number; credits: number; consumed: number }>()
    ).results.map((r) => [r.id, r]),
  );

describe('POST /api/admin/ensure-minimum-credits', () => {
  it('is refused to visitors (401), users and staff (403), and changes nothing for them', async () => {
    const poor = await createUser({ credits: 3 });
    const before = await balances();
    const visitor = await topUp();
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ message: MESSAGES.notSignedIn, error: MESSAGES.notSignedIn });
    for (const role of ['user', 'staff'] as const) {
      const res = await topUp(await signIn((await createUser({ role, credits: 1 })).id));
      expect(res.status, role).toBe(403);
      expect(await res.json()).toEqual({ message: MESSAGES.forbidden, error: MESSAGES.forbidden });
    }
    // The poor account itself cannot top itself up either.
    expect((await topUp(await signIn(poor.id))).status).toBe(403);
    const after = await balances();
    for (const [id, row] of before) expect(after.get(id)).toEqual(row);
    const topups = await db()
      .prepare("SELECT count(*) AS n FROM credit_ledger WHERE kind = 'admin_topup'")
      .first<{ n: number }>();
    expect(topups!.n).toBe(0);
  });

  it('tops every user below 100 up to exactly 100 with one admin_topup row each; a second run does nothing', async () => {
    const poor = await createUser({ credits: 20 });
    const broke = await createUser({ credits: 0 });
    const almost = await createUser({ credits: 99 });
    const exact = await createUser({ credits: 100 });
    const rich = await createUser({ credits: 400 });
    // A user who spent credits keeps their consumed total.
    await db().prepare('UPDATE users SET consumed = 30 WHERE id = ?').bind(poor.id).run();
    const admin = await createUser({ role: 'admin', credits: 100 });
    const cookie = await signIn(admin.id);

    // Storage is shared across the tests of this file: count who is below the minimum right now.
    const before = await balances();
    const below = [...before.values()].filter((r) => r.credits < 100);
    expect(below.length).toBeGreaterThanOrEqual(3);

    const res = await topUp(cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ totalUpdated: below.length });

    const after = await balances();
    for (const [id, row] of before) {
      expect(after.get(id)!.credits, `user ${id}`).toBe(Math.max(row.credits, 100));
      expect(after.get(id)!.consumed).toBe(row.consumed);
    }
    for (const [user, old] of [
      [poor, 20],
      [broke, 0],
      [almost, 99],
    ] as const) {
      const rows = await db()
        .prepare(
          "SELECT amount, balance_after, consumed_after FROM credit_ledger WHERE user_id = ? AND kind = 'admin_topup'",
        )
        .bind(user.id)
        .all();
      expect(rows.results).toEqual([{ amount: 100 - old, balance_after: 100, consumed_after: user === poor ? 30 : 0 }]);
      // The ledger still explains the balance: signup grant plus top-up.
      const sum = await db()
        .prepare('SELECT sum(amount) AS s FROM credit_ledger WHERE user_id = ?')
        .bind(user.id)
        .first<{ s: number }>();
      expect(sum!.s).toBe(100);
    }
    for (const user of [exact, rich, admin]) {
      const rows = await db()
        .prepare("SELECT count(*) AS n FROM credit_ledger WHERE user_id = ? AND kind = 'admin_topup'")
        .bind(user.id)
        .first<{ n: number }>();
      expect(rows!.n).toBe(0);
    }
    // The top-up shows in the user's own transaction list.
    const list = await (await client(await signIn(broke.id)).credits.transactions.$get()).json();
    expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'admin_topup', amount: 100 })]));

    const again = await topUp(cookie);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ totalUpdated: 0 });
    const ledgerCount = await db()
      .prepare("SELECT count(*) AS n FROM credit_ledger WHERE kind = 'admin_topup'")
      .first<{ n: number }>();
    expect(ledgerCount!.n).toBe(below.length);
  });

  it('parallel runs never top anyone up twice', async () => {
    const poor = await createUser({ credits: 10 });
    const cookie = await signIn((await createUser({ role: 'admin' })).id);
    const answers = await Promise.all([topUp(cookie), topUp(cookie), topUp(cookie)]);
    const totals = await Promise.all(answers.map(okBody));
    expect(totals.reduce((s, t) => s + t.totalUpdated, 0)).toBe(1);
    expect(await db().prepare('SELECT credits FROM users WHERE id = ?').bind(poor.id).first()).toEqual({
      credits: 100,
    });
    const rows = await db()
      .prepare("SELECT amount FROM credit_ledger WHERE user_id = ? AND kind = 'admin_topup'")
      .bind(poor.id)
      .all();
    expect(rows.results).toEqual([{ amount: 90 }]);
  });

  it('refuses a cross-site request and ignores any body', async () => {
    const poor = await createUser({ credits: 7 });
    const cookie = await signIn((await createUser({ role: 'admin' })).id);
    const crossSite = await topUp(cookie, { Origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ message: MESSAGES.crossSite, error: MESSAGES.crossSite });
    const fetchMeta = await topUp(cookie, { 'Sec-Fetch-Site': 'cross-site' });
    expect(fetchMeta.status).toBe(403);
    expect(await db().prepare('SELECT credits FROM users WHERE id = ?').bind(poor.id).first()).toEqual({ credits: 7 });
    // Hostile bodies are irrelevant to this route: it still answers normally, never 5xx.
    for (const body of ['[1,2]', '{"broken', 'x'.repeat(100_000)]) {
      const res = await call(PATH, { method: 'POST', body, cookie, headers: { 'Content-Type': 'application/json' } });
      expect(res.status, body.slice(0, 10)).toBeLessThan(500);
    }
  });
});
