// docs/decisions/0038, written as the attacks: each case is what an intruder did against the code
// before it, and must now fail for them. The file ends by checking that nothing was lost on the way:
// every balance equals its ledger, and the money identity holds.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '#common/validation.ts';
import { TOKEN_MESSAGES } from '#common/api-tokens.ts';
import {
  browserRequest,
  call,
  countOf,
  db,
  freshClient as from,
  messageOf,
  okBody,
  resetPasswordByMail,
  sessionCookieOf as cookieFrom,
  uniqueName,
} from '#worker/test/fixtures.ts';
import { lastMailTo, mailsTo, nthMailTo, tokenIn, type CaughtMail } from '#worker/test/mail.ts';

// scrypt makes every registration and sign-in take a noticeable fraction of a second in workerd, and
// every case here makes several: the default 5 s per test is too tight.
vi.setConfig({ testTimeout: 90_000 });
const fresh = () => uniqueName('rec');
const linkIn = (mail: CaughtMail, path: string) => {
  const link = mail.text.match(new RegExp(`https?://[^\\s]+${path}\\?token=([\\w-]+)`));
  if (!link) throw new Error(`no ${path} link in: ${mail.text}`);
  return link[1]!;
};

interface Account {
  id: number;
  username: string;
  email: string;
  password: string;
  cookie: string;
}

async function register(
  email = `${fresh()}@example.com`,
  password = 'owner-pass-1',
  { internal = false } = {},
): Promise<Account> {
  const username = fresh();
  const mailsBefore = (await mailsTo(email)).length;
  const res = await call('/api/auth/register', {
    json: { username, email, password, isInternalLogin: internal },
    headers: from(),
  });
  expect(res.status).toBe(201);
  const account = { id: ((await res.json()) as { id: number }).id, username, email, password, cookie: cookieFrom(res) };
  // Confirmed in its own session, as the owner clicking the mailed link.
  const token = tokenIn(await nthMailTo(email, mailsBefore + 1), '/verify-email');
  expect((await call('/api/auth/verify-email', { json: { token }, cookie: account.cookie })).status).toBe(200);
  return account;
}

const login = async (username: string, password: string, internal = false) => {
  const res = await call('/api/auth/login', {
    json: { username, password, isInternalLogin: internal },
    headers: from(),
  });
  expect(res.status).toBe(200);
  return cookieFrom(res);
};

async function makeToken(cookie: string, name = 'intruder', scopes = ['read', 'try']) {
  const res = await call('/api/tokens', { json: { name, scopes }, cookie });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

const withToken = (token: string, path = '/api/credits/transactions', init: Parameters<typeof call>[1] = {}) =>
  call(path, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) },
  });
const sessionStatus = async (cookie: string) => (await call('/api/auth/session', { cookie })).status;

const resetPassword = (email: string, password: string) => resetPasswordByMail(email, password, from());

beforeAll(async () => {
  await db().batch([
    db().prepare("INSERT INTO categories (id, name, icon, is_main_category) VALUES (1, 'Marketing', 'chart-line', 1)"),
    db().prepare("INSERT INTO departments (id, name, category_id) VALUES (1, 'Marketing', 1)"),
  ]);
});

/** An agent of its own the intruder lists, priced to drain whatever it is tried with. */
async function intrudersAgent(cost = 100) {
  const intruder = await register();
  const row = await db()
    .prepare(
      `INSERT INTO agents (name, description, category_id, department_id, creator_id, credit_cost) VALUES (?, 'Takes everything it is given, for a friend.', 1, 1, ?, ?) RETURNING id`,
    )
    .bind(uniqueName('Drain'), intruder.id, cost)
    .first<{ id: number }>();
  return { intruder, agentId: row!.id };
}

