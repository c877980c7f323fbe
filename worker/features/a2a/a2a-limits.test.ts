// What /a2a refuses before the A2A SDK sees it, and what it never lets the SDK say: JSON nested
// deeper than A2A_MAX_DEPTH, and the internals of an internal error (-32603), in A2A 1.0 and 0.3.
import { DefaultRequestHandler } from '@a2a-js/sdk/server';
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '#common/validation.ts';
import { seedCatalog } from '#worker/test/fixtures.ts';
import { A2A_MESSAGES } from './answers';
import { A2A_MAX_DEPTH } from './routes';

beforeAll(async () => {
  await seedCatalog();
});

let addresses = 0;
/** A JSON-RPC call from an address of its own (the per-address limit stays out of the way). */
const rpc = (body: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(
    new Request('http://localhost/a2a', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `10.98.0.${++addresses}`, ...headers },
      body,
    }),
  );
const answerOf = async (res: Response) =>
  (await res.json()) as { id: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };

/** A message carrying `data` in a data part, as each version writes it. */
const VERSIONS = {
  '0.3': {
    headers: {},
    call: (data: string) =>
      `{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"m1","role":"user","parts":[{"kind":"data","data":{"x":${data}}}]}}}`,
  },
  '1.0': {
    headers: { 'A2A-Version': '1.0' },
    call: (data: string) =>
      `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"data":{"x":${data}}}]}}}`,
  },
} as const;

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('nesting', () => {
  it.each(Object.entries(VERSIONS))(
    'refuses JSON nested 10,000 deep as an invalid request, before the SDK (A2A %s)',
    async (_, { headers, call }) => {
      const res = await rpc(call(nested(10_000)), headers);
      expect(res.status).toBe(200);
      expect(await answerOf(res)).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: A2A_MESSAGES.tooDeep(A2A_MAX_DEPTH) },
      });
      // Arrays count as objects do, at the top too.
      const arrays = await answerOf(await rpc(`${'['.repeat(10_000)}${']'.repeat(10_000)}`, headers));
      expect(arrays.error?.code).toBe(-32600);
    },
  );

  it('reads up to the limit: brackets inside strings do not count, and a call just within it is answered', async () => {
    // The envelope holds the data part 6 levels deep: the rest is the data's.
    const withinLimit = VERSIONS['0.3'].call(nested(A2A_MAX_DEPTH - 6));
    const answer = await answerOf(await rpc(withinLimit));
    expect(answer.error?.code).not.toBe(-32600);
    const text = VERSIONS['0.3'].call(`"${'[{'.repeat(100)}"`);
    expect((await answerOf(await rpc(text))).error?.code).not.toBe(-32600);
    const escaped = VERSIONS['0.3'].call(`"\\"${'{'.repeat(100)}"`);
    expect((await answerOf(await rpc(escaped))).error?.code).not.toBe(-32600);
    // One level more is refused.
    const over = await answerOf(await rpc(VERSIONS['0.3'].call(nested(A2A_MAX_DEPTH - 5))));
    expect(over.error?.code).toBe(-32600);
  });
});

describe('internal errors', () => {
  it.each(Object.entries(VERSIONS))(
    'answer -32603 in the app’s own words, never the internals (A2A %s)',
    async (_, { headers, call }) => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      // A failure inside the SDK, with a message of the kind that must not leave the worker.
      const send = vi
        .spyOn(DefaultRequestHandler.prototype, 'sendMessage')
        .mockRejectedValue(new Error('D1_ERROR: no such table: secret_internals'));
      try {
        const res = await rpc(call('"LeadScout"'), headers);
        const answer = await answerOf(res);
        expect(send).toHaveBeenCalled();
        expect(answer.error).toEqual({ code: -32603, message: MESSAGES.serverError });
        expect(JSON.stringify(answer)).not.toContain('secret_internals');
      } finally {
        send.mockRestore();
        errors.mockRestore();
      }
    },
  );
});
