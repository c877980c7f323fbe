import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SPEND_LIMIT_MAX,
  SPEND_LIMIT_MESSAGES,
  TOKEN_MESSAGES,
  TOKEN_REQUESTS_PER_MINUTE,
  TOKENS_PER_USER_MAX,
  type TokenScope,
} from '#common/api-tokens.ts';
import { MESSAGES } from '#common/validation.ts';
import { app } from '#worker/app.ts';
import { clearCatalogCache } from '#worker/lib/catalog-cache.ts';
import {
  call,
  client,
  countOf,
  createUser,
  db,
  messageOf as errorOf,
  okBody,
  seedCatalog,
  signIn,
  untypedBody,
} from '#worker/test/fixtures.ts';

beforeAll(async () => {
  await seedCatalog();
});

const sha256 = async (text: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

async function newToken(cookie: string, scopes: TokenScope[], name = 'Script') {
  const res = await client(cookie).tokens.$post({ json: { name, scopes } });
  expect(res.status).toBe(201);
  return okBody(res);
}
const tokensOf = async (cookie: string) => okBody(await client(cookie).tokens.$get());

/** A program's request: no cookie, no Origin, the token in the Authorization header. */
const withToken = (
  token: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; json?: unknown } = {},
) => call(path, { ...init, headers: { Authorization: `Bearer ${token}`, ...init.headers } });