describe('API tokens end with every recovery', () => {
  it("an intruder's token, made with the stolen password, ends with the owner's password reset; the owner was mailed when it was made", async () => {
    const owner = await register();
    const { agentId } = await intrudersAgent();
    const intruderSession = await login(owner.username, owner.password);
    const mailsBefore = (await mailsTo(owner.email)).length;
    const token = await makeToken(intruderSession);
    const alarm = await nthMailTo(owner.email, mailsBefore + 1);
    expect(alarm.subject).toBe('A new API token was created for your account');
    expect(alarm.text).toContain('“intruder”');
    expect(alarm.text).toContain('http://localhost/settings#where-you-are-signed-in');
    expect((await withToken(token)).status).toBe(200);

    await resetPassword(owner.email, 'owner-pass-2');

    const read = await withToken(token);
    expect(read.status).toBe(401);
    expect(await messageOf(read)).toBe(TOKEN_MESSAGES.invalid);
    const tried = await withToken(token, `/api/agents/${agentId}/try`, {
      method: 'POST',
      json: { expectedCost: 100 },
    });
    expect(tried.status).toBe(401);
    expect(await sessionStatus(intruderSession)).toBe(401);
    const balance = await db()
      .prepare('SELECT credits FROM users WHERE id = ?')
      .bind(owner.id)
      .first<{ credits: number }>();
    expect(balance?.credits).toBe(100);
  });

  it("ends with the owner's password change, the owner's session staying", async () => {
    const owner = await register();
    const intruderSession = await login(owner.username, owner.password);
    const token = await makeToken(intruderSession);
    const changed = await call('/api/auth/change-password', {
      json: { currentPassword: owner.password, newPassword: 'owner-pass-2' },
      cookie: owner.cookie,
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { message: string }).message).toContain('API tokens');
    expect((await withToken(token)).status).toBe(401);
    expect(await sessionStatus(intruderSession)).toBe(401);
    expect(await sessionStatus(owner.cookie)).toBe(200);
  });

  it("ends with 'Sign out of all devices'", async () => {
    const owner = await register();
    const token = await makeToken(await login(owner.username, owner.password));
    expect((await call('/api/auth/logout-everywhere', { method: 'POST', cookie: owner.cookie })).status).toBe(200);
    expect((await withToken(token)).status).toBe(401);
  });

  it("a token made while the intruder held an unconfirmed claim on the owner's address ends when the owner confirms it with a password", async () => {
    const email = `${fresh()}@example.com`;
    const username = fresh();
    const res = await call('/api/auth/register', {
      json: { username, email, password: 'intruder-pass', isInternalLogin: false },
      headers: from(),
    });
    expect(res.status).toBe(201);
    const intruderSession = cookieFrom(res);
    const token = await makeToken(intruderSession);
    const link = tokenIn(await nthMailTo(email, 1), '/verify-email');
    // The real owner of the mailbox opens the link signed out and chooses a password.
    const confirmed = await call('/api/auth/verify-email', { json: { token: link, password: 'owner-pass-1' } });
    expect(confirmed.status).toBe(200);
    expect((await withToken(token)).status).toBe(401);
    expect(await sessionStatus(intruderSession)).toBe(401);
  });
});

