import { describe, expect, it } from 'vitest';
import { call, createUser, db, signIn } from '../../test/fixtures';

describe('POST /api/admin/ensure-minimum-credits', () => {
  it('tops every user up to 100 with a ledger row, for admins only', async () => {
    const poor = await createUser({ credits: 20 });
    const broke = await createUser({ credits: 0 });
    const rich = await createUser({ credits: 400 });
    const admin = await createUser({ role: 'admin', credits: 100 });

    expect((await call('/api/admin/ensure-minimum-credits', { method: 'POST' })).status).toBe(401);
    expect((await call('/api/admin/ensure-minimum-credits', { method: 'POST', cookie: await signIn(rich.id) })).status).toBe(403);
    const staff = await createUser({ role: 'staff' });
    expect((await call('/api/admin/ensure-minimum-credits', { method: 'POST', cookie: await signIn(staff.id) })).status).toBe(403);

    const cookie = await signIn(admin.id);
    const res = await call('/api/admin/ensure-minimum-credits', { method: 'POST', cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ totalUpdated: 2 });
    for (const [user, expected] of [[poor, 100], [broke, 100], [rich, 400]] as const) {
      const row = await db().prepare('SELECT credits FROM users WHERE id = ?').bind(user.id).first<{ credits: number }>();
      expect(row!.credits).toBe(expected);
      const sum = await db().prepare('SELECT sum(amount) AS s FROM credit_ledger WHERE user_id = ?').bind(user.id).first<{ s: number }>();
      expect(sum!.s).toBe(expected);
    }
    expect(await (await call('/api/admin/ensure-minimum-credits', { method: 'POST', cookie })).json()).toEqual({ totalUpdated: 0 });
  });
});
