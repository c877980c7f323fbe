// docs/decisions/0024, written as the attacks: each case is what an attacker did against the code before it
// (docs/decisions/0024) and must now fail for them.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#common/types.ts';
import { KNOWN_SIGN_IN_ERRORS } from '#common/auth-errors.ts';
import { MESSAGES } from '#common/validation.ts';
import { OIDC_MESSAGES } from '#worker/lib/oidc.ts';
import { MAILS_PER_HOUR, PROFILE_CHECKS_PER_WINDOW } from '#worker/lib/throttle.ts';
import {
  call,
  client as api,
  db,
  freshClient as client,
  messageOf as message,
  okBody,
  resetPasswordByMail,
  sessionCookieOf as cookieFrom,
  sessionOf as session,
  uniqueName,
} from '#worker/test/fixtures.ts';
import { lastMailTo, mailsTo, nthMailTo, tokenIn, type CaughtMail } from '#worker/test/mail.ts';

// scrypt makes every registration and sign-in take a noticeable fraction of a second in workerd, and
// most cases here make several: the default 5 s per test is too tight.
vi.setConfig({ testTimeout: 90_000 });
const fresh = () => uniqueName('sec');

async function register(email = `${fresh()}@example.com`, password = 'secret-pass', username = fresh()) {
  const res = await api(undefined, client()).auth.register.$post({
    json: { username, email, password, isInternalLogin: false },
  });
  expect(res.status).toBe(201);
  return { username, email, password, cookie: cookieFrom(res), id: (await okBody(res)).id };
}

const login = (username: string, password: string) =>
  call('/api/auth/login', { json: { username, password }, headers: client() });
const undoIn = (mail: CaughtMail) => {
  const link = mail.text.match(/https?:\/\/[^\s]+\/undo-email-change\?token=([\w-]+)/);
  if (!link) throw new Error(`no undo link in: ${mail.text}`);
  return link[1]!;
};

describe('pre-registration takeover of a privileged address', () => {
  it("the attacker registers the admin's address; the owner's signed-out click does not hand them admin", async () => {
    await db().prepare("DELETE FROM users WHERE email = 'admin@example.com'").run();
    const before = (await mailsTo('admin@example.com')).length;
    const attacker = await register('admin@example.com', 'attacker-pass');
    const token = tokenIn(await nthMailTo('admin@example.com', before + 1), '/verify-email');

    // The real owner opens the link in a browser with no session: it no longer confirms on its own.
    const opened = await call('/api/auth/verify-email', { json: { token } });
    expect(opened.status).toBe(403);
    expect(await opened.json()).toMatchObject({ message: MESSAGES.confirmNeedsOwner, needsPassword: true });
    // The attacker's password still earns nothing.
    const signedIn = await login(attacker.username, 'attacker-pass');
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ role: 'user', emailVerified: false });
    const attackerCookie = cookieFrom(signedIn);
    expect((await call('/api/proposals', { cookie: attackerCookie })).status).toBe(403);
    expect((await call('/api/admin/ensure-minimum-credits', { json: {}, cookie: attackerCookie })).status).toBe(403);

    // The owner confirms by choosing a password: the account is theirs, the attacker is out.
    const confirmed = await call('/api/auth/verify-email', { json: { token, password: 'owner-pass-1' } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ user: { role: 'admin', emailVerified: true } });
    expect(await session(cookieFrom(confirmed))).toMatchObject({ role: 'admin' });
    expect(await session(attacker.cookie)).toBeNull();
    expect(await session(attackerCookie)).toBeNull();
    expect((await login(attacker.username, 'attacker-pass')).status).toBe(401);
    // The link worked once.
    expect((await call('/api/auth/verify-email', { json: { token, password: 'another-pass' } })).status).toBe(400);
  });

  it('the same through an email change: the owner of the address must sign in or choose a password', async () => {
    await db().prepare("DELETE FROM users WHERE email = 'admin@example.com'").run();
    const attacker = await register();
    const before = (await mailsTo('admin@example.com')).length;
    const change = await call('/api/auth/change-email', {
      json: { currentPassword: 'secret-pass', email: 'admin@example.com' },
      cookie: attacker.cookie,
    });
    expect(change.status).toBe(202);
    const token = tokenIn(await nthMailTo('admin@example.com', before + 1), '/verify-email');
    expect((await call('/api/auth/verify-email', { json: { token } })).status).toBe(403);
    // Signed in as another account is no better than signed out.
    const bystander = await register();
    expect((await call('/api/auth/verify-email', { json: { token }, cookie: bystander.cookie })).status).toBe(403);
    expect(await session(attacker.cookie)).toMatchObject({ role: 'user', email: attacker.email });
  });

  it('signed in as the account, the link confirms as before', async () => {
    const owner = await register();
    const res = await call('/api/auth/verify-email', {
      json: { token: tokenIn(await nthMailTo(owner.email), '/verify-email') },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    expect(await session(owner.cookie)).toMatchObject({ emailVerified: true });
  });
});

