// POST /mcp: the Model Context Protocol over Streamable HTTP for AI assistants (docs/decisions/0030),
// through the official TypeScript SDK. Stateless: every request is answered on its own (a server and
// transport per request, JSON answers), which suits Workers, where no two requests share an isolate
// reliably. Authenticated by the same personal API tokens as /api, or by an OAuth access token of an
// app the person connected (docs/decisions/0042): either way a credential row with its scopes, its
// per-minute limit and its monthly spending limit.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { appOrigin, type AppEnv } from '#worker/env.ts';
import { log } from '#worker/lib/log.ts';
import { json, RETRY_AFTER, route } from '#worker/lib/openapi.ts';
import { BODY_LIMIT_BYTES, securityHeaders } from '#worker/middleware/security.ts';
import {
  authenticateBearer,
  bearerOf,
  forwardAs,
  type TokenHolder,
  tokenInQuery,
  unauthorized,
} from '#worker/features/tokens/index.ts';
import { findConnection } from '#worker/features/oauth/index.ts';
import { TOKEN_MESSAGES, TOKEN_PREFIX } from '#common/api-tokens.ts';
import { OAUTH_MESSAGES } from '#common/oauth.ts';
import { MCP_TOOL_INPUTS, mcpErrorSchema } from '#common/mcp-tools.ts';
import type { ApiErrorBody } from '#common/types.ts';
import { MESSAGES } from '#common/validation.ts';
import { callTool, toolList, type ApiCall } from './tools';

/** Hands a request to the whole app (its /api routes), as the worker's fetch handler would. */
export type Dispatch = (request: Request, c: Context<AppEnv>) => Promise<Response>;

export const MCP_POST_ONLY = 'This MCP endpoint is stateless: send JSON-RPC messages with POST';

const SERVER_INFO = { name: 'agentmarket', title: 'AgentMarket', version: '1.0.0' };

/** The tools, named in the document's description of POST /mcp: 'a, b and c'. */
const TOOL_NAMES = ((names) => `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`)(Object.keys(MCP_TOOL_INPUTS));

/**
 * JSON-RPC error codes of the endpoint's own refusals, which MCP clients read rather than HTTP
 * bodies. JSON-RPC 2.0 leaves -32000 to -32099 to servers; the last digits echo the HTTP status so
 * the pair is easy to recognise: -32001 no valid token (401), -32003 a foreign Origin (403), -32029
 * over the token's limit (429). Other HTTP-level refusals (405, 413) take -32000, as the SDK's
 * transport does; a body that is not JSON is JSON-RPC's own parse error, -32700, and a failure of
 * ours its internal error, -32603.
 */
const RPC_CODES: Partial<Record<number, number>> = { 400: -32700, 401: -32001, 403: -32003, 429: -32029, 500: -32603 };
const RPC_SERVER_ERROR = -32000;

/** A refusal as a JSON-RPC 2.0 error object (no request id: the request was not read as one). */
function rpcError(status: number, message: string, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('Content-Type', 'application/json');
  h.delete('Content-Length');
  const error = { code: RPC_CODES[status] ?? RPC_SERVER_ERROR, message };
  return new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error }), { status, headers: h });
}

/**
 * The token checks' refusals (worker/features/tokens) answer /api's { message } body: the same
 * status, message and headers (WWW-Authenticate, built there once; Retry-After) as a JSON-RPC error.
 */
async function asRpcError(res: Response): Promise<Response> {
  const { message } = (await res.json()) as ApiErrorBody;
  return rpcError(res.status, message, res.headers);
}

/** The 401's challenge (worker/features/tokens/bearer.ts builds it): where to find how to connect. */
const MCP_CHALLENGE = {
  'WWW-Authenticate':
    'Bearer realm="AgentMarket", resource_metadata="<origin>/.well-known/oauth-protected-resource/mcp", scope="read try"; error="invalid_token" when a token was sent',
};

/** The OpenAPI description of a refusal: a JSON-RPC error object. */
const rpcRefusal = (description: string) => json(mcpErrorSchema, description);

/**
 * The MCP Streamable HTTP transport says servers must check Origin: a web page the person visits
 * could otherwise drive the endpoint (DNS rebinding against a local one, or a token it got hold of).
 * Programs send no Origin and pass; a browser may only come from the app's configured origin.
 */
const appOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header('Origin');
  if (origin !== undefined && origin !== appOrigin(c.env)) return rpcError(403, MESSAGES.crossSite);
  return next();
};

/** The API's body limit, refused as a JSON-RPC error. */
const smallBody = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: () => rpcError(413, MESSAGES.tooLarge) });

/** How many calls a body makes: each message of a batch is one (docs/decisions/0030). */
const callsIn = (body: unknown) => (Array.isArray(body) ? Math.max(1, body.length) : 1);

