// The MCP endpoint driven by the SDK's own client, as an assistant would (docs/decisions/0030).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_MESSAGES, type CreatedApiToken } from '#common/api-tokens.ts';
import { MCP_TOOL_INPUTS } from '#common/mcp-tools.ts';
import { MESSAGES } from '#common/validation.ts';
import { call, countOf, createUser, db, seedCatalog, signIn } from '#worker/test/fixtures.ts';

beforeAll(async () => {
  await seedCatalog();
  await db().prepare("UPDATE agents SET external_url = 'https://agents.example.com/ledger-lens' WHERE id = 2").run();
});

async function newToken(userId: number, scopes: string[]): Promise<CreatedApiToken> {
  const res = await call('/api/tokens', { json: { name: 'Assistant', scopes }, cookie: await signIn(userId) });
  expect(res.status).toBe(201);
  return (await res.json()) as CreatedApiToken;
}

/** An SDK client speaking to the worker in this test (no network), with the token as a client would send it. */
async function connect(token: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    fetch: (url, init) => exports.default.fetch(new Request(url, init)),
  });
  const client = new Client({ name: 'agentmarket-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

type Structured = Record<string, unknown>;
const structured = (result: unknown) => (result as { structuredContent: Structured }).structuredContent;
const text = (result: unknown) => (result as { content: { text: string }[] }).content[0]!.text;

describe('/mcp', () => {
  it('lists the tools with the shared schemas as JSON Schema', async () => {
    const user = await createUser();
    const client = await connect((await newToken(user.id, ['read'])).token);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(MCP_TOOL_INPUTS).sort());
    const search = tools.find((t) => t.name === 'search_agents')!;
    expect(search.inputSchema).toMatchObject({
      type: 'object',
      required: ['query'],
      properties: { query: { type: 'string' }, limit: { type: 'integer', maximum: 25 } },
    });
    await client.close();
  });

  it('searches, opens an agent, lists categories and tells the balance', async () => {
    const user = await createUser({ credits: 70 });
    const client = await connect((await newToken(user.id, ['read'])).token);
    const found = structured(await client.callTool({ name: 'search_agents', arguments: { query: 'invoices' } }));
    expect(found.agents).toEqual([
      expect.objectContaining({ id: 2, name: 'LedgerLens', creditCost: 12, page: 'http://localhost/agents/2' }),
    ]);
    const agent = structured(await client.callTool({ name: 'get_agent', arguments: { agentId: 1 } }));
    expect(agent).toMatchObject({ id: 1, name: 'LeadScout Pro', features: ['Lead scoring', 'CRM sync'] });
    const categories = structured(await client.callTool({ name: 'list_categories', arguments: {} }));
    expect((categories.categories as { name: string }[]).map((c) => c.name)).toEqual(
      expect.arrayContaining(['Marketing', 'Finance', 'Legal']),
    );
    expect(structured(await client.callTool({ name: 'my_balance', arguments: {} }))).toEqual({
      balance: 70,
      consumed: 0,
    });

    const missing = await client.callTool({ name: 'get_agent', arguments: { agentId: 999999 } });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toBe(MESSAGES.agentNotFound);
    // Arguments are checked by the shared schema, with its message.
    const bad = await client.callTool({ name: 'search_agents', arguments: { query: '', limit: 500 } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toBe('query must not be empty');
    await client.close();
  });

  it('tries an agent: charged once for two calls with the same key, the URL and the new balance returned', async () => {
    const user = await createUser();
    const client = await connect((await newToken(user.id, ['read', 'try'])).token);
    const args = { agentId: 2, expectedCost: 12, idempotencyKey: 'assistant-try-0001' };
    const first = structured(await client.callTool({ name: 'try_agent', arguments: args }));
    const second = structured(await client.callTool({ name: 'try_agent', arguments: args }));
    expect(first).toEqual({
      agentId: 2,
      url: 'https://agents.example.com/ledger-lens',
      balance: 88,
      consumed: 12,
      replayed: false,
    });
    expect(second).toEqual({ ...first, replayed: true });
    expect(await countOf("SELECT count(*) AS n FROM credit_ledger WHERE user_id = ? AND kind = 'try'", user.id)).toBe(
      1,
    );
    expect(structured(await client.callTool({ name: 'my_balance', arguments: {} }))).toEqual({
      balance: 88,
      consumed: 12,
    });
    await client.close();
  });

  it('try_agent needs the try scope, and nothing is charged without it', async () => {
    const user = await createUser();
    const client = await connect((await newToken(user.id, ['read'])).token);
    const refused = await client.callTool({ name: 'try_agent', arguments: { agentId: 2, expectedCost: 12 } });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toBe(TOKEN_MESSAGES.scopeMissing('try'));
    expect(structured(await client.callTool({ name: 'my_balance', arguments: {} }))).toEqual({
      balance: 100,
      consumed: 0,
    });
    await client.close();
  });

  it('answers 401 without a token, with an unknown or a revoked one', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const post = (headers: Record<string, string>) =>
      exports.default.fetch(
        new Request('http://localhost/mcp', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
          body: JSON.stringify(initialize),
        }),
      );
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('WWW-Authenticate')).toContain('Bearer');
    expect(await none.json()).toMatchObject({ jsonrpc: '2.0', error: { message: TOKEN_MESSAGES.missing } });
    expect((await post({ Authorization: 'Bearer amk_unknown' })).status).toBe(401);

    const user = await createUser();
    const { id, token } = await newToken(user.id, ['read']);
    expect((await post({ Authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await call(`/api/tokens/${id}`, { method: 'DELETE', cookie: await signIn(user.id) })).status).toBe(200);
    const revoked = await post({ Authorization: `Bearer ${token}` });
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ jsonrpc: '2.0', error: { message: TOKEN_MESSAGES.invalid } });
    // The SDK's client surfaces the refusal as an error rather than hanging.
    await expect(connect(token)).rejects.toThrow();
    // Stateless: no stream to open.
    expect(
      (
        await exports.default.fetch(
          new Request('http://localhost/mcp', { headers: { Authorization: `Bearer ${token}` } }),
        )
      ).status,
    ).toBe(405);
  });
});
