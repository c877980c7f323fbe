import { describe, expect, it } from 'vitest';
import { call, client, createUser, db, messageOf as message, okBody, signIn } from '#worker/test/fixtures.ts';

const visitor = {
  name: 'Replay idea',
  description: 'A long enough description.',
  proposerName: 'Vera',
  proposerEmail: 'vera@example.com',
};

describe('Idempotency-Key replays belong to whoever sent them', () => {
  it('a signed-in user gets their own replay; a visitor or another user reusing the key gets 409 without the proposal', async () => {
    const owner = await signIn((await createUser()).id);
    const stranger = await signIn((await createUser()).id);
    const headers = { 'Idempotency-Key': 'replay-key-0001' };
    const propose = () =>
      client(owner, headers)['propose-agent'].$post({
        json: { name: 'Private idea', description: 'A long enough description.' },
      });
    const first = await propose();
    expect(first.status).toBe(201);
    const created = await okBody(first);
    const again = await propose();
    expect(again.status).toBe(200);
    expect((await okBody(again)).id).toBe(created.id);

    for (const cookie of [undefined, stranger]) {
      const res = await call('/api/propose-agent', { json: visitor, headers, cookie });
      expect(res.status).toBe(409);
      const text = await message(res);
      expect(text).toBe('This Idempotency-Key was already used for another request');
      expect(text).not.toContain(created.proposerEmail);
    }
    expect(
      await db()
        .prepare('SELECT count(*) AS n FROM proposals WHERE idempotency_key = ?')
        .bind('replay-key-0001')
        .first(),
    ).toEqual({ n: 1 });
  });

  it("a missing field is answered with that field's own message", async () => {
    for (const [body, expected] of [
      [
        { description: 'A long enough description.', proposerName: 'Vera', proposerEmail: 'vera@example.com' },
        'Agent name is required',
      ],
      [
        { name: 'Idea', proposerName: 'Vera', proposerEmail: 'vera@example.com' },
        'Description must be at least 10 characters',
      ],
      [
        { name: 'Idea', description: 'A long enough description.', proposerEmail: 'vera@example.com' },
        'Your name is required',
      ],
      [
        { name: 'Idea', description: 'A long enough description.', proposerName: 'Vera' },
        'Please enter a valid email address',
      ],
      [{}, 'Agent name is required'],
    ] as const) {
      const res = await call('/api/propose-agent', { json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await message(res)).toBe(expected);
    }
    const staff = await signIn((await createUser({ role: 'staff' })).id);
    const res = await call('/api/proposals/1', { method: 'PATCH', json: {}, cookie: staff });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe('Status must be new or reviewed');
  });
});