function mcpServer(api: ApiCall, origin: string): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {} },
    // The server validates JSON Schemas only for elicitation, which these tools never use; the
    // default (Ajv) would compile code at run time, which Workers forbid.
    jsonSchemaValidator: {
      getValidator: () => () => ({
        valid: false,
        data: undefined,
        errorMessage: 'JSON Schema validation is not used here',
      }),
    },
    instructions:
      'AgentMarket is a marketplace of AI agents. Search the catalogue with search_agents or browse list_categories, read one with get_agent, and try one with try_agent, sending the creditCost you were shown as expectedCost: it charges the owner of this token credits exactly as the app does. Check credits with my_balance.',
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList() }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(request.params.name, request.params.arguments, api, origin),
  );
  return server;
}

/** Calls of the API made for `holder`: already authenticated and counted, so not counted again. */
const apiFor =
  (c: Context<AppEnv>, dispatch: Dispatch, holder: TokenHolder): ApiCall =>
  (path, init = {}) => {
    const body = init.json === undefined ? undefined : new TextEncoder().encode(JSON.stringify(init.json));
    // Content-Length, so /api's body limit checks the header instead of re-reading the body into a
    // new Request, which would drop the forwardAs mark and make the call anonymous.
    const sent: Record<string, string> = body
      ? { 'Content-Type': 'application/json', 'Content-Length': String(body.byteLength) }
      : {};
    const headers: Record<string, string> = { Accept: 'application/json', ...sent, ...init.headers };
    const request = new Request(new URL(`/api${path}`, c.req.url), { method: init.method ?? 'GET', headers, body });
    return dispatch(forwardAs(request, holder), c);
  };

export const mcpRoutes = (dispatch: Dispatch) =>
  new Hono<AppEnv>()
    .use(securityHeaders)
    .use(appOriginOnly)
    .use(smallBody)
    .post(
      '/',
      route({
        tag: 'system',
        summary: 'MCP endpoint for AI assistants',
        description: `The Model Context Protocol over Streamable HTTP, stateless, JSON answers: JSON-RPC 2.0 messages in (one, or a batch, whose every message counts as one call against the credential’s limit), tools ${TOOL_NAMES}. Authorization: Bearer with an OAuth access token (MCP authorization: discovery from the 401’s resource_metadata, /.well-known/oauth-protected-resource/mcp) or a personal API token; each tool needs its scope. Browsers may call it only from the app’s own origin. Refusals are JSON-RPC 2.0 error objects; any other method is 405 with Allow: POST.`,
        access: 'token',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: ['object', 'array'], description: 'A JSON-RPC 2.0 request (MCP), or a batch of them' },
            },
          },
        },
        responses: {
          200: {
            description: 'The JSON-RPC answer (an array for a batch)',
            content: {
              'application/json': {
                schema: { type: ['object', 'array'], description: 'A JSON-RPC 2.0 response (MCP)' },
              },
            },
          },
          400: rpcRefusal('The body is not JSON, or not JSON-RPC'),
          401: json(
            mcpErrorSchema,
            'No token, or an unknown, expired or revoked one, or a token in the address',
            MCP_CHALLENGE,
          ),
          403: rpcRefusal('Sent by a web page from another origin'),
          413: rpcRefusal('The body is too large'),
          429: json(mcpErrorSchema, 'Over the token’s requests a minute (each message of a batch counts)', RETRY_AFTER),
        },
      }),
      async (c) => {
        if (tokenInQuery(c.req.url)) return asRpcError(unauthorized(c, TOKEN_MESSAGES.inQuery));
        const token = bearerOf(c);
        if (!token) return asRpcError(unauthorized(c, TOKEN_MESSAGES.missing));
        // Read before the token is counted: a batch counts one call per message, so a batch cannot
        // make a hundred calls for the price of one. A body that is not JSON still counts once.
        let body: unknown;
        let parsed = true;
        try {
          body = await c.req.json();
        } catch {
          parsed = false;
        }
        const calls = callsIn(body);
        // A personal API token by its prefix; anything else is an OAuth access token of a connected app.
        const holder = await authenticateBearer(
          c,
          token,
          token.startsWith(TOKEN_PREFIX)
            ? { calls }
            : { calls, find: (t) => findConnection(c.env, t), invalid: OAUTH_MESSAGES.accessInvalid },
        );
        if (holder instanceof Response) return asRpcError(holder);
        if (!parsed) return rpcError(400, MESSAGES.invalidJson);
        // Agent page links from the configured origin, never the request's Host (docs/decisions/0024).
        const server = mcpServer(apiFor(c, dispatch, holder), appOrigin(c.env));
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        await server.connect(transport);
        return transport.handleRequest(c.req.raw, { parsedBody: body });
      },
    )
    // Stateless: no server-sent event stream to open (GET), no session to end (DELETE), nothing else:
    // every other method is 405 with Allow, as on /api (docs/decisions/0040), as a JSON-RPC error.
    .all('/', () => rpcError(405, MCP_POST_ONLY, { Allow: 'POST' }))
    // Even a failure of our own reaches the client as JSON-RPC, logged as the app logs its own.
    .onError((err, c) => {
      log('error', 'unhandled error', {
        requestId: c.var.requestId,
        method: c.req.method,
        path: c.req.path,
        error: err,
      });
      return rpcError(500, MESSAGES.serverError);
    });
