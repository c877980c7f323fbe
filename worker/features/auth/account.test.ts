// The account life cycle against the real mail path: the worker posts to the mail catcher
// (scripts/mail-catcher.mjs, started by worker/test/mail-setup.ts) and these tests follow the links.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#common/validation.ts';
import { issueToken } from '#worker/lib/email-tokens.ts';
import { MAILS_PER_HOUR } from '#worker/lib/throttle.ts';
import {
  call,
  client as api,
  db,
  messageOf as message,
  okBody,
  sessionCookieOf as cookieFrom,
  sessionOf as session,
} from '#worker/test/fixtures.ts';
import { mailsTo, nthMailTo, tokenIn } from '#worker/test/mail.ts';
import { FORGOT_PASSWORD_ANSWER } from './account-routes';

const SLOW = 60_000;
let n = 0;
const fresh = () => `acct_${Date.now().toString(36)}_${n++}`;
const client = () => ({ 'CF-Connecting-IP': `10.7.${n}.${n++}` });

async function register(email = `${fresh()}@example.com`, password = 'secret-pass', next?: string) {
  const username = fresh();
  const res = await api(undefined, client()).auth.register.$post({
    json: { username, email, password, isInternalLogin: false, ...(next === undefined ? {} : { next }) },
  });
  expect(res.status).toBe(201);
  return { username, email, cookie: cookieFrom(res), id: (await okBody(res)).id };
}

const login = (username: string, password = 'secret-pass') =>
  call('/api/auth/login', { json: { username, password }, headers: client() });
const verify = (token: string, cookie?: string) => call('/api/auth/verify-email', { json: { token }, cookie });

