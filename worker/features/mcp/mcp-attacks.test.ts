// Attacks on POST /mcp, sent as raw JSON-RPC the way a hostile program or web page would
// (docs/decisions/0030): batches that dodge the per-token limit, foreign origins, prototype names as
// tools, tries without the price the assistant saw. Every refusal is a JSON-RPC error object.
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_MESSAGES, TOKEN_REQUESTS_PER_MINUTE, type CreatedApiToken } from '#common/api-tokens.ts';
import { MESSAGES } from '#common/validation.ts';
import { call, countOf, createUser, db, seedCatalog, signIn } from '#worker/test/fixtures.ts';

beforeAll(async () => {
  await seedCatalog();
});

async function newToken(userId: number, scopes: string[]): Promise<CreatedApiToken> {
  const res = await call('/api/tokens', { json: { name: 'Assistant', scopes }, cookie: await signIn(userId) });
  expect(res.status).toBe(201);
  return (await res.json()) as CreatedApiToken;
}

const MCP_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2025-06-18',
};

/** POST /mcp with a raw body (JSON-RPC message, batch or anything else). */
const post = (body: unknown, headers: Record<string, string> = {}, path = '/mcp') =>
  exports.default.fetch(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

const toolCall = (id: number, name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface RpcAnswer {
  jsonrpc: '2.0';
  id: number | null;
  result?: { isError?: boolean; content: { text: string }[]; structuredContent?: Record<string, unknown> };
  error?: { code: number; message: string };
}

/** The exact JSON-RPC error object every refusal of /mcp must be. */
const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', id: null, error: { code, message } });

const counted = async (tokenId: number) =>
  (
    await db()
      .prepare('SELECT count FROM auth_throttle WHERE key = ?')
      .bind(`api-token:${tokenId}`)
      .first<{ count: number }>()
  )?.count ?? 0;

const balanceOf = async (userId: number) =>
  (await db().prepare('SELECT credits FROM users WHERE id = ?').bind(userId).first<{ credits: number }>())!.credits;

describe('/mcp attacks', () => {
  it('counts every message of a batch against the per-token limit', async () => {
    const user = await createUser();
    const { id, token } = await newToken(user.id, ['read']);
    const batch = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => toolCall(from + i, 'list_categories'));

    const first = await post(batch(1, 40), bearer(token));
    expect(first.status).toBe(200);
    expect((await first.json()) as RpcAnswer[]).toHaveLength(40);
    expect(await counted(id)).toBe(40);

    const second = await post(batch(41, TOKEN_REQUESTS_PER_MINUTE - 40), bearer(token));
    expect(second.status).toBe(200);
    expect(await counted(id)).toBe(TOKEN_REQUESTS_PER_MINUTE);

    // The limit is spent: one more message is refused, as a JSON-RPC error with Retry-After.
    const over = await post(toolCall(99, 'list_categories'), bearer(token));
    expect(over.status).toBe(429);
    expect(over.headers.get('Retry-After')).toBe('60');
    expect(await over.json()).toEqual(rpcError(-32029, TOKEN_MESSAGES.throttled));
  });

  it('refuses a batch of 100 tries in one request with 429, and charges nothing', async () => {
    const user = await createUser();
    const { token } = await newToken(user.id, ['read', 'try']);
    const tries = Array.from({ length: 100 }, (_, i) =>
      toolCall(i + 1, 'try_agent', { agentId: 2, expectedCost: 12, idempotencyKey: `batch-try-${i}` }),
    );
    const res = await post(tries, bearer(token));
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual(rpcError(-32029, TOKEN_MESSAGES.throttled));
    expect(await balanceOf(user.id)).toBe(100);
  });

  it('refuses a foreign Origin with 403; the configured origin and programs without Origin pass', async () => {
    const user = await createUser();
    const { token } = await newToken(user.id, ['read']);
    for (const origin of ['https://evil.example', 'null', 'http://localhost:8787', 'http://localhost.evil.example']) {
      const res = await post(toolCall(1, 'my_balance'), { ...bearer(token), Origin: origin });
      expect(res.status, origin).toBe(403);
      expect(await res.json()).toEqual(rpcError(-32003, MESSAGES.crossSite));
    }
    // Refused before the token is looked at: a page cannot even learn whether a token is valid.
    const noToken = await post(toolCall(1, 'my_balance'), { Origin: 'https://evil.example' });
    expect(noToken.status).toBe(403);

    const own = await post(toolCall(1, 'my_balance'), { ...bearer(token), Origin: 'http://localhost' });
    expect(own.status).toBe(200);
    const program = await post(toolCall(1, 'my_balance'), bearer(token));
    expect(program.status).toBe(200);
    expect(((await program.json()) as RpcAnswer).result?.structuredContent).toEqual({ balance: 100, consumed: 0 });
  });

  it('answers every refusal as a JSON-RPC 2.0 error object, keeping the status and headers', async () => {
    const missing = await post(toolCall(1, 'my_balance'));
    expect(missing.status).toBe(401);
    // Where to connect through OAuth (docs/decisions/0042), and, once a token was sent, that it was refused.
    const challenge =
      'Bearer realm="AgentMarket", resource_metadata="http://localhost/.well-known/oauth-protected-resource/mcp", scope="read try"';
    expect(missing.headers.get('WWW-Authenticate')).toBe(challenge);
    expect(missing.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await missing.json()).toEqual(rpcError(-32001, TOKEN_MESSAGES.missing));

    const unknown = await post(toolCall(1, 'my_balance'), bearer('amk_unknown'));
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('WWW-Authenticate')).toBe(challenge.replace(', ', ', error="invalid_token", '));
    expect(await unknown.json()).toEqual(rpcError(-32001, TOKEN_MESSAGES.invalid));

    const inQuery = await post(toolCall(1, 'my_balance'), {}, '/mcp?access_token=amk_x');
    expect(inQuery.status).toBe(401);
    expect(inQuery.headers.get('WWW-Authenticate')).toBe(challenge);
    expect(await inQuery.json()).toEqual(rpcError(-32001, TOKEN_MESSAGES.inQuery));

    const user = await createUser();
    const { token } = await newToken(user.id, ['read']);
    for (const method of ['GET', 'DELETE']) {
      const res = await exports.default.fetch(new Request('http://localhost/mcp', { method, headers: bearer(token) }));
      expect(res.status, method).toBe(405);
      expect(res.headers.get('Allow')).toBe('POST');
      expect(await res.json()).toEqual(
        rpcError(-32000, 'This MCP endpoint is stateless: send JSON-RPC messages with POST'),
      );
    }

    const tooLarge = await post({ ...toolCall(1, 'search_agents', { query: 'x'.repeat(70 * 1024) }) }, bearer(token));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual(rpcError(-32000, MESSAGES.tooLarge));

    const malformed = await post('{"jsonrpc": "2.0", "id": 1, "method": ', bearer(token));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual(rpcError(-32700, MESSAGES.invalidJson));
  });

  it('answers unknown tools, prototype names included, with JSON-RPC error -32602 and no internals', async () => {
    const user = await createUser();
    const { token } = await newToken(user.id, ['read']);
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'delete_everything']) {
      const res = await post(toolCall(7, name, { agentId: 1 }), bearer(token));
      expect(res.status, name).toBe(200);
      const body = (await res.json()) as RpcAnswer;
      expect(body.result, name).toBeUndefined();
      expect(body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: `Unknown tool: ${name}` } });
    }
  });

  it('try_agent charges nothing at a stale price and says the current one', async () => {
    const user = await createUser();
    const { token } = await newToken(user.id, ['read', 'try']);
    // ContractSentry costs 25; the assistant saw 20.
    const stale = await post(
      toolCall(1, 'try_agent', { agentId: 3, expectedCost: 20, idempotencyKey: 'stale-price-0001' }),
      bearer(token),
    );
    const refused = ((await stale.json()) as RpcAnswer).result!;
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toBe(
      'The price of ContractSentry changed: it now costs 25 credits per use. Nothing was charged. Call try_agent again with expectedCost: 25 to accept it.',
    );
    expect(await balanceOf(user.id)).toBe(100);

    // Accepting the told price charges it, once.
    const accepted = await post(
      toolCall(2, 'try_agent', { agentId: 3, expectedCost: 25, idempotencyKey: 'stale-price-0001' }),
      bearer(token),
    );
    expect(((await accepted.json()) as RpcAnswer).result?.structuredContent).toMatchObject({
      agentId: 3,
      balance: 75,
      consumed: 25,
      replayed: false,
    });
    expect(await balanceOf(user.id)).toBe(75);
  });

  /** try_agent on LedgerLens without expectedCost from a new token with these scopes: the refusal's text, once nothing was charged. */
  async function refusalWithoutCost(scopes: string[]): Promise<string> {
    const user = await createUser();
    const { token } = await newToken(user.id, scopes);
    const res = await post(toolCall(1, 'try_agent', { agentId: 2 }), bearer(token));
    const refused = ((await res.json()) as RpcAnswer).result!;
    expect(refused.isError).toBe(true);
    expect(await balanceOf(user.id)).toBe(100);
    expect(await countOf("SELECT count(*) AS n FROM credit_ledger WHERE user_id = ? AND kind = 'try'", user.id)).toBe(
      0,
    );
    return refused.content[0]!.text;
  }

  it('try_agent without expectedCost charges nothing and names the current price', async () => {
    expect(await refusalWithoutCost(['read', 'try'])).toBe(
      'try_agent needs expectedCost, the credits per use you were shown: LedgerLens costs 12 credits per use. Nothing was charged. Call try_agent again with expectedCost: 12 to accept it.',
    );
  });

  it('try_agent without expectedCost from a try-only token asks for it without the price, and charges nothing', async () => {
    expect(await refusalWithoutCost(['try'])).toBe(
      'try_agent needs expectedCost, the credits per use you were shown (creditCost of get_agent or search_agents). Nothing was charged.',
    );
  });

  it('documents all five tools and every refusal of POST /mcp', async () => {
    const doc = (await (await call('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { description: string; responses: Record<string, unknown> }>>;
    };
    const op = doc.paths['/mcp']!.post!;
    for (const tool of ['search_agents', 'get_agent', 'list_categories', 'try_agent', 'my_balance'])
      expect(op.description).toContain(tool);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '413', '429']);
  });
});
