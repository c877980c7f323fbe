// The marketplace as an A2A agent (Agent2Agent protocol), through the A2A project's own SDK
// (@a2a-js/sdk, which speaks A2A 1.0): GET /.well-known/agent-card.json describes it, POST /a2a
// answers its JSON-RPC. The SDK's framework-agnostic JSON-RPC handlers do the protocol: A2A 1.0
// (SendMessage, what the SDK's client sends with `A2A-Version: 1.0`) and A2A 0.3 (message/send, what
// a client sends without the header), chosen by that header as the SDK's own Express handler does.
// Stateless: a request handler, executor and in-memory task store per request (nothing outlives it
// on Workers). Anonymous: it reads the public catalogue only, counted per client address.
import { A2A_VERSION_HEADER } from '@a2a-js/sdk';
import { A2A_LEGACY_PROTOCOL_VERSION } from '@a2a-js/sdk/compat/v0_3';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { A2A_ERROR_CODE } from '@a2a-js/sdk/errors';
import {
  DefaultRequestHandler,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  ServerCallContext,
  UnauthenticatedUser,
  validateVersion,
} from '@a2a-js/sdk/server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MESSAGES } from '#common/validation.ts';
import { appOrigin, type AppEnv } from '#worker/env.ts';
import { errorBody } from '#worker/lib/http.ts';
import { log } from '#worker/lib/log.ts';
import { clientKey, hit } from '#worker/lib/throttle.ts';
import { methodNotAllowedMessage } from '#worker/middleware/method-not-allowed.ts';
import { BODY_LIMIT_BYTES, securityHeaders } from '#worker/middleware/security.ts';
import { A2A_MESSAGES } from './answers';
import { agentCard, agentCardJson, legacyAgentCardJson } from './card';
import { catalogueExecutor } from './executor';

/** Calls one client address may make a minute, as many as an API token may. */
export const A2A_CALLS_PER_MINUTE = 60;
const MINUTE_MS = 60_000;

type RpcError = { code: number; message: string; data?: unknown };
type RpcAnswer = { jsonrpc: string; id: string | number | null; result?: unknown; error?: unknown };

/**
 * A refusal of the endpoint's own (not the protocol's) as a JSON-RPC error, with its HTTP status:
 * -32000, servers' own range, as /mcp answers them; over the limit -32029 (429), as /mcp does.
 */
function rpcRefusal(status: 405 | 413 | 429, message: string, headers: Record<string, string> = {}): Response {
  const error = { code: status === 429 ? -32029 : -32000, message };
  return Response.json({ jsonrpc: '2.0', id: null, error }, { status, headers });
}

/** An error the protocol answers: 200 with the JSON-RPC error object, as the SDK's handlers answer. */
const protocolError = (id: RpcAnswer['id'], error: RpcError): RpcAnswer => ({ jsonrpc: '2.0', id, error });

/** The id of the call the body makes, to answer it with; null when it has none that JSON-RPC allows. */
const callId = (body: unknown): RpcAnswer['id'] => {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
};

/**
 * The deepest nesting of objects and arrays a call may have: the envelope of a message with a data
 * part is 6 levels deep, so a part's data keeps 26. The SDK walks what it is given recursively, and a
 * call nested thousands deep overflowed its stack (answered -32603 with the runtime's message).
 */
export const A2A_MAX_DEPTH = 32;

/**
 * Whether the JSON text nests objects and arrays deeper than `max`: one pass over the text, counting
 * brackets outside strings, before anything parses it.
 */
function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
}

/**
 * An answer as the caller may see it: an internal error (-32603) says the app's own sentence, never
 * the SDK's or the runtime's message (a stack overflow, a library's wording) nor its data; what it
 * said is logged instead.
 */
function withoutInternals<T extends RpcAnswer>(answer: T, requestId: string | undefined): T {
  const error = answer.error as RpcError | undefined;
  if (error?.code !== A2A_ERROR_CODE.INTERNAL_ERROR) return answer;
  log('error', 'a2a internal error', { requestId, message: error.message });
  return { ...answer, error: { code: A2A_ERROR_CODE.INTERNAL_ERROR, message: MESSAGES.serverError } };
}

/** 0.3 when the header is absent, as the SDK reads it: [0.3, 1.0) gets 0.3’s card, anything else 1.0’s. */
function asksForLegacy(version: string | undefined): boolean {
  if (!version?.trim()) return true;
  const [major, minor = 0] = version.split('.').map((n) => Number.parseInt(n, 10));
  return major === 0 && minor! >= 3;
}

const smallBody = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: () => rpcRefusal(413, MESSAGES.tooLarge) });

