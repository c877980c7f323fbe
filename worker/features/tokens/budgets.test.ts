// Monthly spending limits of tokens and connected apps (docs/decisions/0042): the try route, the
// money module's guard, the notices mailed at 80 % and 100 %, and MCP's try_agent.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPEND_LIMIT_MESSAGES, type TokenScope } from '#common/api-tokens.ts';
import { MESSAGES } from '#common/validation.ts';
import { chargeOnce, refundTry } from '#worker/domain/credits/index.ts';
import { budgetNoticeMail } from '#worker/lib/budget-mail.ts';
import { findCredential } from '#worker/features/tokens/index.ts';
import {
  call,
  client,
  countOf,
  createUser as createAnyUser,
  db,
  messageOf,
  okBody,
  seedCatalog,
  signIn,
  uniqueName,
} from '#worker/test/fixtures.ts';
import { mailsTo, type CaughtMail } from '#worker/test/mail.ts';

beforeAll(async () => {
  await seedCatalog();
});

/** An account with an address no other test file mails (the mail catcher is shared by every file). */
const createUser = (options: { credits?: number } = {}) =>
  createAnyUser({ ...options, email: `${uniqueName('budget')}@example.com` });

/** Agent 1 (LeadScout Pro, Alice's) costs 7; agent 2 (LedgerLens, nobody's) costs 12. */
const PRICE = { 1: 7, 2: 12 } as const;

async function newToken(cookie: string, spendLimit: number | null, scopes: TokenScope[] = ['read', 'try']) {
  const res = await client(cookie).tokens.$post({ json: { name: 'Script', scopes, spendLimit } });
  expect(res.status).toBe(201);
  return okBody(res);
}

/** A program's try with its token, at the price it was shown. */
const tryWith = (token: string, agentId: 1 | 2, headers: Record<string, string> = {}) =>
  call(`/api/agents/${agentId}/try`, {
    method: 'POST',
    json: { expectedCost: PRICE[agentId] },
    headers: { Authorization: `Bearer ${token}`, ...headers },
  });

const userRow = async (userId: number) =>
  (await db()
    .prepare('SELECT credits, consumed FROM users WHERE id = ?')
    .bind(userId)
    .first<{ credits: number; consumed: number }>())!;
const ledgerSum = async (userId: number) =>
  (await db()
    .prepare('SELECT coalesce(sum(amount), 0) AS s FROM credit_ledger WHERE user_id = ?')
    .bind(userId)
    .first<{ s: number }>())!.s;

/** The budget notices mailed to `email` so far (the token-created mail is not one). */
const noticesTo = async (email: string) =>
  (await mailsTo(email)).filter((m) => m.subject.includes('monthly spending limit'));
/** Waits (notices go out after the response) until `email` has `count` notices, then a little longer for any extra. */
async function settledNotices(email: string, count: number): Promise<CaughtMail[]> {
  const until = Date.now() + 5_000;
  while ((await noticesTo(email)).length < count && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 500));
  return noticesTo(email);
}

