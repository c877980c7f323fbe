// Settings → Connected apps (docs/decisions/0042): the owner's list, limits and revoking, session only.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '#common/api-schemas.ts';
import { SPEND_LIMIT_MESSAGES, TOKEN_MESSAGES } from '#common/api-tokens.ts';
import { OAUTH_MESSAGES } from '#common/oauth.ts';
import { call, createUser, db, messageOf, seedCatalog, signIn } from '#worker/test/fixtures.ts';
import { connect, mcpCall, refresh } from './test-client';

beforeAll(async () => {
  await seedCatalog();
});

const list = async (cookie: string) => {
  const res = await call('/api/connections', { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Connection[];
};
const patch = (cookie: string, id: number | string, json: unknown) =>
  call(`/api/connections/${id}`, { method: 'PATCH', json, cookie });
const remove = (cookie: string, id: number | string) => call(`/api/connections/${id}`, { method: 'DELETE', cookie });

describe('/api/connections', () => {
  it('lists the owner’s apps, newest first, with their limits and what they spent this month', async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const older = await connect(cookie, { scopes: ['read'], spendLimit: null });
    const newer = await connect(cookie, { spendLimit: 40 });
    // A try by the newer one: what it spent shows beside its limit.
    const tried = await mcpCall(newer.tokens.access_token, 'tools/call', {
      name: 'try_agent',
      arguments: { agentId: 2, expectedCost: 12 },
    });
    expect(((await tried.json()) as { result: { isError?: boolean } }).result.isError).toBeFalsy();
    // A personal token of the same person is not an app.
    expect((await call('/api/tokens', { json: { name: 'Script', scopes: ['read'] }, cookie })).status).toBe(201);

    const apps = await list(cookie);
    expect(apps).toEqual([
      {
        id: expect.any(Number),
        name: 'Test Assistant',
        clientName: 'Test Assistant',
        clientId: newer.clientId,
        scopes: ['read', 'try'],
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        spendLimit: 40,
        spentThisMonth: 12,
      },
      {
        id: expect.any(Number),
        name: 'Test Assistant',
        clientName: 'Test Assistant',
        clientId: older.clientId,
        scopes: ['read'],
        createdAt: expect.any(String),
        lastUsedAt: null,
        spendLimit: null,
        spentThisMonth: 0,
      },
    ]);
    expect(JSON.stringify(apps)).not.toContain(newer.tokens.access_token);
    // Someone else sees none of them.
    expect(await list(await signIn((await createUser()).id))).toEqual([]);
  });

  it('changes a limit; refuses a bad one; 404 for someone else’s, a revoked or an unknown app', async () => {
    const owner = await signIn((await createUser()).id);
    const stranger = await signIn((await createUser()).id);
    await connect(owner);
    const [app] = await list(owner);
    const changed = await patch(owner, app!.id, { spendLimit: 75 });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ ...app, spendLimit: 75 });
    const unlimited = await patch(owner, app!.id, { spendLimit: null });
    expect(((await unlimited.json()) as Connection).spendLimit).toBeNull();

    for (const json of [{ spendLimit: 0 }, { spendLimit: 1.5 }, { spendLimit: '20' }, {}]) {
      const res = await patch(owner, app!.id, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await messageOf(res)).toBe(SPEND_LIMIT_MESSAGES.invalid);
    }
    for (const id of [app!.id, 999999, 'abc']) {
      const res = await patch(stranger, id, { spendLimit: 10 });
      expect(res.status, String(id)).toBe(404);
      expect(await messageOf(res)).toBe(OAUTH_MESSAGES.notFound);
    }
    expect((await list(owner))[0]!.spendLimit).toBeNull();
    expect((await remove(owner, app!.id)).status).toBe(200);
    expect((await patch(owner, app!.id, { spendLimit: 10 })).status).toBe(404);
  });

  it('revoking ends the app at once: its tokens, its refresh token and its grants in KV', async () => {
    const user = await createUser();
    const owner = await signIn(user.id);
    const stranger = await signIn((await createUser()).id);
    const { clientId, tokens } = await connect(owner);
    const [app] = await list(owner);
    for (const id of [app!.id, 999999, 'abc']) {
      const res = await remove(stranger, id);
      expect(res.status, String(id)).toBe(404);
      expect(await messageOf(res)).toBe(OAUTH_MESSAGES.notFound);
    }
    expect((await mcpCall(tokens.access_token)).status).toBe(200);

    const res = await remove(owner, app!.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await list(owner)).toEqual([]);
    expect((await mcpCall(tokens.access_token)).status).toBe(401);
    expect((await refresh(clientId, tokens.refresh_token)).status).toBe(400);
    expect((await env.OAUTH_KV!.list({ prefix: `grant:${user.id}:` })).keys).toEqual([]);
    expect((await remove(owner, app!.id)).status).toBe(404);
    const row = await db().prepare('SELECT revoked_at FROM api_tokens WHERE id = ?').bind(app!.id).first();
    expect(row).toEqual({ revoked_at: expect.any(String) });
  });

  it('needs a session: visitors get 401, a personal API token 403', async () => {
    expect((await call('/api/connections')).status).toBe(401);
    expect((await call('/api/connections/1', { method: 'PATCH', json: { spendLimit: 5 } })).status).toBe(401);
    expect((await call('/api/connections/1', { method: 'DELETE' })).status).toBe(401);
    const cookie = await signIn((await createUser()).id);
    const created = await call('/api/tokens', { json: { name: 'Script', scopes: ['read', 'try'] }, cookie });
    const { token } = (await created.json()) as { token: string };
    for (const [method, json] of [
      ['GET', undefined],
      ['PATCH', { spendLimit: 5 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method === 'GET' ? '/api/connections' : '/api/connections/1', {
        method,
        json,
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status, method).toBe(403);
      expect(await messageOf(res)).toBe(TOKEN_MESSAGES.notAllowed);
    }
  });
});