describe('/api/tokens (session only)', () => {
  it('creates a token shown once, lists it without the token, and stores only its hash', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const created = await newToken(cookie, ['try', 'read', 'read'], '  Claude desktop  ');
    expect(created).toMatchObject({
      name: 'Claude desktop',
      scopes: ['read', 'try'],
      lastUsedAt: null,
      spendLimit: null,
      spentThisMonth: 0,
    });
    expect(created.token).toMatch(/^amk_[\w-]{43}$/);

    const list = await tokensOf(cookie);
    expect(list).toEqual([
      {
        id: created.id,
        name: 'Claude desktop',
        scopes: ['read', 'try'],
        createdAt: expect.any(String),
        lastUsedAt: null,
        spendLimit: null,
        spentThisMonth: 0,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(created.token);

    const row = await db()
      .prepare('SELECT * FROM api_tokens WHERE id = ?')
      .bind(created.id)
      .first<Record<string, unknown>>();
    expect(row!.token_hash).toBe(await sha256(created.token));
    expect(Object.values(row!).some((value) => String(value).includes(created.token.slice(4)))).toBe(false);
  });

  it('refuses bad input with a clear message', async () => {
    const cookie = await signIn((await createUser()).id);
    const cases: [unknown, string][] = [
      [{ name: '   ', scopes: ['read'] }, TOKEN_MESSAGES.nameRequired],
      [{ scopes: ['read'] }, TOKEN_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(61), scopes: ['read'] }, TOKEN_MESSAGES.nameMax],
      [{ name: 'Script', scopes: [] }, TOKEN_MESSAGES.scopesRequired],
      [{ name: 'Script' }, TOKEN_MESSAGES.scopesRequired],
      [{ name: 'Script', scopes: ['admin'] }, TOKEN_MESSAGES.scopeUnknown],
      [{ name: 'Script', scopes: ['try'], spendLimit: 0 }, SPEND_LIMIT_MESSAGES.invalid],
      [{ name: 'Script', scopes: ['try'], spendLimit: 2.5 }, SPEND_LIMIT_MESSAGES.invalid],
      [{ name: 'Script', scopes: ['try'], spendLimit: '10' }, SPEND_LIMIT_MESSAGES.invalid],
      [{ name: 'Script', scopes: ['try'], spendLimit: SPEND_LIMIT_MAX + 1 }, SPEND_LIMIT_MESSAGES.invalid],
    ];
    for (const [json, message] of cases) {
      const res = await call('/api/tokens', { json, cookie });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await errorOf(res)).toBe(message);
    }
    expect(await tokensOf(cookie)).toEqual([]);
  });

  it(`holds at most ${TOKENS_PER_USER_MAX} active tokens`, async () => {
    const cookie = await signIn((await createUser()).id);
    for (let i = 0; i < TOKENS_PER_USER_MAX; i++) await newToken(cookie, ['read'], `Token ${i}`);
    const over = await call('/api/tokens', { json: { name: 'One more', scopes: ['read'] }, cookie });
    expect(over.status).toBe(409);
    expect(await errorOf(over)).toBe(TOKEN_MESSAGES.tooMany);
  });

  it('needs a session: visitors get 401', async () => {
    expect((await call('/api/tokens')).status).toBe(401);
    expect((await call('/api/tokens', { json: { name: 'Script', scopes: ['read'] } })).status).toBe(401);
    expect((await call('/api/tokens/1', { method: 'DELETE' })).status).toBe(401);
    expect((await call('/api/tokens/1', { method: 'PATCH', json: { spendLimit: 10 } })).status).toBe(401);
  });

  it('makes a token with a monthly spending limit, and lists what it spent this month', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const res = await client(cookie).tokens.$post({ json: { name: 'Budgeted', scopes: ['try'], spendLimit: 40 } });
    expect(res.status).toBe(201);
    const created = await okBody(res);
    expect(created).toMatchObject({ name: 'Budgeted', spendLimit: 40, spentThisMonth: 0 });
    const tried = await withToken(created.token, '/api/agents/2/try', { method: 'POST', json: { expectedCost: 12 } });
    expect(tried.status).toBe(200);
    // A session's own try is no token's spending.
    expect((await call('/api/agents/1/try', { method: 'POST', cookie })).status).toBe(200);
    const [listed] = await tokensOf(cookie);
    expect(listed).toMatchObject({ id: created.id, spendLimit: 40, spentThisMonth: 12 });
  });

  it("PATCH sets, changes and removes a token's limit, which the next try obeys", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { id, token } = await newToken(cookie, ['try']);
    const tryOnce = () => withToken(token, '/api/agents/2/try', { method: 'POST', json: { expectedCost: 12 } });
    expect((await tryOnce()).status).toBe(200);
    const patch = (spendLimit: number | null) =>
      client(cookie).tokens[':id'].$patch({ param: { id: String(id) }, json: { spendLimit } });

    const limited = await patch(20);
    expect(limited.status).toBe(200);
    expect(await okBody(limited)).toEqual({
      id,
      name: 'Script',
      scopes: ['try'],
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      spendLimit: 20,
      spentThisMonth: 12,
    });
    // 12 spent + 12 would pass 20: refused at once, nothing charged.
    const refused = await tryOnce();
    expect(refused.status).toBe(402);
    expect(await errorOf(refused)).toBe(SPEND_LIMIT_MESSAGES.reached('Script', 20, 12));
    expect((await okBody(await client(cookie).credits.balance.$get())).balance).toBe(88);

    expect(await okBody(await patch(24))).toMatchObject({ spendLimit: 24, spentThisMonth: 12 });
    expect((await tryOnce()).status).toBe(200);
    expect(await okBody(await patch(null))).toMatchObject({ spendLimit: null, spentThisMonth: 24 });
    expect((await tryOnce()).status).toBe(200);
    expect((await tokensOf(cookie))[0]).toMatchObject({ spendLimit: null, spentThisMonth: 36 });
  });

  it('PATCH refuses a bad limit with a clear message, and changes nothing', async () => {
    const cookie = await signIn((await createUser()).id);
    const { id } = await newToken(cookie, ['try']);
    for (const json of [
      { spendLimit: 0 },
      { spendLimit: -5 },
      { spendLimit: 1.5 },
      { spendLimit: '20' },
      { spendLimit: SPEND_LIMIT_MAX + 1 },
      {},
    ]) {
      const res = await call(`/api/tokens/${id}`, { method: 'PATCH', json, cookie });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await errorOf(res)).toBe(SPEND_LIMIT_MESSAGES.invalid);
    }
    expect((await tokensOf(cookie))[0]).toMatchObject({ id, spendLimit: null });
  });

  it("PATCH of someone else's, a revoked, an unknown or a malformed token is 404; a token may not PATCH at all", async () => {
    const owner = await signIn((await createUser()).id);
    const stranger = await signIn((await createUser()).id);
    const { id, token } = await newToken(owner, ['read', 'try']);
    const revoked = await newToken(owner, ['read']);
    expect((await call(`/api/tokens/${revoked.id}`, { method: 'DELETE', cookie: owner })).status).toBe(200);
    const cases: [string, string][] = [
      [`/api/tokens/${id}`, stranger],
      [`/api/tokens/${revoked.id}`, owner],
      ['/api/tokens/999999', owner],
      ['/api/tokens/abc', owner],
    ];
    for (const [path, cookie] of cases) {
      const res = await call(path, { method: 'PATCH', json: { spendLimit: 5 }, cookie });
      expect(res.status, path).toBe(404);
      expect(await errorOf(res)).toBe(TOKEN_MESSAGES.notFound);
    }
    // A program cannot lift its own limit, with or without its owner's cookie.
    for (const cookie of [undefined, owner]) {
      const res = await call(`/api/tokens/${id}`, {
        method: 'PATCH',
        json: { spendLimit: null },
        cookie,
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toBe(TOKEN_MESSAGES.notAllowed);
    }
    expect((await tokensOf(owner)).find((t) => t.id === id)).toMatchObject({ spendLimit: null });
    expect((await tokensOf(stranger)).length).toBe(0);
  });

  it("revokes the owner's token; someone else's, an unknown or a malformed id is 404", async () => {
    const owner = await signIn((await createUser()).id);
    const stranger = await signIn((await createUser()).id);
    const { id, token } = await newToken(owner, ['read']);
    for (const path of [`/api/tokens/${id}`, '/api/tokens/999999', '/api/tokens/abc']) {
      const res = await call(path, { method: 'DELETE', cookie: stranger });
      expect(res.status, path).toBe(404);
      expect(await errorOf(res)).toBe(TOKEN_MESSAGES.notFound);
    }
    expect((await withToken(token, '/api/credits/balance')).status).toBe(200);
    const revoked = await call(`/api/tokens/${id}`, { method: 'DELETE', cookie: owner });
    expect(revoked.status).toBe(200);
    expect((await call(`/api/tokens/${id}`, { method: 'DELETE', cookie: owner })).status).toBe(404);
    expect(await tokensOf(owner)).toEqual([]);

    const after = await withToken(token, '/api/credits/balance');
    expect(after.status).toBe(401);
    expect(after.headers.get('WWW-Authenticate')).toContain('Bearer');
    expect(await errorOf(after)).toBe(TOKEN_MESSAGES.invalid);
  });
});

