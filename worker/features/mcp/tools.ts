// The MCP endpoint's tools (docs/decisions/0030). Each tool is one call of the marketplace's own API
// made as the token's owner, so search, scopes and a try's charge and Idempotency-Key behave exactly
// as they do for the app: there is no second implementation to drift.
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { MCP_SEARCH_LIMIT_DEFAULT, MCP_TOOL_INPUTS, type McpToolName } from '#common/mcp-tools.ts';
import type { Agent, Balance, Category, TryResult } from '#common/types.ts';
import { firstIssue } from '#common/validation.ts';
import { agentBrief } from '#worker/lib/agent-brief.ts';

/** Calls the API (a path under /api) as the token's owner; `json` is sent as the JSON body. */
export type ApiCall = (
  path: string,
  init?: { method?: string; headers?: Record<string, string>; json?: unknown },
) => Promise<Response>;

/**
 * A call of a tool that does not exist: thrown, so the SDK answers the JSON-RPC error the MCP
 * specification names for it (-32602) with this message, rather than a tool result.
 */
export class UnknownToolError extends Error {
  readonly code = ErrorCode.InvalidParams;
  constructor(name: string) {
    super(`Unknown tool: ${name}`);
  }
}

export interface ToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
}

const TOOL_TEXT: Record<McpToolName, { title: string; description: string }> = {
  search_agents: {
    title: 'Search agents',
    description:
      'Full-text search of the AgentMarket catalogue. Returns the best matches with id, name, description, credit cost, rating and page link. Needs the read scope.',
  },
  get_agent: {
    title: 'Get an agent',
    description:
      'Everything the marketplace shows about one agent: descriptions, features, category, creator, rating and credit cost. Needs the read scope.',
  },
  list_categories: {
    title: 'List categories',
    description: 'The catalogue categories with how many agents each holds. Needs the read scope.',
  },
  try_agent: {
    title: 'Try an agent',
    description:
      "Tries an agent for the token's owner and charges its credit cost, exactly like the Try Agent button. Send expectedCost, the credits per use you were shown (creditCost of get_agent or search_agents): if the price is different now, or expectedCost is missing, nothing is charged and the answer names the current price to call again with. Returns the agent's URL to open and the new balance. Send the same idempotencyKey to retry without a second charge. Needs the try scope.",
  },
  my_balance: {
    title: 'My balance',
    description: "The token owner's credits: balance and credits used so far. Needs the read scope.",
  },
};

/** The tool list MCP clients see; input schemas are the shared valibot schemas as JSON Schema. */
export const toolList = () =>
  (Object.keys(MCP_TOOL_INPUTS) as McpToolName[]).map((name) => ({
    name,
    ...TOOL_TEXT[name],
    inputSchema: toJsonSchema(MCP_TOOL_INPUTS[name], { errorMode: 'ignore' }) as {
      type: 'object';
      [key: string]: unknown;
    },
    annotations: { readOnlyHint: name !== 'try_agent', idempotentHint: name !== 'try_agent', openWorldHint: false },
  }));

const ok = (data: unknown): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(data, null, 2) }],
  structuredContent: Array.isArray(data) ? { items: data } : (data as Record<string, unknown>),
});
const error = (message: string): ToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

/** The API's answer as data, or its error message as a tool error (never an exception to the client). */
async function answer<T>(res: Response, shape: (body: T) => unknown): Promise<ToolResult> {
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    return error(typeof message === 'string' ? message : `The marketplace answered ${res.status}`);
  }
  return ok(shape(body as T));
}

const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/** The agent's name for a message, or its id when the token may not read it. */
async function agentName(api: ApiCall, id: number): Promise<string> {
  const res = await api(`/agents/${id}`);
  const agent = res.ok ? ((await res.json().catch(() => null)) as Agent | null) : null;
  return agent?.name ?? `agent ${id}`;
}

/**
 * try_agent without expectedCost: charges nothing and names the current price, so the assistant
 * decides with the price in front of it (docs/product.md#credits: the price is the one the person saw).
 */
