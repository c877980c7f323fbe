// The marketplace as an A2A agent, driven by the A2A project's own SDK as another agent would: the
// card it resolves from the well-known address, the 1.0 client (SendMessage) and the 0.3 one
// (message/send), and what the endpoint answers to a malformed call, a wrong method or too many calls.
import { AgentCard, Role, type Message, type Part } from '@a2a-js/sdk';
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  type Client,
} from '@a2a-js/sdk/client';
import { LegacyJsonRpcTransport, parseLegacyAgentCard } from '@a2a-js/sdk/compat/v0_3/client';
import {
  DefaultRequestHandler,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  ServerCallContext,
} from '@a2a-js/sdk/server';
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '#common/validation.ts';
import { db, seedCatalog } from '#worker/test/fixtures.ts';
import type { Bindings } from '#worker/env.ts';
import { A2A_MESSAGES } from './answers';
import { agentCard } from './card';
import { catalogueExecutor } from './executor';
import { A2A_CALLS_PER_MINUTE } from './routes';

const CARD_PATH = '/.well-known/agent-card.json';

beforeAll(async () => {
  // LeadScout Pro (1, 7 credits, 4.5 from 10 reviews), LedgerLens (2) and ContractSentry (3).
  await seedCatalog();
});

/** The worker in this test, as the network would reach it; every call the SDK makes is kept. */
function workerFetch(sent: Request[] = []): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    sent.push(request.clone());
    return exports.default.fetch(request);
  };
}

/** A2A 1.0 through the SDK's client, from the card at the well-known address. */
async function client(sent?: Request[]): Promise<Client> {
  const fetchImpl = workerFetch(sent);
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  );
  return factory.createFromUrl('http://localhost');
}

const part = (content: NonNullable<Part['content']>): Part => ({
  content,
  mediaType: '',
  filename: '',
  metadata: undefined,
});
const text = (value: string) => part({ $case: 'text', value });
const data = (value: Record<string, unknown>) => part({ $case: 'data', value });

const userMessage = (...parts: Part[]): Message => ({
  messageId: crypto.randomUUID(),
  contextId: '',
  taskId: '',
  role: Role.ROLE_USER,
  parts,
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
});

type Reply = { text: string; data: { agents?: Record<string, unknown>[] } & Record<string, unknown> };

/** Sends one message and reads the agent's reply: its text part and its data part. */
async function ask(sdk: Client | LegacyJsonRpcTransport, ...parts: Part[]): Promise<Reply> {
  const result = await sdk.sendMessage({
    tenant: '',
    message: userMessage(...parts),
    configuration: undefined,
    metadata: undefined,
  });
  expect('messageId' in result, 'a message, not a task').toBe(true);
  const reply = result as Message;
  expect(reply.role).toBe(Role.ROLE_AGENT);
  const textPart = reply.parts.find((p) => p.content?.$case === 'text')?.content;
  const dataPart = reply.parts.find((p) => p.content?.$case === 'data')?.content;
  return { text: String(textPart?.value), data: dataPart?.value as Reply['data'] };
}

/** A raw JSON-RPC call, as a client not using the SDK would send it. */
function rpc(body: string, headers: Record<string, string> = {}) {
  return exports.default.fetch(
    new Request('http://localhost/a2a', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    }),
  );
}

const rpcError = async (res: Response) => ((await res.json()) as { error: { code: number; message: string } }).error;

