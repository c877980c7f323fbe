// POST /mcp: the Model Context Protocol over Streamable HTTP for AI assistants (docs/decisions/0030),
// through the official TypeScript SDK. Stateless: every request is answered on its own (a server and
// transport per request, JSON answers), which suits Workers, where no two requests share an isolate
// reliably. Authenticated by the same personal API tokens as /api.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Hono, type Context } from 'hono';
import { appOrigin, type AppEnv } from '#worker/env.ts';
import { errorBody } from '#worker/lib/http.ts';
import { error, route } from '#worker/lib/openapi.ts';
import { limitBody, securityHeaders } from '#worker/middleware/security.ts';
import { authenticateBearer, bearerOf, forwardAs, type TokenHolder, tokenInQuery, unauthorized } from '#worker/features/tokens/index.ts';
import { TOKEN_MESSAGES } from '#common/api-tokens.ts';
import { callTool, toolList, type ApiCall } from './tools';

/** Hands a request to the whole app (its /api routes), as the worker's fetch handler would. */
export type Dispatch = (request: Request, c: Context<AppEnv>) => Promise<Response>;

export const MCP_POST_ONLY = 'This MCP endpoint is stateless: send JSON-RPC messages with POST';

const SERVER_INFO = { name: 'agentmarket', title: 'AgentMarket', version: '1.0.0' };

function mcpServer(api: ApiCall, origin: string): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {} },
    // The server validates JSON Schemas only for elicitation, which these tools never use; the
    // default (Ajv) would compile code at run time, which Workers forbid.
    jsonSchemaValidator: { getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'JSON Schema validation is not used here' }) },
    instructions:
      'AgentMarket is a marketplace of AI agents. Search the catalogue with search_agents, read one with get_agent, and try one with try_agent, which charges the owner of this token credits exactly as the app does. Check credits with my_balance.',
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList() }));
  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(request.params.name, request.params.arguments, api, origin));
  return server;
}

/** Calls of the API made for `holder`: already authenticated and counted, so not counted again. */
const apiFor =
  (c: Context<AppEnv>, dispatch: Dispatch, holder: TokenHolder): ApiCall =>
  (path, init = {}) => {
    const request = new Request(new URL(`/api${path}`, c.req.url), { method: init.method ?? 'GET', headers: { Accept: 'application/json', ...init.headers } });
    return dispatch(forwardAs(request, holder), c);
  };

export const mcpRoutes = (dispatch: Dispatch) =>
  new Hono<AppEnv>()
    .use(securityHeaders)
    .use(limitBody)
    .post(
      '/',
      route({
        tag: 'system',
        summary: 'MCP endpoint for AI assistants',
        description:
          'The Model Context Protocol over Streamable HTTP, stateless, JSON answers: JSON-RPC 2.0 messages in, tools search_agents, get_agent, try_agent and my_balance. A personal API token is required; each tool needs its scope.',
        access: 'token',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 request (MCP)' } } } },
        responses: {
          200: { description: 'The JSON-RPC answer', content: { 'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 response (MCP)' } } } },
          401: error('No token, or an unknown or revoked one'),
          429: error('Over the token’s requests a minute'),
        },
      }),
      async (c) => {
        if (tokenInQuery(c.req.url)) return unauthorized(c, TOKEN_MESSAGES.inQuery);
        const token = bearerOf(c);
        if (!token) return unauthorized(c, TOKEN_MESSAGES.missing);
        const holder = await authenticateBearer(c, token);
        if (holder instanceof Response) return holder;
        // Agent page links from the configured origin, never the request's Host (docs/decisions/0024).
        const server = mcpServer(apiFor(c, dispatch, holder), appOrigin(c.env));
        const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        await server.connect(transport);
        return transport.handleRequest(c.req.raw);
      },
    )
    // Stateless: no server-sent event stream to open (GET) and no session to end (DELETE).
    .on(
      ['GET', 'DELETE'],
      '/',
      route({ tag: 'system', summary: 'Not offered by this stateless MCP endpoint', access: 'anyone', responses: { 405: error(MCP_POST_ONLY) } }),
      (c) => {
        c.header('Allow', 'POST');
        return c.json(errorBody(MCP_POST_ONLY), 405);
      },
    );
