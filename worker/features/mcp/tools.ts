// The MCP endpoint's tools (docs/decisions/0030). Each tool is one call of the marketplace's own API
// made as the token's owner, so search, scopes and a try's charge and Idempotency-Key behave exactly
// as they do for the app: there is no second implementation to drift.
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { MCP_SEARCH_LIMIT_DEFAULT, MCP_TOOL_INPUTS, type McpToolName } from '#common/mcp-tools.ts';
import type { Agent, Balance, Category, TryResult } from '#common/types.ts';
import { firstIssue } from '#common/validation.ts';

/** Calls the API (a path under /api) as the token's owner. */
export type ApiCall = (path: string, init?: { method?: string; headers?: Record<string, string> }) => Promise<Response>;

export interface ToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
}

const TOOL_TEXT: Record<McpToolName, { title: string; description: string }> = {
  search_agents: {
    title: 'Search agents',
    description: 'Full-text search of the AgentMarket catalogue. Returns the best matches with id, name, description, credit cost, rating and page link. Needs the read scope.',
  },
  get_agent: {
    title: 'Get an agent',
    description: 'Everything the marketplace shows about one agent: descriptions, features, category, creator, rating and credit cost. Needs the read scope.',
  },
  list_categories: {
    title: 'List categories',
    description: 'The catalogue categories with how many agents each holds. Needs the read scope.',
  },
  try_agent: {
    title: 'Try an agent',
    description:
      "Tries an agent for the token's owner and charges its credit cost, exactly like the Try Agent button. Returns the agent's URL to open and the new balance. Send the same idempotencyKey to retry without a second charge. Needs the try scope.",
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
    inputSchema: toJsonSchema(MCP_TOOL_INPUTS[name], { errorMode: 'ignore' }) as { type: 'object'; [key: string]: unknown },
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

/** What an assistant needs of an agent in a list: small, with a link a person can open. */
const brief = (origin: string) => (a: Agent) => ({
  id: a.id,
  name: a.name,
  description: a.description,
  creditCost: a.creditCost,
  averageRating: a.averageRating,
  reviews: a.voteCount,
  category: a.businessCategory ?? a.categoryName,
  department: a.businessDepartment,
  page: `${origin}/agents/${a.id}`,
});

/** Validates a call's arguments with the tool's schema and runs it. */
export async function callTool(name: string, args: unknown, api: ApiCall, origin: string): Promise<ToolResult> {
  if (!(name in MCP_TOOL_INPUTS)) return error(`Unknown tool: ${name}`);
  const tool = name as McpToolName;
  const parsed = v.safeParse(MCP_TOOL_INPUTS[tool], args ?? {});
  if (!parsed.success) return error(firstIssue(parsed.issues));
  const input = parsed.output as Record<string, unknown>;
  switch (tool) {
    case 'search_agents': {
      const q = new URLSearchParams({ q: String(input.query), limit: String(input.limit ?? MCP_SEARCH_LIMIT_DEFAULT) });
      const res = await api(`/agents/search?${q}`);
      return answer<Agent[]>(res, (agents) => ({ total: Number(res.headers.get('X-Total-Count') ?? agents.length), agents: agents.map(brief(origin)) }));
    }
    case 'get_agent':
      return answer<Agent>(await api(`/agents/${input.agentId}`), (a) => ({ ...a, page: `${origin}/agents/${a.id}` }));
    case 'list_categories':
      return answer<Category[]>(await api('/categories'), (list) => ({
        categories: list.map((c) => ({ id: c.id, name: c.name, description: c.description, agentCount: c.agentCount })),
      }));
    case 'try_agent': {
      const headers: Record<string, string> = input.idempotencyKey ? { 'Idempotency-Key': String(input.idempotencyKey) } : {};
      const res = await api(`/agents/${input.agentId}/try`, { method: 'POST', headers });
      return answer<TryResult>(res, (t) => ({
        agentId: input.agentId,
        url: t.url ?? `${origin}/agents/${input.agentId}`,
        balance: t.balance,
        consumed: t.consumed,
        replayed: res.headers.get('Idempotent-Replayed') === 'true',
      }));
    }
    case 'my_balance':
      return answer<Balance>(await api('/credits/balance'), (b) => ({ balance: b.balance, consumed: b.consumed }));
  }
}