describe('Authorization: Bearer on the API', () => {
  it('acts as the owner for what the scopes allow, and records when the token was last used', async () => {
    const user = await createUser({ credits: 50 });
    const cookie = await signIn(user.id);
    const read = await newToken(cookie, ['read']);
    const balance = await withToken(read.token, '/api/credits/balance');
    expect(balance.status).toBe(200);
    expect(await balance.json()).toEqual({ balance: 50, consumed: 0 });
    expect((await withToken(read.token, '/api/agents/search?q=lead')).status).toBe(200);
    expect((await withToken(read.token, '/api/agents/1')).status).toBe(200);
    expect((await withToken(read.token, '/api/agents/999999')).status).toBe(404);
    // docs/decisions/0025's reviews are catalogue reads too.
    expect((await withToken(read.token, '/api/agents/1/ratings?sort=helpful')).status).toBe(200);
    expect((await withToken(read.token, '/api/agents/1/ratings/summary')).status).toBe(200);
    expect((await withToken(read.token, '/api/categories')).status).toBe(200);
    expect((await withToken(read.token, '/api/credits/transactions')).status).toBe(200);
    const [listed] = await tokensOf(cookie);
    expect(listed!.lastUsedAt).toEqual(expect.any(String));
  });

  it('enforces scopes: a read token cannot try, a try token cannot read', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const read = await newToken(cookie, ['read']);
    const tryOnly = await newToken(cookie, ['try']);
    const refused = await withToken(read.token, '/api/agents/1/try', { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(TOKEN_MESSAGES.scopeMissing('try'));
    const noRead = await withToken(tryOnly.token, '/api/credits/balance');
    expect(noRead.status).toBe(403);
    expect(await errorOf(noRead)).toBe(TOKEN_MESSAGES.scopeMissing('read'));
    const row = await db().prepare('SELECT credits FROM users WHERE id = ?').bind(user.id).first<{ credits: number }>();
    expect(row!.credits).toBe(100);
  });

  it('a try by token is charged exactly like a tap, and one Idempotency-Key charges once', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { token } = await newToken(cookie, ['try']);
    const key = 'token-try-0001';
    // A program sends the price it was shown, as the app does (docs/decisions/0038).
    const answers = await Promise.all(
      [1, 2].map(() =>
        withToken(token, '/api/agents/2/try', {
          method: 'POST',
          json: { expectedCost: 12 },
          headers: { 'Idempotency-Key': key },
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const bodies = await Promise.all(answers.map(untypedBody.tryResult));
    expect(bodies).toEqual([
      { balance: 88, consumed: 12, url: null },
      { balance: 88, consumed: 12, url: null },
    ]);
    // The app, signed in as the same person, sees the same charge in the same ledger.
    expect(await countOf("SELECT count(*) AS n FROM credit_ledger WHERE user_id = ? AND kind = 'try'", user.id)).toBe(
      1,
    );
    expect(await (await call('/api/credits/balance', { cookie })).json()).toEqual({ balance: 88, consumed: 12 });
    // Asking how the try ended is part of trying.
    expect((await withToken(token, `/api/agents/2/try/${key}`)).status).toBe(200);
    // Without enough credits: 402, nothing charged.
    await db().prepare('UPDATE users SET credits = 5 WHERE id = ?').bind(user.id).run();
    const short = await withToken(token, '/api/agents/2/try', { method: 'POST', json: { expectedCost: 12 } });
    expect(short.status).toBe(402);
    expect(await errorOf(short)).toBe(MESSAGES.notEnoughCredits);
  });

  it('is never accepted for account, payment, token, operator or admin routes, whatever its scopes or cookie', async () => {
    const user = await createUser({ role: 'admin' });
    const cookie = await signIn(user.id);
    const { id, token } = await newToken(cookie, ['read', 'try']);
    const refused: [string, string, unknown?][] = [
      ['GET', '/api/auth/session'],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/change-password', { currentPassword: 'secret-pass', newPassword: 'another-pass' }],
      ['POST', '/api/auth/logout-everywhere'],
      ['GET', '/api/auth/email-status'],
      ['PUT', `/api/users/${user.id}`, { username: 'renamed', email: 'renamed@example.com' }],
      ['POST', '/api/payments/create-checkout', { amount: 50 }],
      ['GET', '/api/payments/sandbox/abc'],
      // Earnings and payouts (docs/decisions/0029): a session only.
      ['GET', '/api/earnings'],
      ['GET', '/api/earnings/payout-account'],
      ['POST', '/api/earnings/payout-account'],
      ['GET', '/api/earnings/payouts'],
      ['POST', '/api/earnings/payouts', { amountCents: 2000 }],
      ['POST', '/api/earnings/payouts/1/sandbox', { outcome: 'paid' }],
      ['GET', '/api/credits/receipts/1'],
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens', { name: 'Another', scopes: ['read'] }],
      ['DELETE', `/api/tokens/${id}`],
      ['PATCH', `/api/tokens/${id}`, { spendLimit: null }],
      ['GET', '/api/proposals'],
      ['POST', '/api/admin/ensure-minimum-credits'],
      ['GET', '/api/earnings/statements'],
      ['GET', '/api/earnings/statements/2026-10'],
      ['GET', '/api/admin/totals'],
      ['GET', '/api/admin/totals?format=csv'],
      ['GET', '/api/admin/people?q=user'],
      ['GET', `/api/admin/people/${user.id}/transactions`],
      ['POST', '/api/admin/refunds', { ledgerId: 1 }],
      ['POST', '/api/agents', { name: 'Token agent' }],
      ['POST', '/api/ratings', { agentId: 1, rating: 5 }],
      ['GET', '/api/moderation'],
      ['POST', '/api/reports', { itemType: 'agent', itemId: 1, reason: 'spam' }],
    ];
    // A fresh token every 20 routes keeps each under its per-minute limit (40 requests), however long the list grows.
    let bearer = token;
    let tokens = 1;
    for (const [i, [method, path, json]] of refused.entries()) {
      if (i > 0 && i % 20 === 0) {
        bearer = (await newToken(cookie, ['read', 'try'])).token;
        tokens++;
      }
      for (const withCookie of [false, true]) {
        const res = await call(path, {
          method,
          json,
          headers: { Authorization: `Bearer ${bearer}` },
          cookie: withCookie ? cookie : undefined,
        });
        expect(res.status, `${method} ${path}${withCookie ? ' (with cookie)' : ''}`).toBe(403);
        expect(await errorOf(res)).toBe(TOKEN_MESSAGES.notAllowed);
      }
    }
    // Nothing changed: the tokens still exist and the account is untouched.
    expect(await tokensOf(cookie)).toHaveLength(tokens);
    expect(await db().prepare('SELECT username FROM users WHERE id = ?').bind(user.id).first()).toEqual({
      username: user.username,
    });
  });

  it('refuses unknown, malformed and revoked tokens with 401, even on public routes', async () => {
    for (const header of ['Bearer amk_not-a-real-token', 'Bearer ', 'Basic dXNlcjpwYXNz', 'amk_x']) {
      const res = await call('/api/agents', { headers: { Authorization: header } });
      expect(res.status, header).toBe(401);
      expect(await errorOf(res)).toBe(TOKEN_MESSAGES.invalid);
    }
  });

  it('refuses a token in the query string, whatever the parameter is called', async () => {
    const cookie = await signIn((await createUser()).id);
    const { token } = await newToken(cookie, ['read']);
    for (const path of [
      `/api/credits/balance?access_token=${token}`,
      `/api/agents?token=${token}`,
      `/api/agents?key=${token}`,
    ]) {
      const res = await call(path);
      expect(res.status, path).toBe(401);
      expect(await errorOf(res)).toBe(TOKEN_MESSAGES.inQuery);
    }
  });

  it(`throttles per token: request ${TOKEN_REQUESTS_PER_MINUTE + 1} within a minute is 429, other tokens unaffected`, async () => {
    const cookie = await signIn((await createUser()).id);
    const busy = await newToken(cookie, ['read'], 'Busy');
    const calm = await newToken(cookie, ['read'], 'Calm');
    // The window as if the busy token had already made its minute's requests.
    await db()
      .prepare('INSERT INTO auth_throttle (key, count, window_start) VALUES (?, ?, ?)')
      .bind(`api-token:${busy.id}`, TOKEN_REQUESTS_PER_MINUTE - 1, Date.now())
      .run();
    expect((await withToken(busy.token, '/api/categories')).status).toBe(200);
    const over = await withToken(busy.token, '/api/categories');
    expect(over.status).toBe(429);
    expect(over.headers.get('Retry-After')).toBe('60');
    expect(await errorOf(over)).toBe(TOKEN_MESSAGES.throttled);
    expect((await withToken(calm.token, '/api/categories')).status).toBe(200);
  });

  it("never puts a token's answers in the visitors' catalogue cache", async () => {
    const cached = { ...env, CATALOG_CACHE_SECONDS: '10' };
    clearCatalogCache();
    const cookie = await signIn((await createUser()).id);
    const { token } = await newToken(cookie, ['read', 'try']);
    const key = 'cache-try-0001';
    const bearer = { Authorization: `Bearer ${token}` };
    const body = JSON.stringify({ expectedCost: 12 });
    const tried = await app.request(
      '/api/agents/2/try',
      { method: 'POST', body, headers: { ...bearer, 'Idempotency-Key': key, 'Content-Type': 'application/json' } },
      cached,
    );
    expect(tried.status).toBe(200);
    const mine = await app.request(`/api/agents/2/try/${key}`, { headers: bearer }, cached);
    expect(mine.status).toBe(200);
    const stranger = await app.request(`/api/agents/2/try/${key}`, {}, cached);
    expect(stranger.status).toBe(401);
    expect(stranger.headers.get('X-Cache')).toBeNull();
    clearCatalogCache();
  });
});