describe('a token with a monthly spending limit', () => {
  it('spends up to the limit; the try past it is 402 with its own message, charging nothing', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { token, id } = await newToken(cookie, 30);
    expect((await tryWith(token, 2)).status).toBe(200);
    expect((await tryWith(token, 2)).status).toBe(200);
    const refused = await tryWith(token, 2);
    expect(refused.status).toBe(402);
    expect(await messageOf(refused)).toBe(SPEND_LIMIT_MESSAGES.reached('Script', 30, 24));
    expect(await userRow(user.id)).toEqual({ credits: 76, consumed: 24 });
    expect(await ledgerSum(user.id)).toBe(76);
    // A cheaper try is refused too (24 + 7 passes 30); nothing was written for either.
    expect((await tryWith(token, 1)).status).toBe(402);
    expect(await countOf("SELECT count(*) AS n FROM credit_ledger WHERE credential_id = ? AND kind = 'try'", id)).toBe(
      2,
    );
    // The browser session of the same person has no limit.
    expect((await call('/api/agents/2/try', { method: 'POST', cookie })).status).toBe(200);
  });

  it('tells a short balance apart from the limit: the balance is still the usual 402', async () => {
    const user = await createUser({ credits: 10 });
    const { token } = await newToken(await signIn(user.id), 100);
    const short = await tryWith(token, 2);
    expect(short.status).toBe(402);
    expect(await messageOf(short)).toBe(MESSAGES.notEnoughCredits);
    expect(await userRow(user.id)).toEqual({ credits: 10, consumed: 0 });
  });

  it('counts this UTC calendar month only: a try of last month does not count', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { token, id } = await newToken(cookie, 20);
    const now = new Date();
    // Noon on the last day of the previous UTC month.
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0, 12)).toISOString();
    await db()
      .prepare(
        `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, consumed_after, reference, idempotency_key, created_at, credential_id)
         VALUES (?, 'try', -19, 81, 19, 'agent:2', ?, ?, ?)`,
      )
      .bind(user.id, `try:last-month:${id}`, lastMonth, id)
      .run();
    expect((await tryWith(token, 2)).status).toBe(200);
    const [listed] = await okBody(await client(cookie).tokens.$get());
    expect(listed).toMatchObject({ spendLimit: 20, spentThisMonth: 12 });
    const refused = await tryWith(token, 2);
    expect(await messageOf(refused)).toBe(SPEND_LIMIT_MESSAGES.reached('Script', 20, 12));
  });

  it('a refunded try gives its credits back to the limit too', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { token, id } = await newToken(cookie, 12);
    expect((await tryWith(token, 2)).status).toBe(200);
    expect((await tryWith(token, 2)).status).toBe(402);
    const tried = (await db()
      .prepare("SELECT id FROM credit_ledger WHERE credential_id = ? AND kind = 'try'")
      .bind(id)
      .first<{ id: number }>())!;
    expect(await refundTry(db(), tried.id)).toMatchObject({ refunded: true, credits: 12 });
    // The refund row names the try's credential.
    expect(
      await countOf("SELECT count(*) AS n FROM credit_ledger WHERE credential_id = ? AND kind = 'refund'", id),
    ).toBe(1);
    expect((await okBody(await client(cookie).tokens.$get()))[0]).toMatchObject({ spentThisMonth: 0 });
    expect((await tryWith(token, 2)).status).toBe(200);
    expect(await userRow(user.id)).toEqual({ credits: 88, consumed: 12 });
    expect(await ledgerSum(user.id)).toBe(88);
  });

  it("the refund of last month's try counts in last month: no room this month, and this month's spending still shows", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { token, id } = await newToken(cookie, 24);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0, 12)).toISOString();
    const old = (await db()
      .prepare(
        `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, consumed_after, reference, idempotency_key, created_at, credential_id)
         VALUES (?, 'try', -24, 76, 24, 'agent:2', ?, ?, ?) RETURNING id`,
      )
      .bind(user.id, `try:last-month:${id}`, lastMonth, id)
      .first<{ id: number }>())!;
    expect((await tryWith(token, 2)).status).toBe(200);
    expect((await tryWith(token, 2)).status).toBe(200);
    expect((await tryWith(token, 2)).status).toBe(402);

    expect(await refundTry(db(), old.id)).toMatchObject({ refunded: true, credits: 24 });
    // The credits come back to the person, but not to this month's limit.
    expect(await userRow(user.id)).toEqual({ credits: 100, consumed: 0 });
    const refused = await tryWith(token, 2);
    expect(refused.status).toBe(402);
    expect(await messageOf(refused)).toBe(SPEND_LIMIT_MESSAGES.reached('Script', 24, 24));
    const [listed] = await okBody(await client(cookie).tokens.$get());
    expect(listed).toMatchObject({ spendLimit: 24, spentThisMonth: 24 });
    expect(await countOf("SELECT count(*) AS n FROM credit_ledger WHERE credential_id = ? AND kind = 'try'", id)).toBe(
      3,
    );
  });

  it('20 concurrent tries never pass the limit: exactly floor(limit / price) succeed and the ledger still sums to the balance', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const limit = 50;
    const { token, id } = await newToken(cookie, limit);
    const answers = await Promise.all(Array.from({ length: 20 }, () => tryWith(token, 1)));
    const statuses = answers.map((r) => r.status);
    const fits = Math.floor(limit / PRICE[1]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(fits);
    expect(statuses.filter((s) => s === 402)).toHaveLength(20 - fits);
    // Every refusal is the limit's (the balance of 100 covers them all), with the figures as they ended.
    for (const refused of answers.filter((r) => r.status === 402))
      expect(await messageOf(refused)).toBe(SPEND_LIMIT_MESSAGES.reached('Script', limit, fits * PRICE[1]));
    expect(await userRow(user.id)).toEqual({ credits: 100 - fits * PRICE[1], consumed: fits * PRICE[1] });
    expect(await ledgerSum(user.id)).toBe(100 - fits * PRICE[1]);
    expect(await countOf("SELECT count(*) AS n FROM credit_ledger WHERE credential_id = ? AND kind = 'try'", id)).toBe(
      fits,
    );
    // Both levels were reached, each claimed once however many tries reached it together.
    const levels = await db()
      .prepare('SELECT level FROM budget_notices WHERE credential_id = ? ORDER BY level')
      .bind(id)
      .all<{ level: number }>();
    expect(levels.results.map((r) => r.level)).toEqual([80, 100]);
    const mails = await settledNotices(user.email, 1);
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(2);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(mails.length);
  });
});

