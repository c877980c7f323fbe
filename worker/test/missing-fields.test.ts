import { describe, expect, it } from 'vitest';
import { call, createUser, messageOf as message, signIn } from './fixtures';

let n = 0;
const headers = () => ({ 'CF-Connecting-IP': `10.9.${n}.${n++}` });

describe("missing JSON fields get the field's own message, never valibot's generic one", () => {
  it('register, login and profile', async () => {
    const cases: [string, string, unknown, string][] = [
      [
        'POST',
        '/api/auth/register',
        { email: 'a@example.com', password: 'secret-pass' },
        'Username must be at least 3 characters',
      ],
      ['POST', '/api/auth/register', { username: 'someone', password: 'secret-pass' }, 'Please enter a valid email'],
      [
        'POST',
        '/api/auth/register',
        { username: 'someone', email: 'a@example.com' },
        'Password must be at least 6 characters',
      ],
      ['POST', '/api/auth/login', { password: 'secret-pass' }, 'Username must be at least 3 characters'],
      ['POST', '/api/auth/login', { username: 'someone' }, 'Password must be at least 6 characters'],
    ];
    for (const [method, path, json, expected] of cases) {
      const res = await call(path, { method, json, headers: headers() });
      expect(res.status, `${path} ${JSON.stringify(json)}`).toBe(400);
      expect(await message(res)).toBe(expected);
    }
    const me = await createUser();
    const cookie = await signIn(me.id);
    for (const [json, expected] of [
      [{ email: 'a@example.com' }, 'Username is required'],
      [{ username: 'valid_name' }, 'Email is required'],
      [{}, 'Username is required'],
    ] as const) {
      const res = await call(`/api/users/${me.id}`, { method: 'PUT', json, cookie });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await message(res)).toBe(expected);
    }
  });

  it('an unknown extra field is ignored rather than stored', async () => {
    const me = await createUser();
    const cookie = await signIn(me.id);
    const res = await call(`/api/users/${me.id}`, {
      method: 'PUT',
      json: { username: `renamed_${me.id}`, email: me.email, role: 'admin', credits: 1e9 },
      cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: 'user', credits: 100 });
  });
});
