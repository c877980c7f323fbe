import { describe, expect, it } from 'vitest';
import type { Proposal } from '../../../common/types';
import { call, createUser, db, signIn } from '../../test/fixtures';

const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const visitor = { name: 'Shift Planner', description: 'Plans rota shifts around staff holidays.', proposerName: 'Vera', proposerEmail: 'vera@example.com' };

describe('POST /api/propose-agent', () => {
  it('stores a visitor proposal with the name and email given', async () => {
    const res = await call('/api/propose-agent', { json: visitor });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: 'Shift Planner', proposerName: 'Vera', proposerEmail: 'vera@example.com', userId: null, status: 'new' });
  });

  it('answers each proposal rule with the SPEC message', async () => {
    for (const [patch, expected] of [
      [{ name: '' }, 'Agent name is required'],
      [{ name: 'x'.repeat(101) }, 'Agent name must be less than 100 characters'],
      [{ description: 'short' }, 'Description must be at least 10 characters'],
      [{ description: 'y'.repeat(1001) }, 'Description must be less than 1000 characters'],
      [{ proposerName: '' }, 'Your name is required'],
      [{ proposerEmail: 'nope' }, 'Please enter a valid email address'],
    ] as const) {
      const res = await call('/api/propose-agent', { json: { ...visitor, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(await message(res)).toBe(expected);
    }
  });

  it('a signed-in user needs neither name nor email: the account supplies them', async () => {
    const user = await createUser({ username: 'idea_ida' });
    const res = await call('/api/propose-agent', { json: { name: 'Idea', description: 'A long enough description.' }, cookie: await signIn(user.id) });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ proposerName: 'idea_ida', proposerEmail: user.email, userId: user.id });
  });

  it('one Idempotency-Key stores one proposal and answers the same one', async () => {
    const headers = { 'Idempotency-Key': 'offline-queue-key-1' };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await call('/api/propose-agent', { json: { ...visitor, name: 'Queued once' }, headers }));
    expect(answers.map((r) => r.status)).toEqual([201, 200, 200]);
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as Proposal).id));
    expect(new Set(ids).size).toBe(1);
    const count = await db().prepare("SELECT count(*) AS n FROM proposals WHERE name = 'Queued once'").first<{ n: number }>();
    expect(count!.n).toBe(1);
    expect((await call('/api/propose-agent', { json: visitor, headers: { 'Idempotency-Key': 'x' } })).status).toBe(400);
  });
});

describe('the operators inbox', () => {
  it('staff and admins read it newest first and mark proposals reviewed; others are refused', async () => {
    const staff = await signIn((await createUser({ role: 'staff' })).id);
    const admin = await signIn((await createUser({ role: 'admin' })).id);
    const user = await signIn((await createUser()).id);
    const created = (await (await call('/api/propose-agent', { json: { ...visitor, name: 'Newest idea' } })).json()) as Proposal;

    expect((await call('/api/proposals')).status).toBe(401);
    expect((await call('/api/proposals', { cookie: user })).status).toBe(403);
    const inbox = (await (await call('/api/proposals', { cookie: staff })).json()) as Proposal[];
    expect(inbox[0]!.name).toBe('Newest idea');
    expect((await call('/api/proposals', { cookie: admin })).status).toBe(200);

    expect((await call(`/api/proposals/${created.id}`, { method: 'PATCH', json: { status: 'reviewed' }, cookie: user })).status).toBe(403);
    const reviewed = await call(`/api/proposals/${created.id}`, { method: 'PATCH', json: { status: 'reviewed' }, cookie: staff });
    expect(await reviewed.json()).toMatchObject({ id: created.id, status: 'reviewed', reviewedAt: expect.any(String) });
    const onlyNew = (await (await call('/api/proposals?status=new', { cookie: staff })).json()) as Proposal[];
    expect(onlyNew.some((p) => p.id === created.id)).toBe(false);

    expect((await call('/api/proposals/999999', { method: 'PATCH', json: { status: 'reviewed' }, cookie: staff })).status).toBe(404);
    expect((await call(`/api/proposals/${created.id}`, { method: 'PATCH', json: { status: 'done' }, cookie: staff })).status).toBe(400);
  });
});
