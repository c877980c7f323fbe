import { describe, expect, it } from 'vitest';
import { call, createUser, signIn } from '../../test/fixtures';

const message = async (res: Response) => ((await res.json()) as { message: string; error: string }).error;

describe('users', () => {
  it('the public profile never includes the email', async () => {
    const user = await createUser({ username: 'public_pat' });
    const res = await call(`/api/users/${user.id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ id: user.id, username: 'public_pat', profilePicture: null, createdAt: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain('@');
    expect((await call('/api/users/999999')).status).toBe(404);
    expect((await call('/api/users/abc')).status).toBe(404);
  });

  it('only the user updates their own profile; taken names and emails are 409', async () => {
    const me = await createUser({ username: 'editor_ed' });
    const other = await createUser({ username: 'taken_tom' });
    const cookie = await signIn(me.id);
    const ok = await call(`/api/users/${me.id}`, { method: 'PUT', json: { username: 'edited_ed', email: 'Edited@Example.com' }, cookie });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: me.id, username: 'edited_ed', email: 'edited@example.com' });

    const name = await call(`/api/users/${me.id}`, { method: 'PUT', json: { username: 'TAKEN_TOM', email: 'free@example.com' }, cookie });
    expect(name.status).toBe(409);
    expect(await message(name)).toBe('That username is already taken');
    const email = await call(`/api/users/${me.id}`, { method: 'PUT', json: { username: 'edited_ed', email: other.email }, cookie });
    expect(email.status).toBe(409);
    expect(await message(email)).toBe('An account with that email already exists');

    expect((await call(`/api/users/${other.id}`, { method: 'PUT', json: { username: 'hijack', email: 'h@example.com' }, cookie })).status).toBe(403);
    expect((await call(`/api/users/${me.id}`, { method: 'PUT', json: { username: 'anon', email: 'a@example.com' } })).status).toBe(401);
  });

  it('answers the profile rules with their messages', async () => {
    const me = await createUser();
    const cookie = await signIn(me.id);
    for (const [body, expected] of [
      [{ username: '', email: 'a@example.com' }, 'Username is required'],
      [{ username: 'ab', email: 'a@example.com' }, 'Username must be at least 3 characters'],
      [{ username: 'valid_name', email: '' }, 'Email is required'],
      [{ username: 'valid_name', email: 'nope' }, 'Please enter a valid email'],
    ] as const) {
      const res = await call(`/api/users/${me.id}`, { method: 'PUT', json: body, cookie });
      expect(res.status).toBe(400);
      expect(await message(res)).toBe(expected);
    }
  });
});