describe('verified mailboxes', () => {
  it(
    'registration mails an absolute confirmation link in text and HTML; following it verifies the address once',
    { timeout: SLOW },
    async () => {
      const { email, cookie } = await register();
      expect(await session(cookie)).toMatchObject({ emailVerified: false, role: 'user' });
      const mail = await nthMailTo(email);
      expect(mail.from).toBe('AgentMarket <no-reply@agentmarket.test>');
      expect(mail.subject).toBe('Confirm your email address for AgentMarket');
      expect(mail.text).toMatch(/http:\/\/localhost\/verify-email\?token=[\w-]{40,}/);
      expect(mail.html).toContain('href="http://localhost/verify-email?token=');
      expect(mail.text).toContain('AgentMarket');
      const token = tokenIn(mail, '/verify-email');
      // Only the hash is stored.
      expect(await db().prepare('SELECT 1 FROM email_tokens WHERE token_hash = ?').bind(token).first()).toBeNull();

      const res = await verify(token, cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ email, user: { emailVerified: true } });
      expect(await session(cookie)).toMatchObject({ emailVerified: true });
      // Single use.
      const again = await verify(token);
      expect(again.status).toBe(400);
      expect(await message(again)).toBe(MESSAGES.tokenInvalid);
    },
  );

  it(
    'a registration from a page of this site mails a link that continues there; any other next is left out',
    { timeout: SLOW },
    async () => {
      const fromAgent = await register(undefined, undefined, '/agents/7?tab=reviews');
      const mail = await nthMailTo(fromAgent.email);
      expect(mail.text).toMatch(
        /http:\/\/localhost\/verify-email\?token=[\w-]{40,}&next=%2Fagents%2F7%3Ftab%3Dreviews\s/,
      );
      expect(mail.html).toContain('&amp;next=%2Fagents%2F7%3Ftab%3Dreviews"');
      expect((await verify(tokenIn(mail, '/verify-email'), fromAgent.cookie)).status).toBe(200);
      for (const next of ['//evil.example', 'https://evil.example/', '/auth', '/']) {
        const { email } = await register(undefined, undefined, next);
        expect((await nthMailTo(email)).text, next).toMatch(/\/verify-email\?token=[\w-]{40,}\s/);
      }
      const wrong = await call('/api/auth/register', {
        json: { username: fresh(), email: `${fresh()}@example.com`, password: 'secret-pass', next: 7 },
        headers: client(),
      });
      expect(wrong.status).toBe(400);
      expect(await message(wrong)).toBe(MESSAGES.nextPath);
    },
  );

  it('refuses missing, malformed, unknown and expired tokens with a clear message', { timeout: SLOW }, async () => {
    expect(await message(await call('/api/auth/verify-email', { json: {} }))).toBe(MESSAGES.tokenRequired);
    expect((await verify('x'.repeat(500))).status).toBe(400);
    expect(await message(await verify('not-a-real-token'))).toBe(MESSAGES.tokenInvalid);
    const { id, email } = await register();
    const stale = await issueToken(db(), id, 'verify', email, Date.now() - 25 * 3_600_000);
    const res = await verify(stale);
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(MESSAGES.tokenInvalid);
  });

  it('an admin address earns admin only once its owner follows the link', { timeout: SLOW }, async () => {
    await db().prepare("DELETE FROM users WHERE email = 'admin@example.com'").run();
    const { cookie } = await register('admin@example.com');
    expect(await session(cookie)).toMatchObject({ role: 'user' });
    expect((await call('/api/admin/ensure-minimum-credits', { json: {}, cookie })).status).toBe(403);
    await verify(
      tokenIn(await nthMailTo('admin@example.com', (await mailsTo('admin@example.com')).length), '/verify-email'),
      cookie,
    );
    expect(await session(cookie)).toMatchObject({ role: 'admin', emailVerified: true });
  });

  it(
    'resend mails a new link (the old one stops working), is for signed-in users, and is throttled',
    { timeout: SLOW },
    async () => {
      expect((await call('/api/auth/resend-verification', { json: {} })).status).toBe(401);
      const { email, cookie } = await register();
      const first = tokenIn(await nthMailTo(email, 1), '/verify-email');
      const res = await call('/api/auth/resend-verification', { json: {}, cookie });
      expect(res.status).toBe(202);
      const second = tokenIn(await nthMailTo(email, 2), '/verify-email');
      expect((await verify(first)).status).toBe(400);
      expect((await verify(second, cookie)).status).toBe(200);
      const done = await call('/api/auth/resend-verification', { json: {}, cookie });
      expect(done.status).toBe(409);
      expect(await message(done)).toBe(MESSAGES.alreadyVerified);

      const other = await register();
      const statuses: number[] = [];
      for (let i = 0; i < MAILS_PER_HOUR + 1; i++)
        statuses.push((await call('/api/auth/resend-verification', { json: {}, cookie: other.cookie })).status);
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, MAILS_PER_HOUR)).toEqual(Array(MAILS_PER_HOUR).fill(202));
    },
  );
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the account exists, and mails only a real one', { timeout: SLOW }, async () => {
    const nobody = `${fresh()}@example.com`;
    const unknown = await call('/api/auth/forgot-password', { json: { email: nobody }, headers: client() });
    const { email } = await register();
    const known = await call('/api/auth/forgot-password', { json: { email: email.toUpperCase() }, headers: client() });
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    const answer = await known.json();
    expect(await unknown.json()).toEqual(answer);
    expect(answer).toMatchObject({ message: FORGOT_PASSWORD_ANSWER });
    const mail = await nthMailTo(email, 2);
    expect(mail.subject).toBe('Reset your AgentMarket password');
    expect(mail.html).toContain('href="http://localhost/reset-password?token=');
    expect(await mailsTo(nobody)).toEqual([]);
    expect((await call('/api/auth/forgot-password', { json: { email: 'nope' }, headers: client() })).status).toBe(400);
  });

  it('a reset sets the new password, ends every session and works once', { timeout: SLOW }, async () => {
    const { username, email, cookie } = await register();
    const other = cookieFrom(await login(username));
    await call('/api/auth/forgot-password', { json: { email }, headers: client() });
    const token = tokenIn(await nthMailTo(email, 2), '/reset-password');
    const short = await call('/api/auth/reset-password', { json: { token, password: '123' } });
    expect(await message(short)).toBe(MESSAGES.passwordMin);
    const res = await call('/api/auth/reset-password', { json: { token, password: 'brand-new-pass' } });
    expect(res.status).toBe(200);
    expect(await session(cookie)).toBeNull();
    expect(await session(other)).toBeNull();
    expect((await login(username)).status).toBe(401);
    expect((await login(username, 'brand-new-pass')).status).toBe(200);
    const again = await call('/api/auth/reset-password', { json: { token, password: 'another-pass' } });
    expect(again.status).toBe(400);
    expect(await message(again)).toBe(MESSAGES.tokenInvalid);
  });

  it('an expired reset link is refused', { timeout: SLOW }, async () => {
    const { id, email, username } = await register();
    const stale = await issueToken(db(), id, 'reset', email, Date.now() - 3_600_001);
    const res = await call('/api/auth/reset-password', { json: { token: stale, password: 'brand-new-pass' } });
    expect(res.status).toBe(400);
    expect((await login(username)).status).toBe(200);
  });
});