export const agentCardRoutes = new Hono<AppEnv>()
  .use(securityHeaders)
  .get('/', (c) => {
    const origin = appOrigin(c.env);
    // One address, two shapes: caches keep one per A2A-Version (as the SDK's card handler says).
    c.header('Vary', A2A_VERSION_HEADER);
    c.header('Cache-Control', 'public, max-age=300');
    const card = asksForLegacy(c.req.header(A2A_VERSION_HEADER)) ? legacyAgentCardJson(origin) : agentCardJson(origin);
    return c.json(card as Record<string, unknown>);
  })
  .all('/', (c) => {
    // Every other method is 405 with Allow, as on /api (docs/decisions/0040).
    c.header('Allow', 'GET, HEAD');
    return c.json(errorBody(methodNotAllowedMessage('GET, HEAD')), 405);
  });

export const a2aRoutes = new Hono<AppEnv>()
  .use(securityHeaders)
  .use(smallBody)
  .post('/', async (c) => {
    // Counted before anything is read: a malformed call costs the same as another.
    if ((await hit(c.env.DB, `a2a:${clientKey(c)}`, { windowMs: MINUTE_MS })) > A2A_CALLS_PER_MINUTE)
      return rpcRefusal(429, A2A_MESSAGES.throttled, { 'Retry-After': String(MINUTE_MS / 1000) });

    const version = c.req.header(A2A_VERSION_HEADER) || undefined;
    const legacy = (version ?? A2A_LEGACY_PROTOCOL_VERSION) === A2A_LEGACY_PROTOCOL_VERSION;
    const toRpcError = legacy
      ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError
      : JsonRpcTransportHandler.mapToJSONRPCError;

    // What the SDK's Express handler checks before its JSON-RPC handler runs: the type, then the JSON.
    const type = c.req.header('Content-Type');
    if (type && type.split(';', 1)[0]!.trim().toLowerCase() !== 'application/json') {
      const message = `Unsupported Content-Type "${type.slice(0, 100)}"; expected application/json.`;
      return c.json(protocolError(null, { code: A2A_ERROR_CODE.CONTENT_TYPE_NOT_SUPPORTED, message }));
    }
    const text = await c.req.text();
    if (nestedDeeperThan(text, A2A_MAX_DEPTH))
      return c.json(
        protocolError(null, { code: A2A_ERROR_CODE.INVALID_REQUEST, message: A2A_MESSAGES.tooDeep(A2A_MAX_DEPTH) }),
      );
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return c.json(protocolError(null, { code: A2A_ERROR_CODE.PARSE_ERROR, message: MESSAGES.invalidJson }));
    }
    const requestId = c.var.requestId;

    const origin = appOrigin(c.env);
    const card = agentCard(origin);
    const context = new ServerCallContext({ user: new UnauthenticatedUser(), requestedVersion: version });
    try {
      validateVersion(context.requestedVersion, card, 'JSONRPC');
    } catch (error) {
      return c.json(withoutInternals(protocolError(callId(body), toRpcError(error)), requestId));
    }
    const handler = new DefaultRequestHandler(
      card,
      new InMemoryTaskStore(),
      catalogueExecutor(c.env, origin, c.var.requestId),
    );
    const rpc = legacy ? new LegacyJsonRpcTransportHandler(handler) : new JsonRpcTransportHandler(handler);
    const result = await rpc.handle(body as Record<string, unknown>, context);
    if (!(Symbol.asyncIterator in result)) return c.json(withoutInternals(result as RpcAnswer, requestId));
    // A stream (SendStreamingMessage, SubscribeToTask): the card offers none, so the SDK refuses it as
    // the stream's first step; that refusal is the answer.
    try {
      await result.next();
    } catch (error) {
      return c.json(withoutInternals(protocolError(callId(body), toRpcError(error)), requestId));
    } finally {
      await result.return(undefined);
    }
    return c.json(
      protocolError(callId(body), {
        code: A2A_ERROR_CODE.UNSUPPORTED_OPERATION,
        message: 'Streaming is not supported.',
      }),
    );
  })
  // Only JSON-RPC over POST: any other method is 405 with Allow, as on /api (docs/decisions/0040),
  // as a JSON-RPC error as /mcp answers it.
  .all('/', () => rpcRefusal(405, methodNotAllowedMessage('POST'), { Allow: 'POST' }))
  .onError((err, c) => {
    log('error', 'unhandled error', { requestId: c.var.requestId, method: c.req.method, path: c.req.path, error: err });
    return Response.json(
      { jsonrpc: '2.0', id: null, error: { code: A2A_ERROR_CODE.INTERNAL_ERROR, message: MESSAGES.serverError } },
      { status: 500 },
    );
  });