describe('undo links an intruder planted at their own addresses', () => {
  /** The intruder, with the password, moves the account to `address` and confirms it from that mailbox. */
  async function moveTo(cookie: string, password: string, address: string) {
    const before = (await mailsTo(address)).length;
    expect(
      (await call('/api/auth/change-email', { json: { currentPassword: password, email: address }, cookie })).status,
    ).toBe(202);
    const token = tokenIn(await nthMailTo(address, before + 1), '/verify-email');
    expect((await call('/api/auth/verify-email', { json: { token }, cookie })).status).toBe(200);
  }

  /**
   * The owner's account; the intruder, signed in with its password, moves it to A and then to B: the
   * owner's address holds the first undo link, A the one the intruder planted.
   */
  async function plantUndoLinks() {
    const owner = await register();
    const intruderSession = await login(owner.username, owner.password);
    const [a, b] = [`${fresh()}@intruder.test`, `${fresh()}@intruder.test`];
    await moveTo(intruderSession, owner.password, a);
    const ownersUndo = linkIn(await lastMailTo(owner.email), '/undo-email-change');
    await moveTo(intruderSession, owner.password, b);
    const plantedUndo = linkIn(await lastMailTo(a), '/undo-email-change');
    return { owner, intruderSession, ownersUndo, plantedUndo };
  }

  /** Opens an undo link with the password it asks for. */
  const undo = (token: string, password: string) => call('/api/auth/undo-email-change', { json: { token, password } });

  /** What anyone holding the password can do from a session: change it, then sign out everywhere. */
  async function changePasswordAndSignOut(cookie: string, currentPassword: string, newPassword: string) {
    expect((await call('/api/auth/change-password', { json: { currentPassword, newPassword }, cookie })).status).toBe(
      200,
    );
    expect((await call('/api/auth/logout-everywhere', { method: 'POST', cookie })).status).toBe(200);
  }

  it("die with the owner's undo: the intruder cannot take the account back from address A", async () => {
    const { owner, ownersUndo, plantedUndo } = await plantUndoLinks();

    // The owner takes the account back from their own mailbox, changes the password and signs out everywhere.
    const undone = await undo(ownersUndo, 'owner-pass-2');
    expect(undone.status).toBe(200);
    await changePasswordAndSignOut(cookieFrom(undone), 'owner-pass-2', 'owner-pass-3');

    const again = await undo(plantedUndo, 'intruder-pass');
    expect(again.status).toBe(400);
    expect(await messageOf(again)).toBe(MESSAGES.tokenInvalid);
    const row = await db().prepare('SELECT email FROM users WHERE id = ?').bind(owner.id).first<{ email: string }>();
    expect(row?.email).toBe(owner.email);
    // And 'Forgot password' to the owner's address still reaches the owner.
    await resetPassword(owner.email, 'owner-pass-4');
  });

  it('die with the undo even when the owner does nothing after it', async () => {
    const { ownersUndo, plantedUndo } = await plantUndoLinks();
    expect((await undo(ownersUndo, 'owner-pass-2')).status).toBe(200);
    expect((await undo(plantedUndo, 'intruder-pass')).status).toBe(400);
  });

  it("the owner's way home survives what the intruder can do with the password: a password change, signing out everywhere, a later undo", async () => {
    const { owner, intruderSession, ownersUndo, plantedUndo } = await plantUndoLinks();
    await changePasswordAndSignOut(intruderSession, owner.password, 'intruder-pass-2');
    // The intruder's own planted link (A) still restores A, but not past the owner's older one.
    expect((await undo(plantedUndo, 'intruder-pass-3')).status).toBe(400);

    const undone = await undo(ownersUndo, 'owner-pass-2');
    expect(undone.status).toBe(200);
    expect(await okBody(await call('/api/auth/session', { cookie: cookieFrom(undone) }))).toMatchObject({
      email: owner.email,
    });
  });
});

describe('roles come from the configuration on every request', () => {
  it('an address taken out of ADMIN_EMAILS loses admin in its live session at once', async () => {
    await db().prepare("DELETE FROM users WHERE email = 'admin@example.com'").run();
    const admin = await register('admin@example.com');
    expect(await okBody(await call('/api/auth/session', { cookie: admin.cookie }))).toMatchObject({ role: 'admin' });
    expect((await call('/api/proposals', { cookie: admin.cookie })).status).toBe(200);

    // The same worker restarted with the address taken out of ADMIN_EMAILS, the session unchanged.
    const { app } = await import('#worker/app.ts');
    const configuredWithout = { ...env, ADMIN_EMAILS: 'someone-else@example.com' };
    const asNow = (path: string, init: Parameters<typeof browserRequest>[1] = {}) =>
      app.fetch(browserRequest(path, { ...init, cookie: admin.cookie }), configuredWithout);
    expect(await (await asNow('/api/auth/session')).json()).toMatchObject({ role: 'user' });
    expect((await asNow('/api/proposals')).status).toBe(403);
    expect((await asNow('/api/admin/ensure-minimum-credits', { json: {} })).status).toBe(403);
  });

  it("a staff address is staff only in a session started through 'Internal'", async () => {
    const staff = await register(`${fresh()}@example.cc`, 'staff-pass-1', { internal: true });
    expect(await okBody(await call('/api/auth/session', { cookie: staff.cookie }))).toMatchObject({ role: 'staff' });
    const internal = await login(staff.username, staff.password, true);
    expect((await call('/api/proposals', { cookie: internal })).status).toBe(200);

    // A plain sign-in of the same address, even after an internal one, is a customer's.
    const plain = await login(staff.username, staff.password);
    expect(await okBody(await call('/api/auth/session', { cookie: plain }))).toMatchObject({ role: 'user' });
    expect((await call('/api/proposals', { cookie: plain })).status).toBe(403);
    expect((await call('/api/proposals', { cookie: internal })).status).toBe(200);
  });

  it('a token acts as a customer whatever its owner is', async () => {
    await db().prepare("DELETE FROM users WHERE email = 'admin@example.com'").run();
    const admin = await register('admin@example.com');
    const token = await makeToken(admin.cookie, 'admin script', ['read']);
    const hidden = await db()
      .prepare(
        `INSERT INTO agents (name, description, category_id, department_id, credit_cost, hidden_at) VALUES ('Hidden one', 'Hidden by moderators for a report.', 1, 1, 1, '2026-01-01T00:00:00.000Z') RETURNING id`,
      )
      .first<{ id: number }>();
    expect((await withToken(token, `/api/agents/${hidden!.id}`)).status).toBe(404);
  });
});