describe('change password, change email, sign out everywhere', () => {
  it('changing the password needs the current one and ends the other sessions only', { timeout: SLOW }, async () => {
    const { username, cookie } = await register();
    const other = cookieFrom(await login(username));
    expect(
      (
        await call('/api/auth/change-password', {
          json: { currentPassword: 'secret-pass', newPassword: 'brand-new-pass' },
        })
      ).status,
    ).toBe(401);
    const wrong = await call('/api/auth/change-password', {
      json: { currentPassword: 'wrong-pass', newPassword: 'brand-new-pass' },
      cookie,
    });
    expect(wrong.status).toBe(400);
    expect(await message(wrong)).toBe(MESSAGES.currentPassword);
    const ok = await call('/api/auth/change-password', {
      json: { currentPassword: 'secret-pass', newPassword: 'brand-new-pass' },
      cookie,
    });
    expect(ok.status).toBe(200);
    expect(await session(cookie)).not.toBeNull();
    expect(await session(other)).toBeNull();
    expect((await login(username, 'brand-new-pass')).status).toBe(200);
  });

  it(
    'a new email needs the current password and counts only once confirmed; other sessions end',
    { timeout: SLOW },
    async () => {
      const { username, email, cookie } = await register();
      const other = cookieFrom(await login(username));
      const next = `${fresh()}@example.com`;
      const wrong = await call('/api/auth/change-email', {
        json: { currentPassword: 'nope-nope', email: next },
        cookie,
      });
      expect(await message(wrong)).toBe(MESSAGES.currentPassword);
      expect(
        await message(
          await call('/api/auth/change-email', { json: { currentPassword: 'secret-pass', email }, cookie }),
        ),
      ).toBe(MESSAGES.sameEmail);
      const taken = await register();
      await db()
        .prepare("UPDATE users SET email_verified_at = '2026-01-01T00:00:00.000Z' WHERE id = ?")
        .bind(taken.id)
        .run();
      // An address another account has confirmed is answered as a free one (docs/decisions/0024); its owner is told instead.
      const clash = await call('/api/auth/change-email', {
        json: { currentPassword: 'secret-pass', email: taken.email },
        cookie,
      });
      expect(clash.status).toBe(202);
      expect(await clash.json()).toMatchObject({ pendingEmail: taken.email });
      expect((await nthMailTo(taken.email, 2)).subject).toBe('Someone tried to use your email address on AgentMarket');

      const res = await call('/api/auth/change-email', {
        json: { currentPassword: 'secret-pass', email: next },
        cookie,
      });
      expect(res.status).toBe(202);
      expect(await res.json()).toMatchObject({ pendingEmail: next });
      expect(await session(other)).toBeNull();
      expect(await session(cookie)).toMatchObject({ email });
      expect(await (await call('/api/auth/email-status', { cookie })).json()).toEqual({
        email,
        emailVerified: false,
        pendingEmail: next,
      });
      const mail = await nthMailTo(next);
      expect(mail.text).toContain(`use ${next} for your AgentMarket account`);
      // Asking for the change tells the old address nothing yet (only its registration mail is there).
      expect(await mailsTo(email)).toHaveLength(1);
      expect((await verify(tokenIn(mail, '/verify-email'), cookie)).status).toBe(200);
      expect(await session(cookie)).toMatchObject({ email: next, emailVerified: true });

      // Once it takes effect, the old address is told, with a link that undoes it (docs/decisions/0024).
      const notice = await nthMailTo(email, 2);
      expect(notice.subject).toBe('Your AgentMarket email address was changed');
      expect(notice.text).toContain(`Hi ${username},`);
      expect(notice.text).toContain(`changed from ${email} to ${next}`);
      expect(notice.text).toContain('If it was not you, open the link within 7 days');
      expect(notice.html).toContain(`to ${next}`);
      expect(notice.text).toMatch(/http:\/\/localhost\/undo-email-change\?token=[\w-]{40,}/);
      // The new address gets only its confirmation.
      expect(await mailsTo(next)).toHaveLength(1);
      expect(await mailsTo(email)).toHaveLength(2);
    },
  );

  it(
    'moving to an admin address gives admin only after confirmation; moving away drops it',
    { timeout: SLOW },
    async () => {
      await db().prepare("DELETE FROM users WHERE email = 'admin@example.com'").run();
      const { cookie } = await register();
      // The Edit Profile call: a new email needs the password too, and changes nothing yet.
      const put = async (body: Record<string, unknown>) => {
        const me = (await session(cookie))!;
        return call(`/api/users/${me.id}`, { method: 'PUT', json: { username: me.username, ...body }, cookie });
      };
      const noPassword = await put({ email: 'admin@example.com' });
      expect(noPassword.status).toBe(400);
      expect(await message(noPassword)).toBe(MESSAGES.currentPasswordRequired);
      const started = await put({ email: 'admin@example.com', currentPassword: 'secret-pass' });
      expect(started.status).toBe(200);
      expect(await started.json()).toMatchObject({ role: 'user', pendingEmail: 'admin@example.com' });
      expect(await session(cookie)).toMatchObject({ role: 'user' });
      await verify(
        tokenIn(await nthMailTo('admin@example.com', (await mailsTo('admin@example.com')).length), '/verify-email'),
        cookie,
      );
      expect(await session(cookie)).toMatchObject({ email: 'admin@example.com', role: 'admin' });

      const away = `${fresh()}@example.com`;
      await call('/api/auth/change-email', { json: { currentPassword: 'secret-pass', email: away }, cookie });
      await verify(tokenIn(await nthMailTo(away), '/verify-email'), cookie);
      expect(await session(cookie)).toMatchObject({ email: away, role: 'user' });
    },
  );

  it('signs out of every device', { timeout: SLOW }, async () => {
    const { username, cookie } = await register();
    const other = cookieFrom(await login(username));
    expect((await call('/api/auth/logout-everywhere', { json: {} })).status).toBe(401);
    const res = await call('/api/auth/logout-everywhere', { json: {}, cookie });
    expect(res.status).toBe(200);
    expect(await session(cookie)).toBeNull();
    expect(await session(other)).toBeNull();
  });
});
