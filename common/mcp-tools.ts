// Input schemas of the MCP endpoint's tools (docs/decisions/0030). The worker validates every tool
// call with these and publishes them to MCP clients as JSON Schema, so the rule exists once.
import * as v from 'valibot';
import { IDEMPOTENCY_KEY } from './validation';
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
        v.description(`How many agents to return (default ${MCP_SEARCH_LIMIT_DEFAULT}, at most ${MCP_SEARCH_LIMIT_MAX})`),
      ),
    ),
  }),
  get_agent: v.object({ agentId }),
  list_categories: v.object({}),
  try_agent: v.object({
    agentId,
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