describe('keys and prices belong to the caller', () => {
  it("another person's Idempotency-Key is 404 to read and a new request to send", async () => {
    const { agentId } = await intrudersAgent(5);
    const victim = await register();
    const squatter = await register();
    const key = `readme-example-${fresh()}`;
    // The squatter sends the key first (the README's own example key, say), then reads whether it was used.
    const squatted = await call(`/api/agents/${agentId}/try`, {
      json: { expectedCost: 5 },
      cookie: squatter.cookie,
      headers: { 'Idempotency-Key': key },
    });
    expect(squatted.status).toBe(200);
    const victims = await call(`/api/agents/${agentId}/try`, {
      json: { expectedCost: 5 },
      cookie: victim.cookie,
      headers: { 'Idempotency-Key': key },
    });
    expect(victims.status).toBe(200);
    expect(victims.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await victims.json()).toMatchObject({ balance: 95 });

    const stranger = await register();
    const probe = await call(`/api/agents/${agentId}/try/${key}`, { cookie: stranger.cookie });
    expect(probe.status).toBe(404);
    // The owner of the key still reads their own answer.
    const own = await call(`/api/agents/${agentId}/try/${key}`, { cookie: victim.cookie });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ balance: 95 });
  });

  it("one person's token and session keep their keys apart", async () => {
    const { agentId } = await intrudersAgent(5);
    const person = await register();
    const token = await makeToken(person.cookie, 'script');
    const key = `shared-${fresh()}`;
    const bySession = await call(`/api/agents/${agentId}/try`, {
      json: { expectedCost: 5 },
      cookie: person.cookie,
      headers: { 'Idempotency-Key': key },
    });
    expect(await bySession.json()).toMatchObject({ balance: 95 });
    const byToken = await withToken(token, `/api/agents/${agentId}/try`, {
      method: 'POST',
      json: { expectedCost: 5 },
      headers: { 'Idempotency-Key': key },
    });
    expect(byToken.status).toBe(200);
    expect(await byToken.json()).toMatchObject({ balance: 90 });
    const replay = await withToken(token, `/api/agents/${agentId}/try`, {
      method: 'POST',
      json: { expectedCost: 5 },
      headers: { 'Idempotency-Key': key },
    });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toMatchObject({ balance: 90 });
  });

  it("a program's try pays the price it was shown: none sent, or another, charges nothing", async () => {
    const { intruder, agentId } = await intrudersAgent(5);
    const person = await register();
    const token = await makeToken(person.cookie, 'assistant');
    // The creator raises the price just before the assistant tries.
    await db().prepare('UPDATE agents SET credit_cost = 100 WHERE id = ?').bind(agentId).run();
    const blind = await withToken(token, `/api/agents/${agentId}/try`, { method: 'POST', json: {} });
    expect(blind.status).toBe(400);
    expect(await blind.json()).toMatchObject({ message: MESSAGES.expectedCostRequired(100), creditCost: 100 });
    const stale = await withToken(token, `/api/agents/${agentId}/try`, { method: 'POST', json: { expectedCost: 5 } });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ creditCost: 100 });
    const row = await db()
      .prepare('SELECT credits FROM users WHERE id = ?')
      .bind(person.id)
      .first<{ credits: number }>();
    expect(row?.credits).toBe(100);
    expect(await countOf('SELECT count(*) AS n FROM creator_earnings WHERE creator_id = ?', intruder.id)).toBe(0);
  });
});