describe('pending email changes end with recovery', () => {
  async function stolenChange() {
    const victim = await register();
    const attackerMailbox = `${fresh()}@attacker.example`;
    // The attacker knows the victim's password and signs in on their own device.
    const attackerCookie = cookieFrom(await login(victim.username, victim.password));
    const res = await call('/api/auth/change-email', {
      json: { currentPassword: victim.password, email: attackerMailbox },
      cookie: attackerCookie,
    });
    expect(res.status).toBe(202);
    const token = tokenIn(await nthMailTo(attackerMailbox), '/verify-email');
    return { victim, attackerMailbox, attackerCookie, token };
  }

  it("a password reset by mail voids the attacker's pending change", async () => {
    const { victim, attackerCookie, token } = await stolenChange();
    await resetPasswordByMail(victim.email, 'brand-new-pass', client());
    const late = await call('/api/auth/verify-email', { json: { token }, cookie: attackerCookie });
    expect(late.status).toBe(400);
    // Nor with a password of the attacker's choosing, signed out.
    expect((await call('/api/auth/verify-email', { json: { token, password: 'attacker-pass' } })).status).toBe(400);
    expect(await db().prepare('SELECT email FROM users WHERE id = ?').bind(victim.id).first()).toEqual({
      email: victim.email,
    });
  });

  it("a password change and 'Sign out of all devices' void it too", async () => {
    // The change signed the victim's devices out; they sign in again and act.
    const first = await stolenChange();
    const firstOwn = cookieFrom(await login(first.victim.username, first.victim.password));
    expect(
      (
        await call('/api/auth/change-password', {
          json: { currentPassword: first.victim.password, newPassword: 'changed-pass' },
          cookie: firstOwn,
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('/api/auth/verify-email', { json: { token: first.token }, cookie: first.attackerCookie })).status,
    ).toBe(400);
    expect(
      (await call('/api/auth/verify-email', { json: { token: first.token, password: 'attacker-pass' } })).status,
    ).toBe(400);

    const second = await stolenChange();
    const secondOwn = cookieFrom(await login(second.victim.username, second.victim.password));
    expect((await call('/api/auth/logout-everywhere', { json: {}, cookie: secondOwn })).status).toBe(200);
    expect(
      (await call('/api/auth/verify-email', { json: { token: second.token, password: 'attacker-pass' } })).status,
    ).toBe(400);
  });

  it('the owner sees the pending change and cancels it', async () => {
    const { victim, attackerMailbox, token } = await stolenChange();
    const ownCookie = cookieFrom(await login(victim.username, victim.password));
    expect(await (await call('/api/auth/email-status', { cookie: ownCookie })).json()).toMatchObject({
      pendingEmail: attackerMailbox,
    });
    expect((await call('/api/auth/cancel-email-change', { json: {} })).status).toBe(401);
    const cancelled = await call('/api/auth/cancel-email-change', { json: {}, cookie: ownCookie });
    expect(cancelled.status).toBe(200);
    expect(await (await call('/api/auth/email-status', { cookie: ownCookie })).json()).toMatchObject({
      pendingEmail: null,
    });
    expect((await call('/api/auth/verify-email', { json: { token }, cookie: ownCookie })).status).toBe(400);
  });

  it('the old address is offered an undo for 7 days: it restores the address, sets a password and ends every session', async () => {
    const { victim, attackerMailbox, attackerCookie, token } = await stolenChange();
    expect((await call('/api/auth/verify-email', { json: { token }, cookie: attackerCookie })).status).toBe(200);
    const notice = await lastMailTo(victim.email);
    expect(notice.subject).toBe('Your AgentMarket email address was changed');
    const undo = undoIn(notice);
    // Good for 7 days.
    const row = await db()
      .prepare("SELECT expires_at FROM email_tokens WHERE purpose = 'undo' AND user_id = ?")
      .bind(victim.id)
      .first<{ expires_at: number }>();
    expect(row!.expires_at - Date.now()).toBeGreaterThan(7 * 24 * 3_600_000 - 120_000);
    expect((await call('/api/auth/undo-email-change', { json: { token: undo } })).status).toBe(400);
    const res = await call('/api/auth/undo-email-change', { json: { token: undo, password: 'taken-back-pass' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: victim.email, user: { email: victim.email } });
    expect(await session(attackerCookie)).toBeNull();
    expect((await login(victim.username, victim.password)).status).toBe(401);
    expect((await login(victim.email, 'taken-back-pass')).status).toBe(200);
    expect((await login(attackerMailbox, victim.password)).status).toBe(401);
    // Once only; unknown tokens get the usual message.
    expect(
      await message(await call('/api/auth/undo-email-change', { json: { token: undo, password: 'again-pass' } })),
    ).toBe(MESSAGES.tokenInvalid);
  });
});

/** A request whose Host (URL) is the attacker's, as a forged Host header arrives at the worker. */
const forged = (path: string, init: RequestInit = {}) =>
  exports.default.fetch(
    new Request(`http://evil.example${path}`, {
      ...init,
      headers: { Origin: 'http://evil.example', 'Content-Type': 'application/json', ...init.headers },
    }),
  );

describe('links come from APP_ORIGIN, never the Host', () => {
  it('a forgot-password request with Host: evil.example mails a link to the configured origin', async () => {
    const victim = await register();
    const before = (await mailsTo(victim.email)).length;
    const res = await forged('/api/auth/forgot-password', {
      method: 'POST',
      body: JSON.stringify({ email: victim.email }),
      headers: client(),
    });
    expect(res.status).toBe(202);
    const mail = await nthMailTo(victim.email, before + 1);
    expect(mail.text).toContain(`${env.APP_ORIGIN}/reset-password?token=`);
    expect(mail.text + mail.html).not.toContain('evil.example');
  });

  it('canonical and OpenGraph URLs and the sitemap ignore the Host', async () => {
    const sitemap = await (await forged('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${env.APP_ORIGIN}/`);
    expect(sitemap).not.toContain('evil.example');
    const page = await (await forged('/propose-agent')).text();
    expect(page).toContain(`rel="canonical" href="${env.APP_ORIGIN}/propose-agent"`);
    expect(page).toContain(`property="og:url" content="${env.APP_ORIGIN}/propose-agent"`);
    expect(page).not.toContain('evil.example');
  });
});

/** Follows the mailed link in the account's own session, as its owner does. */
async function confirm(account: { email: string; cookie: string }) {
  const res = await call('/api/auth/verify-email', {
    json: { token: tokenIn(await nthMailTo(account.email), '/verify-email') },
    cookie: account.cookie,
  });
  expect(res.status).toBe(200);
}

describe('no enumeration', () => {
  it("registration answers an address another account has confirmed exactly as a free one, and mails that account's owner instead", async () => {
    const owner = await register();
    await confirm(owner);
    const ownerMailsBefore = (await mailsTo(owner.email)).length;
    const shape = (user: SessionUser) => ({ ...user, id: 0, username: '', email: '', createdAt: '' });
    const taken = await api(undefined, client()).auth.register.$post({
      json: { username: fresh(), email: owner.email.toUpperCase(), password: 'prober-pass', isInternalLogin: false },
    });
    const free = await api(undefined, client()).auth.register.$post({
      json: { username: fresh(), email: `${fresh()}@example.com`, password: 'prober-pass', isInternalLogin: false },
    });
    expect([taken.status, free.status]).toEqual([201, 201]);
    const [takenUser, freeUser] = [await okBody(taken), await okBody(free)];
    expect(shape(takenUser)).toEqual(shape(freeUser));
    expect(takenUser).toMatchObject({ email: owner.email, emailVerified: false, role: 'user' });
    expect(await session(cookieFrom(taken))).toMatchObject({ id: takenUser.id });

    // The owner is told; no link that could confirm the address for the newcomer goes out.
    const notice = await nthMailTo(owner.email, ownerMailsBefore + 1);
    expect(notice.subject).toBe('Someone tried to use your email address on AgentMarket');
    expect(notice.text).not.toMatch(/verify-email/);
    // Asking again from the newcomer's Settings does the same.
    const resend = await call('/api/auth/resend-verification', { json: {}, cookie: cookieFrom(taken) });
    expect(resend.status).toBe(202);
    expect((await nthMailTo(owner.email, ownerMailsBefore + 2)).subject).toBe(
      'Someone tried to use your email address on AgentMarket',
    );
    expect(
      (await mailsTo(owner.email)).some((m) => /verify-email/.test(m.text) && m.text.includes(takenUser.username)),
    ).toBe(false);

    // The address still means its owner: sign-in and a password reset by email reach the owner's account.
    const byEmail = await login(owner.email, owner.password);
    expect(byEmail.status).toBe(200);
    expect(await byEmail.json()).toMatchObject({ id: owner.id });
    await resetPasswordByMail(owner.email, 'owner-new-pass', client());
    expect((await login(owner.email, 'owner-new-pass')).status).toBe(200);
    expect((await login(takenUser.username, 'prober-pass')).status).toBe(200);
    const confirmed = await db()
      .prepare('SELECT id FROM users WHERE email = ? COLLATE NOCASE AND email_verified_at IS NOT NULL')
      .bind(owner.email)
      .all<{ id: number }>();
    expect(confirmed.results).toEqual([{ id: owner.id }]);
  });

  it('an address only claimed, never confirmed, blocks nobody: whoever proves the mailbox first holds it', async () => {
    const mailbox = `${fresh()}@example.com`;
    const squatter = await register(mailbox, 'squatter-pass');
    const before = (await mailsTo(mailbox)).length;
    const owner = await register(mailbox, 'owner-pass');
    const link = tokenIn(await nthMailTo(mailbox, before + 1), '/verify-email');
    const res = await call('/api/auth/verify-email', { json: { token: link }, cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(await session(owner.cookie)).toMatchObject({ email: mailbox, emailVerified: true });
    // The squatter's link now fails: the address is the owner's.
    const squatterLink = tokenIn(await nthMailTo(mailbox, 1), '/verify-email');
    const late = await call('/api/auth/verify-email', { json: { token: squatterLink }, cookie: squatter.cookie });
    expect(late.status).toBe(409);
    expect(await session(squatter.cookie)).toMatchObject({ emailVerified: false });
    // Signing in with the address reaches the owner, whoever registered first.
    expect(await (await login(mailbox, 'owner-pass')).json()).toMatchObject({ id: owner.id });
  });

  it('a profile email change answers a taken address exactly as a free one, and mails the owner instead', async () => {
    const owner = await register();
    await confirm(owner);
    const prober = await register();
    const put = (email: string, currentPassword?: string) =>
      call(`/api/users/${prober.id}`, {
        method: 'PUT',
        json: { username: prober.username, email, currentPassword },
        cookie: prober.cookie,
        headers: client(),
      });
    const free = `${fresh()}@example.com`;
    // Without the password: the same 400 either way.
    const [takenNoPw, freeNoPw] = [await put(owner.email), await put(free)];
    expect([takenNoPw.status, freeNoPw.status]).toEqual([400, 400]);
    expect(await message(takenNoPw)).toBe(await message(freeNoPw));
    // With it: the same 200 and body shape, the pending address as typed.
    const ownerMailsBefore = (await mailsTo(owner.email)).length;
    const taken = await put(owner.email, prober.password);
    expect(taken.status).toBe(200);
    expect(await taken.json()).toMatchObject({ pendingEmail: owner.email, email: prober.email });
    const notice = await nthMailTo(owner.email, ownerMailsBefore + 1);
    expect(notice.subject).toBe('Someone tried to use your email address on AgentMarket');
    expect(notice.text).not.toMatch(/verify-email/);
    const freeRes = await put(free, prober.password);
    expect(freeRes.status).toBe(200);
    expect(await freeRes.json()).toMatchObject({ pendingEmail: free, email: prober.email });
    // The account that owns the address is untouched.
    expect(await db().prepare('SELECT email FROM users WHERE id = ?').bind(owner.id).first()).toEqual({
      email: owner.email,
    });
  });

  it('profile email checks are throttled per client', async () => {
    const prober = await register();
    const headers = client();
    const statuses: number[] = [];
    for (let i = 0; i < PROFILE_CHECKS_PER_WINDOW + 2; i++) {
      const res = await call(`/api/users/${prober.id}`, {
        method: 'PUT',
        json: { username: prober.username, email: `probe${i}@example.com` },
        cookie: prober.cookie,
        headers,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('forgot-password takes as long for an unknown address as for a real one', async () => {
    const real = await register();
    const time = async (email: string) => {
      const started = performance.now();
      expect((await call('/api/auth/forgot-password', { json: { email }, headers: client() })).status).toBe(202);
      return performance.now() - started;
    };
    let realSlower = 0;
    for (let i = 0; i < 16; i++) {
      const unknownMs = await time(`${fresh()}@nobody.example`);
      const realMs = await time(real.email);
      if (realMs > unknownMs) realSlower++;
    }
    // Before, the real address was slower in 16 pairs of 16 (it issued a token before answering).
    expect(realSlower).toBeLessThan(14);
  });

  it("strangers' forgot-password requests do not use up the owner's mails", async () => {
    const owner = await register();
    const stranger = client();
    for (let i = 0; i < MAILS_PER_HOUR + 2; i++) {
      expect(
        (await call('/api/auth/forgot-password', { json: { email: owner.email }, headers: stranger })).status,
      ).toBe(202);
    }
    // Give the background sends time to land, then the owner asks from their own connection.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = (await mailsTo(owner.email)).length;
    expect((await call('/api/auth/forgot-password', { json: { email: owner.email }, headers: client() })).status).toBe(
      202,
    );
    const mail = await nthMailTo(owner.email, before + 1);
    expect(mail.subject).toBe('Reset your AgentMarket password');
  });
});

describe('look-alike names', () => {
  it('refuses Hangul fillers, other invisible characters and a Cyrillic look-alike of a username', async () => {
    const base = uniqueName('demo');
    await register(undefined, 'secret-pass', base);
    const attempt = (username: string) =>
      call('/api/auth/register', {
        json: { username, email: `${fresh()}@example.com`, password: 'secret-pass' },
        headers: client(),
      });
    for (const username of [`${base}\u3164`, '\u3164\u3164\u3164', `x${base}\u200d`, `${base}\u202e`]) {
      const res = await attempt(username);
      expect(res.status).toBe(400);
      expect(await message(res)).toBe(MESSAGES.usernameChars);
    }
    const lookalike = await attempt(base.replace('e', '\u0435'));
    expect(lookalike.status).toBe(409);
    expect(await message(lookalike)).toBe(MESSAGES.usernameTaken);
    // 'rn' reads as 'm' too.
    expect((await attempt(base.replace('m', 'rn'))).status).toBe(409);
  });

  it("agent names: bidi overrides refused, and a look-alike of another creator's agent too", async () => {
    await db().prepare("INSERT OR IGNORE INTO categories (id, name) VALUES (1, 'Marketing')").run();
    const alice = await register();
    const mallory = await register();
    const agent = (name: string) => ({
      name,
      description: 'A helpful agent for testing names.',
      categoryId: 1,
      creditCost: 5,
    });
    const create = (cookie: string, name: string) => call('/api/agents', { json: agent(name), cookie });
    expect((await create(alice.cookie, 'PayPilot')).status).toBe(201);
    const rlo = await create(mallory.cookie, 'Safe\u202eAgent');
    expect(rlo.status).toBe(400);
    expect(await message(rlo)).toBe(MESSAGES.agentNameChars);
    const fake = await create(mallory.cookie, 'P\u0430yPilot');
    expect(fake.status).toBe(409);
    expect(await message(fake)).toBe(MESSAGES.agentNameLookalike);
    // The creator may reuse their own name.
    expect((await create(alice.cookie, 'PayPilot')).status).toBe(201);
  });
});

describe('input never reaches Object.prototype', () => {
  it('unknown sorts are 400, never 500, in the list and in search', async () => {
    for (const sort of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'nope']) {
      for (const path of [
        `/api/agents?sort=${sort}`,
        `/api/agents/search?q=lead&sort=${sort}`,
        `/api/agents?q=lead&sort=${sort}`,
      ]) {
        const res = await call(path);
        expect(res.status, path).toBe(400);
        expect(await message(res)).toBe(MESSAGES.sortInvalid);
      }
    }
    for (const sort of ['newest', 'Highest-Rated', 'relevance'])
      expect((await call(`/api/agents?sort=${sort}`)).status).toBe(200);
  });
});

describe('signed-in proposals', () => {
  it('are throttled per account, with the same 429 message as visitors', async () => {
    const user = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await call('/api/propose-agent', {
        json: {
          name: `Idea ${i}`,
          description: 'An idea long enough to pass.',
          proposerEmail: `someone${i}@example.com`,
        },
        cookie: user.cookie,
        headers: client(),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(await message(res)).toBe(MESSAGES.proposalsThrottled);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe('Google sign-in errors', () => {
  it('every message the worker puts in ?error= is one the app shows as it is', () => {
    for (const text of Object.values(OIDC_MESSAGES)) expect(KNOWN_SIGN_IN_ERRORS).toContain(text);
  });
});
