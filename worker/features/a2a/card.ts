// The marketplace as an A2A agent (Agent2Agent protocol): its agent card. The card speaks A2A 1.0, the
// protocol @a2a-js/sdk 1.x implements, and lists the same JSON-RPC endpoint a second time as A2A 0.3
// (message/send), as the SDK's own compatibility layer does, so clients of either version reach it.
// Its addresses come from the configured origin, never a request's Host (docs/decisions/0024).
import { AgentCard, type AgentSkill } from '@a2a-js/sdk';
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3';

/** Where the JSON-RPC endpoint is mounted (worker/app.ts), under the configured origin. */
export const A2A_PATH = '/a2a';

export const SKILL_IDS = { find: 'find-agents', describe: 'describe-agent' } as const;

const MODES = ['text/plain', 'application/json'];

const SKILLS: AgentSkill[] = [
  {
    id: SKILL_IDS.find,
    name: 'Find agents',
    description:
      'Searches the AgentMarket catalogue by words, as its search box does (spelling mistakes forgiven). Answers the best matches as readable lines (name, price in credits, rating, link) and as a data part: { skill, query, total, agents: [{ id, name, description, creditCost, averageRating, reviews, category, page }] }. Send the words as text, or a data part { "skill": "find-agents", "query": "…", "limit": 1-10 }.',
    tags: ['search', 'catalogue', 'marketplace', 'ai agents'],
    examples: ['LeadScout', 'reconcile invoices', 'find agents for contract review'],
    inputModes: MODES,
    outputModes: MODES,
    securityRequirements: [],
  },
  {
    id: SKILL_IDS.describe,
    name: 'Describe an agent',
    description:
      'Describes one agent of the catalogue, named by its id or its name: what it does, its features, its price in credits per use, its rating and the link to its page, as text and as a data part with the same fields as find-agents and more. Send "describe" and the name or id as text ("describe LeadScout Pro", "describe 12", "agent 12"), or a data part { "skill": "describe-agent", "agentId": 12 } or { "skill": "describe-agent", "name": "…" }.',
    tags: ['agent details', 'price', 'rating', 'credits'],
    examples: ['describe LeadScout Pro', 'describe 12', 'what is LedgerLens?'],
    inputModes: MODES,
    outputModes: MODES,
    securityRequirements: [],
  },
];

/** The card in A2A 1.0's shape (the SDK's AgentCard) for the configured `origin`. */
export function agentCard(origin: string): AgentCard {
  return {
    name: 'AgentMarket',
    description:
      'The AgentMarket marketplace of AI agents, as an agent: finds agents in its catalogue by words and describes one (what it does, its price in credits, its rating and its page). Read-only and open to anyone; trying an agent needs an account (the app or its MCP endpoint).',
    supportedInterfaces: duplicateInterfacesForLegacy(
      [{ url: `${origin}${A2A_PATH}`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
      ['JSONRPC'],
    ),
    provider: { organization: 'AgentMarket', url: origin },
    version: '1.0.0',
    iconUrl: `${origin}/icons/icon-192.png`,
    // Every answer is one message at once: nothing streams, nothing is pushed, no task outlives its request.
    capabilities: { streaming: false, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: MODES,
    defaultOutputModes: MODES,
    skills: SKILLS,
    signatures: [],
  };
}

/**
 * The card as served to a client asking for A2A 1.0: the SDK's own JSON form of it (empty fields left
 * out), so whatever the SDK reads back from it is exactly what it says.
 */
export const agentCardJson = (origin: string): unknown => AgentCard.toJSON(agentCard(origin));

/**
 * The card as A2A 0.3 wrote it (url, preferredTransport, protocolVersion on the card itself), for a
 * client that does not ask for 1.0: what the SDK's compatibility layer serves (its toCompatAgentCard,
 * which only its Express router uses), the 1.0 interfaces kept beside it as that layer keeps them.
 */
export function legacyAgentCardJson(origin: string): Record<string, unknown> {
  const card = agentCard(origin);
  const legacy = card.supportedInterfaces.find((i) => i.protocolVersion === '0.3')!;
  return {
    name: card.name,
    description: card.description,
    version: card.version,
    url: legacy.url,
    preferredTransport: legacy.protocolBinding,
    protocolVersion: legacy.protocolVersion,
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: card.defaultInputModes,
    defaultOutputModes: card.defaultOutputModes,
    skills: card.skills.map(({ id, name, description, tags, examples, inputModes, outputModes }) => ({
      id,
      name,
      description,
      tags,
      examples,
      inputModes,
      outputModes,
    })),
    provider: card.provider,
    iconUrl: card.iconUrl,
    supportsAuthenticatedExtendedCard: false,
    supportedInterfaces: (agentCardJson(origin) as { supportedInterfaces: unknown }).supportedInterfaces,
  };
}