async function askForExpectedCost(api: ApiCall, id: number): Promise<ToolResult> {
  const res = await api(`/agents/${id}`);
  if (res.status === 404) return answer(res, () => null);
  const agent = res.ok ? ((await res.json().catch(() => null)) as Agent | null) : null;
  // A token with only the try scope may not read the agent: ask without naming the price.
  if (!agent)
    return error(
      'try_agent needs expectedCost, the credits per use you were shown (creditCost of get_agent or search_agents). Nothing was charged.',
    );
  return error(
    `try_agent needs expectedCost, the credits per use you were shown: ${agent.name} costs ${credits(agent.creditCost)} per use. Nothing was charged. Call try_agent again with expectedCost: ${agent.creditCost} to accept it.`,
  );
}

/** What an assistant needs of an agent in a list: the A2A answers' brief, with its department before the link. */
const brief = (origin: string) => (a: Agent) => {
  const { page, ...rest } = agentBrief(origin, a);
  return { ...rest, department: a.businessDepartment, page };
};

/** Validates a call's arguments with the tool's schema and runs it. */
export async function callTool(name: string, args: unknown, api: ApiCall, origin: string): Promise<ToolResult> {
  // Own keys only: `in` would take '__proto__' or 'toString' for tools.
  if (!Object.hasOwn(MCP_TOOL_INPUTS, name)) throw new UnknownToolError(name);
  const tool = name as McpToolName;
  const parsed = v.safeParse(MCP_TOOL_INPUTS[tool], args ?? {});
  if (!parsed.success) return error(firstIssue(parsed.issues));
  const input = parsed.output as Record<string, unknown>;
  switch (tool) {
    case 'search_agents': {
      const q = new URLSearchParams({ q: String(input.query), limit: String(input.limit ?? MCP_SEARCH_LIMIT_DEFAULT) });
      const res = await api(`/agents/search?${q}`);
      return answer<Agent[]>(res, (agents) => ({
        total: Number(res.headers.get('X-Total-Count') ?? agents.length),
        agents: agents.map(brief(origin)),
      }));
    }
    case 'get_agent':
      return answer<Agent>(await api(`/agents/${input.agentId}`), (a) => ({ ...a, page: `${origin}/agents/${a.id}` }));
    case 'list_categories':
      return answer<Category[]>(await api('/categories'), (list) => ({
        categories: list.map((c) => ({ id: c.id, name: c.name, description: c.description, agentCount: c.agentCount })),
      }));
    case 'try_agent': {
      const agentId = input.agentId as number;
      if (input.expectedCost === undefined) return askForExpectedCost(api, agentId);
      const headers: Record<string, string> = input.idempotencyKey
        ? { 'Idempotency-Key': String(input.idempotencyKey) }
        : {};
      // The route compares expectedCost with the current price and charges nothing when they differ.
      const res = await api(`/agents/${agentId}/try`, {
        method: 'POST',
        headers,
        json: { expectedCost: input.expectedCost },
      });
      if (res.status === 409) {
        // A 409 with creditCost is a changed price; other 409s (a key in use) keep the route's message.
        const body = (await res
          .clone()
          .json()
          .catch(() => null)) as { creditCost?: unknown } | null;
        if (typeof body?.creditCost === 'number') {
          const cost = body.creditCost;
          return error(
            `The price of ${await agentName(api, agentId)} changed: it now costs ${credits(cost)} per use. Nothing was charged. Call try_agent again with expectedCost: ${cost} to accept it.`,
          );
        }
      }
      return answer<TryResult>(res, (t) => ({
        agentId,
        url: t.url ?? `${origin}/agents/${agentId}`,
        balance: t.balance,
        consumed: t.consumed,
        replayed: res.headers.get('Idempotent-Replayed') === 'true',
      }));
    }
    case 'my_balance':
      return answer<Balance>(await api('/credits/balance'), (b) => ({ balance: b.balance, consumed: b.consumed }));
  }
}