describe('votes and follows come from confirmed addresses', () => {
  it('five unconfirmed throwaway accounts move neither a helpful count nor a follower count', async () => {
    const creator = await register();
    const reviewer = await register();
    const agent = await db()
      .prepare(
        `INSERT INTO agents (name, description, category_id, department_id, creator_id, credit_cost) VALUES (?, 'An agent with one review to vote on.', 1, 1, ?, 1) RETURNING id`,
      )
      .bind(uniqueName('Voted'), creator.id)
      .first<{ id: number }>();
    const review = await call('/api/ratings', {
      json: { agentId: agent!.id, rating: 5, comment: 'Does what it says.' },
      cookie: reviewer.cookie,
    });
    expect(review.status).toBe(201);
    const reviewId = ((await review.json()) as { id: number }).id;
    for (let i = 0; i < 5; i++) {
      const res = await call('/api/auth/register', {
        json: {
          username: fresh(),
          email: `${fresh()}@throwaway.test`,
          password: 'throwaway-1',
          isInternalLogin: false,
        },
        headers: from(),
      });
      const cookie = cookieFrom(res);
      const vote = await call(`/api/ratings/${reviewId}/helpful`, { method: 'PUT', cookie });
      expect(vote.status).toBe(403);
      expect(await messageOf(vote)).toBe(MESSAGES.confirmToVote);
      const follow = await call(`/api/follows/${creator.id}`, { method: 'PUT', cookie });
      expect(follow.status).toBe(403);
      expect(await messageOf(follow)).toBe(MESSAGES.confirmToFollow);
    }
    expect(await okBody(await call(`/api/creators/${creator.username}/follow`))).toMatchObject({ followers: 0 });
    expect(await countOf('SELECT count(*) AS n FROM review_helpful WHERE rating_id = ?', reviewId)).toBe(0);
    // A confirmed person still counts.
    const fan = await register();
    expect((await call(`/api/follows/${creator.id}`, { method: 'PUT', cookie: fan.cookie })).status).toBe(200);
    expect((await call(`/api/ratings/${reviewId}/helpful`, { method: 'PUT', cookie: fan.cookie })).status).toBe(200);
  });
});

describe("Settings' 'Where you are signed in'", () => {
  it('lists the browsers with the current one marked, and signs one out', async () => {
    const owner = await register();
    const res = await call('/api/auth/login', {
      json: { username: owner.username, password: owner.password },
      headers: {
        ...from(),
        'User-Agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      },
    });
    const phone = cookieFrom(res);
    const listed = (await okBody(await call('/api/auth/sessions', { cookie: owner.cookie }))) as {
      id: string;
      device: string | null;
      current: boolean;
    }[];
    expect(listed).toHaveLength(2);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    const other = listed.find((s) => !s.current)!;
    expect(other.device).toBe('Chrome on Android');
    expect(other.id).toMatch(/^[0-9a-f]{16}$/);

    // Someone else cannot sign the owner's browser out.
    const stranger = await register();
    expect((await call(`/api/auth/sessions/${other.id}`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(
      404,
    );
    expect(await sessionStatus(phone)).toBe(200);

    const ended = await call(`/api/auth/sessions/${other.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(ended.status).toBe(200);
    expect(await sessionStatus(phone)).toBe(401);
    expect(await sessionStatus(owner.cookie)).toBe(200);
    expect((await call(`/api/auth/sessions/${other.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
    expect((await call('/api/auth/sessions', {})).status).toBe(401);
  });

  it('is not for tokens', async () => {
    const owner = await register();
    const token = await makeToken(owner.cookie, 'script', ['read']);
    expect((await withToken(token, '/api/auth/sessions')).status).toBe(403);
  });
});

afterAll(async () => {
  // Nothing lost: every balance is its ledger, and credits sold + grants = people's credits +
  // creators' earnings + the platform's share (docs/decisions/0029; nothing here was paid out).
  const drift = await db()
    .prepare(
      'SELECT u.id, u.credits, coalesce(sum(l.amount), 0) AS ledger FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id GROUP BY u.id HAVING u.credits <> ledger',
    )
    .all();
  expect(drift.results).toEqual([]);
  const inflow = await db()
    .prepare(
      "SELECT coalesce(sum(amount), 0) * 100 AS s FROM credit_ledger WHERE kind IN ('signup', 'purchase', 'admin_topup')",
    )
    .first<{ s: number }>();
  const held = await db()
    .prepare(
      'SELECT (SELECT coalesce(sum(credits), 0) * 100 FROM users) + (SELECT coalesce(sum(amount_cents + platform_cents), 0) FROM creator_earnings) AS s',
    )
    .first<{ s: number }>();
  expect(held?.s).toBe(inflow?.s);
});