describe('the agent card', () => {
  it('is the SDK’s AgentCard for A2A 1.0, pointing at this deployment’s endpoint whatever the Host', async () => {
    const res = await exports.default.fetch(
      new Request(`http://forged.example${CARD_PATH}`, { headers: { 'A2A-Version': '1.0' } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(res.headers.get('Vary')).toBe('A2A-Version');
    const card = (await res.json()) as Record<string, unknown>;
    // Every field is one the SDK's AgentCard has, of its type: reading it back changes nothing.
    expect(AgentCard.toJSON(AgentCard.fromJSON(card))).toEqual(card);
    expect(card).toMatchObject({
      name: 'AgentMarket',
      supportedInterfaces: [
        { url: 'http://localhost/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: 'http://localhost/a2a', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
      ],
      capabilities: { streaming: false, pushNotifications: false },
      defaultInputModes: ['text/plain', 'application/json'],
    });
    expect((card.skills as { id: string }[]).map((s) => s.id)).toEqual(['find-agents', 'describe-agent']);
    expect(JSON.stringify(card)).not.toContain('forged.example');
  });

  it('is A2A 0.3’s card for a client that does not ask for 1.0, and the SDK’s 0.3 reader takes it', async () => {
    const res = await exports.default.fetch(new Request(`http://localhost${CARD_PATH}`));
    expect(res.status).toBe(200);
    const card = (await res.json()) as Record<string, unknown>;
    expect(card).toMatchObject({
      name: 'AgentMarket',
      url: 'http://localhost/a2a',
      preferredTransport: 'JSONRPC',
      protocolVersion: '0.3',
    });
    const read = parseLegacyAgentCard(card);
    expect(read.supportedInterfaces[0]).toMatchObject({ url: 'http://localhost/a2a', protocolVersion: '0.3' });
    expect(read.skills.map((s) => s.id)).toEqual(['find-agents', 'describe-agent']);
  });

  it('answers another method 405 with Allow', async () => {
    const res = await exports.default.fetch(new Request(`http://localhost${CARD_PATH}`, { method: 'DELETE' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, HEAD');
    expect(await res.json()).toEqual({ message: 'This address answers GET, HEAD only', error: expect.any(String) });
  });
});

describe('POST /a2a through the SDK’s 1.0 client', () => {
  it('resolves the card and finds LeadScout Pro for “LeadScout” with SendMessage', async () => {
    const sent: Request[] = [];
    const sdk = await client(sent);
    const reply = await ask(sdk, text('LeadScout'));
    expect(reply.data).toMatchObject({ skill: 'find-agents', query: 'LeadScout', total: 1 });
    expect(reply.data.agents).toEqual([
      {
        id: 1,
        name: 'LeadScout Pro',
        description: 'Finds and qualifies sales leads from public company data.',
        creditCost: 7,
        averageRating: 4.5,
        reviews: 10,
        category: 'Marketing',
        page: 'http://localhost/agents/1',
      },
    ]);
    expect(reply.text).toBe(
      '1 agent matches “LeadScout”:\n1. LeadScout Pro (agent 1): 7 credits per use, rated 4.5 out of 5 from 10 reviews. Finds and qualifies sales leads from public company data. http://localhost/agents/1',
    );
    // What went over the wire: the card asked for as 1.0, then the 1.0 method at the card's URL.
    expect(sent.map((r) => `${r.method} ${r.url} ${r.headers.get('A2A-Version')}`)).toEqual([
      `GET http://localhost${CARD_PATH} 1.0`,
      'POST http://localhost/a2a 1.0',
    ]);
    expect(((await sent[1]!.json()) as { method: string }).method).toBe('SendMessage');
  });

  it('describes an agent by name, by id, or from a data part', async () => {
    const sdk = await client();
    const byName = await ask(sdk, text('describe LeadScout Pro'));
    expect(byName.text.split('\n')).toEqual([
      'LeadScout Pro (agent 1)',
      'Finds and qualifies sales leads from public company data.',
      'Features: Lead scoring, CRM sync',
      'Price: 7 credits per use',
      'Rating: rated 4.5 out of 5 from 10 reviews',
      'Category: Marketing',
      'Made by: alice',
      'Page: http://localhost/agents/1',
    ]);
    expect(byName.data).toEqual({
      skill: 'describe-agent',
      agents: [
        expect.objectContaining({
          id: 1,
          name: 'LeadScout Pro',
          creditCost: 7,
          averageRating: 4.5,
          reviews: 10,
          features: ['Lead scoring', 'CRM sync'],
          creator: 'alice',
          page: 'http://localhost/agents/1',
        }),
      ],
    });
    expect((await ask(sdk, text('describe 2'))).data.agents).toEqual([
      expect.objectContaining({ id: 2, name: 'LedgerLens', creditCost: 12 }),
    ]);
    expect((await ask(sdk, text('What is ContractSentry?'))).data.agents).toEqual([
      expect.objectContaining({ id: 3, name: 'ContractSentry' }),
    ]);
    const structured = await ask(sdk, data({ skill: 'describe-agent', agentId: 2 }));
    expect(structured.text.split('\n')[0]).toBe('LedgerLens (agent 2)');
    // Not quite the name: the closest match, said to be one.
    const closest = await ask(sdk, text('describe LeadScout'));
    expect(closest.text.split('\n').slice(0, 2)).toEqual([
      A2A_MESSAGES.closest('LeadScout'),
      'LeadScout Pro (agent 1)',
    ]);
  });

  it('searches from a data part, with its limit', async () => {
    const sdk = await client();
    const reply = await ask(sdk, data({ skill: 'find-agents', query: 'contracts invoices leads', limit: 2 }));
    expect(reply.data).toMatchObject({ skill: 'find-agents', total: 3 });
    expect(reply.data.agents).toHaveLength(2);
    expect(reply.text.split('\n')[0]).toBe(
      '3 agents match “contracts invoices leads”, matching some of the words; the best 2:',
    );
  });

  it('says clearly what it cannot answer: nothing asked, no match, no such agent, an unknown skill', async () => {
    const sdk = await client();
    const empty = await ask(sdk, text('   '));
    expect(empty.text).toBe(A2A_MESSAGES.help);
    expect(empty.data).toEqual({ skill: null, problem: A2A_MESSAGES.help, skills: ['find-agents', 'describe-agent'] });
    const none = await ask(sdk, text('zzqxv wobblefrotz'));
    expect(none.text).toBe(A2A_MESSAGES.noMatches('zzqxv wobblefrotz'));
    expect(none.data).toMatchObject({ total: 0, agents: [] });
    expect((await ask(sdk, text('describe 999'))).text).toBe(A2A_MESSAGES.noSuchId(999));
    expect((await ask(sdk, text('describe zzqxv'))).text).toBe(A2A_MESSAGES.noSuchName('zzqxv'));
    expect((await ask(sdk, data({ skill: 'dance' }))).text).toBe(A2A_MESSAGES.unknownSkill('dance'));
    expect((await ask(sdk, data({ skill: 'find-agents' }))).text).toBe(A2A_MESSAGES.queryMissing);
    // As long a message as the body allows is read only so far, and answered at once.
    const long = await ask(sdk, text(`describe ${'?'.repeat(60_000)}x`));
    expect(long.text).toBe(A2A_MESSAGES.noSuchName('?'));
  });

  it('tells a failure of its own in its own words, never the internals', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = () => {
      throw new Error('D1_ERROR: no such table: secret_internals');
    };
    const broken = { ...env, DB: { prepare: down, batch: down } } as unknown as Bindings;
    const handler = new DefaultRequestHandler(
      agentCard('http://localhost'),
      new InMemoryTaskStore(),
      catalogueExecutor(broken, 'http://localhost', 'request-1'),
    );
    const answer = await new JsonRpcTransportHandler(handler).handle(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: { message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'LeadScout' }] } },
      },
      new ServerCallContext({ requestedVersion: '1.0' }),
    );
    expect(answer).toMatchObject({ result: { task: { status: { state: 'TASK_STATE_FAILED' } } } });
    expect(JSON.stringify(answer)).toContain(MESSAGES.serverError);
    expect(JSON.stringify(answer)).not.toContain('secret_internals');
    // Our own log line has what happened, for whoever looks into it.
    expect(errors.mock.calls.flat().join('\n')).toMatch(/"msg":"a2a answer failed".*secret_internals/);
    errors.mockRestore();
  });

  it('never shows an agent the moderators hid', async () => {
    await db().prepare("UPDATE agents SET hidden_at = '2026-11-01T00:00:00.000Z' WHERE id = 3").run();
    try {
      const sdk = await client();
      expect((await ask(sdk, text('describe 3'))).text).toBe(A2A_MESSAGES.noSuchId(3));
      expect((await ask(sdk, text('ContractSentry'))).data).toMatchObject({ total: 0 });
    } finally {
      await db().prepare('UPDATE agents SET hidden_at = NULL WHERE id = 3').run();
    }
  });
});

describe('POST /a2a as A2A 0.3 (message/send)', () => {
  it('answers the SDK’s 0.3 client at the 0.3 card’s URL', async () => {
    const card = (await (await exports.default.fetch(new Request(`http://localhost${CARD_PATH}`))).json()) as {
      url: string;
    };
    const sent: Request[] = [];
    const legacy = new LegacyJsonRpcTransport({ endpoint: card.url, fetchImpl: workerFetch(sent) });
    const reply = await ask(legacy, text('LeadScout'));
    expect(reply.data.agents).toEqual([expect.objectContaining({ name: 'LeadScout Pro', creditCost: 7 })]);
    expect(((await sent[0]!.json()) as { method: string }).method).toBe('message/send');
  });

  it('answers a hand-written message/send without A2A-Version with 0.3’s parts', async () => {
    const res = await rpc(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'call-1',
        method: 'message/send',
        params: {
          message: { kind: 'message', messageId: 'm-1', role: 'user', parts: [{ kind: 'text', text: 'LeadScout' }] },
        },
      }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      id: string;
      result: { kind: string; role: string; parts: Record<string, unknown>[] };
    };
    expect(body.id).toBe('call-1');
    expect(body.result).toMatchObject({ kind: 'message', role: 'agent' });
    expect(body.result.parts[0]).toMatchObject({ kind: 'text', text: expect.stringContaining('LeadScout Pro') });
    expect(body.result.parts[1]).toMatchObject({
      kind: 'data',
      data: { skill: 'find-agents', agents: [expect.objectContaining({ id: 1, name: 'LeadScout Pro' })] },
    });
  });
});

describe('POST /a2a refusals', () => {
  it('answers malformed JSON-RPC with JSON-RPC errors, never a 5xx', async () => {
    const cases: [string, Record<string, string>, number][] = [
      ['{"jsonrpc": "2.0", "id": 1, "method": ', {}, -32700],
      ['[1, 2]', {}, -32600],
      // The SDK's 1.0 handler calls a body that is not JSON-RPC malformed (-32602); its 0.3 one, -32600.
      ['{"hello": "world"}', { 'A2A-Version': '1.0' }, -32602],
      ['{"jsonrpc": "2.0", "id": 2, "method": "Dance", "params": {}}', { 'A2A-Version': '1.0' }, -32601],
      ['{"jsonrpc": "2.0", "id": 3, "method": "tasks/dance", "params": {}}', {}, -32601],
      ['{"jsonrpc": "2.0", "id": 4, "method": "SendMessage", "params": "x"}', { 'A2A-Version': '1.0' }, -32602],
      ['{"jsonrpc": "2.0", "id": 5, "method": "message/send", "params": {"message": {"parts": []}}}', {}, -32602],
      ['{"jsonrpc": "2.0", "id": 6, "method": "GetTask", "params": {"id": "nope"}}', { 'A2A-Version': '1.0' }, -32001],
      [
        '{"jsonrpc": "2.0", "id": 7, "method": "SendStreamingMessage", "params": {"message": {"messageId": "m", "role": "ROLE_USER", "parts": [{"text": "x"}]}}}',
        { 'A2A-Version': '1.0' },
        -32004,
      ],
      ['{"jsonrpc": "2.0", "id": 8, "method": "SendMessage", "params": {}}', { 'A2A-Version': '2.0' }, -32009],
      ['{"jsonrpc": "2.0", "id": 9, "method": "message/send", "params": {}}', { 'Content-Type': 'text/plain' }, -32005],
    ];
    for (const [body, headers, code] of cases) {
      const res = await rpc(body, headers);
      expect(res.status, body).toBe(200);
      expect(res.headers.get('X-Content-Type-Options'), body).toBe('nosniff');
      const error = await rpcError(res);
      expect(error.code, body).toBe(code);
      expect(error.message, body).toEqual(expect.any(String));
    }
    expect((await rpcError(await rpc('not json'))).message).toBe(MESSAGES.invalidJson);
  });

  it('answers another method 405 with Allow: POST, as a JSON-RPC error', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await exports.default.fetch(new Request('http://localhost/a2a', { method }));
      expect(res.status, method).toBe(405);
      expect(res.headers.get('Allow')).toBe('POST');
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: 'This address answers POST only' },
      });
    }
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await rpc(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'message/send', params: { pad: 'x'.repeat(70_000) } }),
    );
    expect(res.status).toBe(413);
    expect(await rpcError(res)).toEqual({ code: -32000, message: MESSAGES.tooLarge });
  });

  it('counts calls per client address: over the limit, 429 with Retry-After, other addresses unaffected', async () => {
    await db()
      .prepare('INSERT INTO auth_throttle (key, count, window_start) VALUES (?, ?, ?)')
      .bind('a2a:203.0.113.9', A2A_CALLS_PER_MINUTE, Date.now())
      .run();
    const call =
      '{"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": {"kind": "message", "messageId": "m", "role": "user", "parts": [{"kind": "text", "text": "LeadScout"}]}}}';
    const over = await rpc(call, { 'CF-Connecting-IP': '203.0.113.9' });
    expect(over.status).toBe(429);
    expect(over.headers.get('Retry-After')).toBe('60');
    expect(await rpcError(over)).toEqual({ code: -32029, message: A2A_MESSAGES.throttled });
    expect((await rpc(call, { 'CF-Connecting-IP': '203.0.113.10' })).status).toBe(200);
  });
});
