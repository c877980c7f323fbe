// Input schemas of the MCP endpoint's tools (docs/decisions/0030). The worker validates every tool
// call with these and publishes them to MCP clients as JSON Schema, so the rule exists once. Also the
// shape of the endpoint's refusals, for its OpenAPI description.
import * as v from 'valibot';
import { IDEMPOTENCY_KEY, MESSAGES } from './validation';
/** An assistant reads every result it gets: a short list by default, never a whole catalogue page. */
export const MCP_SEARCH_LIMIT_DEFAULT = 10;
export const MCP_SEARCH_LIMIT_MAX = 25;

const agentId = v.pipe(
  v.number('agentId must be a number'),
  v.integer('agentId must be a whole number'),
  v.minValue(1, 'agentId must be at least 1'),
  v.description("The agent's id, as search_agents returns it"),
);

export const MCP_TOOL_INPUTS = {
  search_agents: v.object({
    query: v.pipe(
      v.string('query must be text'),
      v.trim(),
      v.minLength(1, 'query must not be empty'),
      v.maxLength(200, 'query must be at most 200 characters'),
      v.description('Words to look for in agent names, descriptions, categories and features'),
    ),
    limit: v.optional(
      v.pipe(
        v.number('limit must be a number'),
        v.integer('limit must be a whole number'),
        v.minValue(1, 'limit must be at least 1'),
        v.maxValue(MCP_SEARCH_LIMIT_MAX, `limit must be at most ${MCP_SEARCH_LIMIT_MAX}`),
        v.description(
          `How many agents to return (default ${MCP_SEARCH_LIMIT_DEFAULT}, at most ${MCP_SEARCH_LIMIT_MAX})`,
        ),
      ),
    ),
  }),
  get_agent: v.object({ agentId }),
  list_categories: v.object({}),
  try_agent: v.object({
    agentId,
    // Optional here so that a call without it is told the current price instead of a schema error;
    // the tool never charges without it (docs/decisions/0030: a program's try carries it like a tap).
    expectedCost: v.optional(
      v.pipe(
        v.number(MESSAGES.expectedCost),
        v.integer(MESSAGES.expectedCost),
        v.minValue(0, MESSAGES.expectedCost),
        v.description(
          'The credits per use you were shown (creditCost of get_agent or search_agents); nothing is charged if the price differs',
        ),
      ),
    ),
    idempotencyKey: v.optional(
      v.pipe(
        v.string('idempotencyKey must be text'),
        v.regex(IDEMPOTENCY_KEY, 'idempotencyKey must be 8-128 letters, digits, dots, colons, dashes or underscores'),
        v.description('Send the same key again to retry without being charged twice'),
      ),
    ),
  }),
  my_balance: v.object({}),
} as const;

export type McpToolName = keyof typeof MCP_TOOL_INPUTS;

/** Every refusal of /mcp (bad token, foreign origin, over the limit...): a JSON-RPC 2.0 error object. */
export const mcpErrorSchema = v.object({
  jsonrpc: v.literal('2.0'),
  id: v.null(),
  error: v.object({
    code: v.pipe(
      v.number(),
      v.integer(),
      v.description(
        '-32001 no valid token, -32003 foreign origin, -32029 over the limit, -32700 not JSON, -32000 other',
      ),
    ),
    message: v.pipe(v.string(), v.description('Why, in words a person can read')),
  }),
});