describe('budget notices', () => {
  it('mails the owner once at 80 % and once at 100 % (a refused try counts) of the month', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { token } = await newToken(cookie, 15);
    expect((await tryWith(token, 1)).status).toBe(200); // 7 of 15: no notice
    expect(await settledNotices(user.email, 0)).toEqual([]);
    expect((await tryWith(token, 1)).status).toBe(200); // 14 of 15: 80 %
    const [eighty] = await settledNotices(user.email, 1);
    expect(eighty!.subject).toBe('Your API token “Script” used 80% of its monthly spending limit');
    expect(eighty!.text).toContain('Your API token “Script” has used 80% of its monthly spending limit');
    expect(eighty!.text).toContain('14 credits of its 15 credits spent this month');
    expect(eighty!.text).toContain('http://localhost/settings#where-you-are-signed-in');
    expect(eighty!.text).toContain('Settings');

    // The next try would pass the limit: refused, and that is reaching it.
    expect((await tryWith(token, 1)).status).toBe(402);
    const mails = await settledNotices(user.email, 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Your API token “Script” reached its monthly spending limit');
    expect(mails[1]!.text).toContain('was refused because it would have passed its monthly spending limit');
    expect(mails[1]!.text).toContain('14 credits of its 15 credits spent this month');

    // More refusals, at once or later, mail nothing more this month.
    await Promise.all([1, 2, 3].map(() => tryWith(token, 1)));
    expect((await tryWith(token, 1)).status).toBe(402);
    expect(await settledNotices(user.email, 2)).toHaveLength(2);
  });

  it('mails nothing for a token without a limit', async () => {
    const user = await createUser();
    const { token, id } = await newToken(await signIn(user.id), null);
    for (let i = 0; i < 3; i++) expect((await tryWith(token, 2)).status).toBe(200);
    expect(await settledNotices(user.email, 0)).toEqual([]);
    expect(await countOf('SELECT count(*) AS n FROM budget_notices WHERE credential_id = ?', id)).toBe(0);
  });

  it('names a connected app as such, with where to change its limit', () => {
    const mail = budgetNoticeMail({
      to: 'owner@example.com',
      username: 'owner',
      kind: 'app',
      name: 'Claude',
      limit: 20,
      spent: 20,
      level: 100,
      refused: false,
      settingsLink: 'http://localhost/settings#where-you-are-signed-in',
    });
    expect(mail.subject).toBe('Your connected app “Claude” reached its monthly spending limit');
    expect(mail.text).toContain(
      'Your connected app “Claude” has reached its monthly spending limit: 20 credits of its 20 credits spent this month.',
    );
    expect(mail.text).toContain('Change the limit in Settings: http://localhost/settings#where-you-are-signed-in');
    expect(mail.html).toContain('Claude');
  });
});

