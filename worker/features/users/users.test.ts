import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#common/validation.ts';
import {
  call,
  client,
  createUser,
  db,
  messageOf as message,
  newSessionUser,
  okBody,
  signIn,
} from '#worker/test/fixtures.ts';

/** The profile screen reads `error`; `message` carries the same text. */
async function errorOf(res: Response) {
  const body: unknown = await res.json();
  if (body === null || typeof body !== 'object' || !('message' in body) || !('error' in body))
    throw new Error(`expected a refusal, got ${JSON.stringify(body)}`);
  expect(body.message).toBe(body.error);
  return body.error;
}

const put = (id: number | string, json: unknown, cookie?: string) =>
  call(`/api/users/${id}`, { method: 'PUT', json, cookie });

const stored = (id: number) =>
  db().prepare('SELECT username, email, role, credits FROM users WHERE id = ?').bind(id).first();

describe('GET /api/users/:id', () => {
  it('the public profile never includes the email, role or credits', async () => {
    const user = await createUser({ username: 'public_pat', role: 'staff', credits: 321 });
    const res = await call(`/api/users/${user.id}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      id: user.id,
      username: 'public_pat',
      displayName: null,
      bio: null,
      website: null,
      profilePicture: null,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(body)).not.toContain('@');
    // Signed in as someone else changes nothing.
    const other = await signIn((await createUser()).id);
    expect(await (await call(`/api/users/${user.id}`, { cookie: other })).json()).toEqual(body);
  });

  it('404 for unknown and non-numeric ids', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5', '1e3', '99999999999999999999', "1'%20OR%20'1'='1"]) {
      const res = await call(`/api/users/${id}`);
      expect(res.status, id).toBe(404);
      expect(await errorOf(res)).toBe('User not found');
    }
  });
});

describe('PUT /api/users/:id', () => {
  it('the user updates their own profile; the session sees it; a new email waits for confirmation', async () => {
    const me = await createUser({ username: 'editor_ed' });
    const cookie = await signIn(me.id);
    const ok = await put(me.id, { username: '  edited_ed  ', email: ` ${me.email.toUpperCase()} ` }, cookie);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      ...newSessionUser({ id: me.id, username: 'edited_ed', email: me.email }),
      pendingEmail: null,
    });
    expect(await (await call('/api/auth/session', { cookie })).json()).toMatchObject({
      username: 'edited_ed',
      email: me.email,
    });
    // Keeping one's own name and email (in another case) is not a conflict.
    const same = await put(me.id, { username: 'EDITED_ED', email: me.email }, cookie);
    expect(same.status).toBe(200);
    // A different email needs the current password (docs/product.md#accounts) and changes nothing without it.
    const email = await put(me.id, { username: 'edited_ed', email: 'edited@example.com' }, cookie);
    expect(email.status).toBe(400);
    expect(await message(email)).toBe(MESSAGES.currentPasswordRequired);
    const wrong = await put(
      me.id,
      { username: 'edited_ed', email: 'edited@example.com', currentPassword: 'guess-guess' },
      cookie,
    );
    expect(await message(wrong)).toBe(MESSAGES.currentPassword);
    expect(await (await call('/api/auth/session', { cookie })).json()).toMatchObject({ email: me.email });
  });

  it('cannot change role or credits through extra fields', async () => {
    const me = await createUser({ credits: 5 });
    const cookie = await signIn(me.id);
    const res = await put(
      me.id,
      { username: me.username, email: me.email, role: 'admin', credits: 99999, id: 1 },
      cookie,
    );
    expect(res.status).toBe(200);
    expect(await stored(me.id)).toMatchObject({ role: 'user', credits: 5 });
  });

  it('401 for visitors, 403 for another user, 404 for a non-numeric id', async () => {
    const me = await createUser();
    const other = await createUser();
    const cookie = await signIn(me.id);
    const before = await stored(other.id);

    const visitor = await put(other.id, { username: 'anon_edit', email: 'anon@example.com' });
    expect(visitor.status).toBe(401);
    expect(await errorOf(visitor)).toBe(MESSAGES.notSignedIn);
    const foreign = await put(other.id, { username: 'hijack', email: 'hijack@example.com' }, cookie);
    expect(foreign.status).toBe(403);
    expect(await errorOf(foreign)).toBe(MESSAGES.forbidden);
    expect(await stored(other.id)).toEqual(before);

    expect((await put('abc', { username: 'whatever', email: 'w@example.com' }, cookie)).status).toBe(404);
    // Staff and admins edit nobody's profile but their own either.
    for (const role of ['staff', 'admin'] as const) {
      const boss = await signIn((await createUser({ role })).id);
      expect((await put(other.id, { username: `boss_${role}`, email: `boss_${role}@example.com` }, boss)).status).toBe(
        403,
      );
    }
    expect(await stored(other.id)).toEqual(before);
  });

  it('409 for a username another account has, whatever the case; a taken email is answered as a free one', async () => {
    const me = await createUser({ username: 'clash_me' });
    const other = await createUser({ username: 'taken_tom' });
    const cookie = await signIn(me.id);

    const name = await put(me.id, { username: 'TAKEN_TOM', email: 'free_clash@example.com' }, cookie);
    expect(name.status).toBe(409);
    expect(await errorOf(name)).toBe('That username is already taken');
    // Whether an address has an account is never told (docs/decisions/0024): the same answer as a free one.
    const email = await put(me.id, { username: 'clash_me', email: other.email.toUpperCase() }, cookie);
    const free = await put(me.id, { username: 'clash_me', email: 'nobody_has_this@example.com' }, cookie);
    expect([email.status, free.status]).toEqual([400, 400]);
    expect(await errorOf(email)).toBe(await errorOf(free));
    expect(await stored(me.id)).toMatchObject({ username: 'clash_me', email: me.email });
  });

  it('answers the profile rules with their messages', async () => {
    const me = await createUser();
    const cookie = await signIn(me.id);
    for (const [body, expected] of [
      [{ username: '', email: 'a@example.com' }, 'Username is required'],
      [{ username: '   ', email: 'a@example.com' }, 'Username is required'],
      [{ username: 'ab', email: 'a@example.com' }, 'Username must be at least 3 characters'],
      [{ username: 'u'.repeat(51), email: 'a@example.com' }, 'Username must be at most 50 characters'],
      [{ username: 'valid_name', email: '' }, 'Email is required'],
      [{ username: 'valid_name', email: '   ' }, 'Email is required'],
      [{ username: 'valid_name', email: 'nope' }, 'Please enter a valid email'],
      [{ username: 123, email: 'a@example.com' }, 'Username is required'],
      [{ username: null, email: 'a@example.com' }, 'Username is required'],
      [{ username: ['valid_name'], email: 'a@example.com' }, 'Username is required'],
      [{ username: 'valid_name', email: { $ne: '' } }, 'Email is required'],
    ] as const) {
      const res = await put(me.id, body, cookie);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(res)).toBe(expected);
    }
    expect(await stored(me.id)).toMatchObject({ username: me.username, email: me.email });
  });

  it('refuses injection-shaped usernames and stores nothing', async () => {
    const me = await createUser();
    const cookie = await signIn(me.id);
    // Such text is not a username any more (letters, digits, . _ - only), so it is refused, not stored.
    for (const username of ["'; DROP TABLE users; --", '<script>alert(1)</script>']) {
      const res = await put(me.id, { username, email: me.email }, cookie);
      expect(res.status).toBe(400);
      expect(await message(res)).toBe(MESSAGES.usernameChars);
    }
    expect((await okBody(await client().users[':id'].$get({ param: { id: String(me.id) } }))).username).toBe(
      me.username,
    );
    expect(await db().prepare('SELECT count(*) AS n FROM users').first<{ n: number }>()).toMatchObject({
      n: expect.any(Number),
    });
  });

  it('refuses hostile bodies without a 5xx', async () => {
    const me = await createUser();
    const cookie = await signIn(me.id);
    const path = `/api/users/${me.id}`;
    const raw = (body: string, type = 'application/json') =>
      call(path, { method: 'PUT', body, cookie, headers: { 'Content-Type': type } });
    const answers = [
      await raw('[{"username":"arr_user","email":"arr@example.com"}]'),
      await raw('null'),
      await raw('"just a string"'),
      await raw('{"username": "broken'),
      await raw('username=form_user&email=form%40example.com', 'application/x-www-form-urlencoded'),
      await raw(JSON.stringify({ username: 'x'.repeat(100_000), email: 'big@example.com' })),
    ];
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 413]);
    for (const res of answers) expect(await errorOf(res)).toEqual(expect.any(String));
    expect(await stored(me.id)).toMatchObject({ username: me.username });
    const crossSite = await call(path, {
      method: 'PUT',
      json: { username: 'csrf_user', email: 'csrf@example.com' },
      cookie,
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await errorOf(crossSite)).toBe(MESSAGES.crossSite);
    expect(await stored(me.id)).toMatchObject({ username: me.username });
  });
});