describe('connected apps share the table, not the token routes', () => {
  async function appOf(userId: number, spendLimit: number | null) {
    const row = await db()
      .prepare(
        `INSERT INTO api_tokens (user_id, name, scopes, kind, client_id, spend_limit) VALUES (?, 'Claude', 'read try', 'app', ?, ?) RETURNING id`,
      )
      .bind(userId, `client-${crypto.randomUUID()}`, spendLimit)
      .first<{ id: number }>();
    return row!.id;
  }

  it("an app's limit bounds its debits like a token's, and findCredential resolves it", async () => {
    const user = await createUser();
    const appId = await appOf(user.id, 10);
    const holder = await findCredential(db(), appId);
    expect(holder).toMatchObject({ tokenId: appId, name: 'Claude', kind: 'app', scopes: ['read', 'try'] });
    expect(holder!.user).toMatchObject({ id: user.id, role: 'user' });
    const lastUsed = await db().prepare('SELECT last_used_at FROM api_tokens WHERE id = ?').bind(appId).first();
    expect(lastUsed).toEqual({ last_used_at: expect.any(String) });

    const debit = { userId: user.id, reference: 'agent:2', description: 'test', credentialId: appId };
    const first = await chargeOnce(db(), { ...debit, amount: 7, key: `app:${appId}:1` });
    expect(first).toEqual({
      charged: { reference: 'agent:2', balance: 93, consumed: 7 },
      budget: { credentialId: appId, name: 'Claude', kind: 'app', limit: 10, spent: 7 },
    });
    const over = await chargeOnce(db(), { ...debit, amount: 7, key: `app:${appId}:2` });
    expect(over).toEqual({
      charged: null,
      refused: 'limit',
      budget: { credentialId: appId, name: 'Claude', kind: 'app', limit: 10, spent: 7 },
    });
    // A replay of a charged key answers its debit, whatever the limit says now.
    expect((await chargeOnce(db(), { ...debit, amount: 7, key: `app:${appId}:1` })).charged).toEqual(first.charged);
    // A free try spends nothing, so the limit lets it through.
    expect((await chargeOnce(db(), { ...debit, amount: 0, key: `app:${appId}:3` })).charged).not.toBeNull();
    expect(await userRow(user.id)).toEqual({ credits: 93, consumed: 7 });

    await db().prepare("UPDATE api_tokens SET revoked_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").bind(appId).run();
    expect(await findCredential(db(), appId)).toBeNull();
  });

  it('the token routes neither list, count, change nor revoke an app', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const appId = await appOf(user.id, null);
    expect(await okBody(await client(cookie).tokens.$get())).toEqual([]);
    const patched = await call(`/api/tokens/${appId}`, { method: 'PATCH', json: { spendLimit: 5 }, cookie });
    expect(patched.status).toBe(404);
    expect((await call(`/api/tokens/${appId}`, { method: 'DELETE', cookie })).status).toBe(404);
    expect(
      await db().prepare('SELECT spend_limit, revoked_at FROM api_tokens WHERE id = ?').bind(appId).first(),
    ).toEqual({ spend_limit: null, revoked_at: null });
  });
});

describe('MCP try_agent and the limit', () => {
  async function connect(token: string): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
      fetch: (url, init) => exports.default.fetch(new Request(url, init)),
    });
    const mcp = new Client({ name: 'agentmarket-test', version: '1.0.0' });
    await mcp.connect(transport);
    return mcp;
  }

  it('answers a tool error with the same message, and charges nothing', async () => {
    const user = await createUser();
    const { token } = await newToken(await signIn(user.id), 10);
    const mcp = await connect(token);
    const result = await mcp.callTool({ name: 'try_agent', arguments: { agentId: 2, expectedCost: 12 } });
    expect(result.isError).toBe(true);
    expect((result as { content: { text: string }[] }).content[0]!.text).toBe(
      SPEND_LIMIT_MESSAGES.reached('Script', 10, 0),
    );
    expect(await userRow(user.id)).toEqual({ credits: 100, consumed: 0 });
    await mcp.close();
  });
});
