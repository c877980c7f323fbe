// What the marketplace's A2A agent understands of a message and what it answers: the card's two
// skills, run on the catalogue's own search and agent reads (worker/features/agents), so the answers
// are what the app shows. Every answer is a readable text and the same facts as data.
import type { Part } from '@a2a-js/sdk';
import type { Agent } from '#common/types.ts';
import type { Bindings } from '#worker/env.ts';
import { agentBrief, agentPage } from '#worker/lib/agent-brief.ts';
import { getCatalogAgent, listCatalog } from '#worker/features/agents/index.ts';
import { SKILL_IDS } from './card';

export const FIND_LIMIT_DEFAULT = 5;
export const FIND_LIMIT_MAX = 10;
/** What is read of a message's words: search reads a few words anyway, and the patterns below stay cheap. */
const TEXT_MAX_CHARS = 300;

export const A2A_MESSAGES = {
  help: 'Send the words to search the AgentMarket catalogue for, such as “lead generation”, or “describe” and an agent’s name or id, such as “describe LeadScout Pro” or “describe 12”.',
  queryMissing: 'find-agents needs a query: the words to search the catalogue for.',
  targetMissing: 'describe-agent needs an agentId (a whole number) or the agent’s name.',
  unknownSkill: (skill: string) => `This agent has no skill “${skill}”: it has find-agents and describe-agent.`,
  noMatches: (query: string) =>
    `No agents match “${query}”. Try other or fewer words, or describe an agent by its name or id.`,
  noSuchId: (id: number) => `No agent has the id ${id}. Search by words to find one.`,
  noSuchName: (name: string) => `No agent is called “${name}”, and none matches those words. Search by other words.`,
  closest: (name: string) => `No agent is called exactly “${name}”; the closest match:`,
  throttled: 'Too many requests from your address. Please wait a minute and try again.',
  /** JSON-RPC -32600: a call nested deeper than the endpoint reads (A2A_MAX_DEPTH, ./routes.ts). */
  tooDeep: (max: number) => `Invalid request: the JSON is nested more than ${max} levels deep.`,
} as const;

/** What a message asks for: a skill with its input, or nothing this agent can do (with the reason to tell). */
export type Ask =
  | { skill: typeof SKILL_IDS.find; query: string; limit: number }
  | { skill: typeof SKILL_IDS.describe; agentId: number }
  | { skill: typeof SKILL_IDS.describe; name: string }
  | { skill: null; problem: string };

export interface Answer {
  text: string;
  data: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A positive whole number given as a number or as digits; null otherwise. */
function idOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

const limitOf = (value: unknown) => {
  const n = idOf(value);
  return n === null ? FIND_LIMIT_DEFAULT : Math.min(n, FIND_LIMIT_MAX);
};

/** A data part's request: { skill, query, limit } or { skill, agentId | name }; the skill may be left out. */
function askOfData(data: Record<string, unknown>): Ask {
  const words = (value: unknown) => (typeof value === 'string' ? value.slice(0, TEXT_MAX_CHARS).trim() : '');
  const query = words(data.query);
  const agentId = idOf(data.agentId);
  const name = words(data.name);
  const skill = data.skill ?? (agentId !== null || name ? SKILL_IDS.describe : SKILL_IDS.find);
  if (skill === SKILL_IDS.find) {
    return query ? { skill, query, limit: limitOf(data.limit) } : { skill: null, problem: A2A_MESSAGES.queryMissing };
  }
  if (skill === SKILL_IDS.describe) {
    if (agentId !== null) return { skill, agentId };
    return name ? { skill, name } : { skill: null, problem: A2A_MESSAGES.targetMissing };
  }
  return { skill: null, problem: A2A_MESSAGES.unknownSkill(String(skill).slice(0, 100)) };
}

// "describe LeadScout Pro", "tell me about 12", "what is LedgerLens?", "agent #12": one agent.
const DESCRIBE =
  /^(?:describe|tell me about|details (?:of|for|on)|what is|what's)\s+(?:the\s+)?(?:agent\s+)?(.+?)[\s?.!]*$/iu;
const BARE_ID = /^(?:agent\s*)?#?(\d{1,15})$/iu;
// "find agents for invoices", "search for lead scoring": the words after the request are the query.
const FIND =
  /^(?:please\s+)?(?:find|search(?:\s+for)?|look\s+for|show(?:\s+me)?|list)\s+(?:(?:an?|some|the)\s+)?(?:agents?\b\s*)?(?:(?:for|that|which|to|about)\s+)?/iu;

function askOfText(text: string): Ask {
  const bare = BARE_ID.exec(text);
  if (bare) return { skill: SKILL_IDS.describe, agentId: Number(bare[1]) };
  const describe = DESCRIBE.exec(text);
  if (describe) {
    const target = describe[1]!.trim();
    const id = BARE_ID.exec(target);
    return id ? { skill: SKILL_IDS.describe, agentId: Number(id[1]) } : { skill: SKILL_IDS.describe, name: target };
  }
  const query = text.replace(FIND, '').trim();
  return query
    ? { skill: SKILL_IDS.find, query, limit: FIND_LIMIT_DEFAULT }
    : { skill: null, problem: A2A_MESSAGES.help };
}

/** What the parts of a message ask: its first structured part if it has one, else its words. */
export function askOf(parts: Part[]): Ask {
  for (const part of parts) {
    if (part.content?.$case === 'data' && isRecord(part.content.value)) return askOfData(part.content.value);
  }
  const text = parts
    .flatMap((part) => (part.content?.$case === 'text' ? [part.content.value] : []))
    .join(' ')
    .replace(/\s+/gu, ' ')
    .slice(0, TEXT_MAX_CHARS)
    .trim();
  return text ? askOfText(text) : { skill: null, problem: A2A_MESSAGES.help };
}

// ---------------------------------------------------------------------------------------------
// Answers

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const price = (a: Agent) => (a.creditCost === 0 ? 'free to use' : `${plural(a.creditCost, 'credit')} per use`);
const rating = (a: Agent) =>
  a.voteCount === 0
    ? 'no reviews yet'
    : `rated ${Number(a.averageRating.toFixed(1))} out of 5 from ${plural(a.voteCount, 'review')}`;
/** Everything a caller needs to decide on one agent. */
const detail = (origin: string, a: Agent) => ({
  ...agentBrief(origin, a),
  longDescription: a.longDescription,
  features: a.features,
  department: a.businessDepartment,
  creator: a.creatorUsername,
});

async function find(env: Bindings, origin: string, query: string, limit: number): Promise<Answer> {
  const page = await listCatalog(env, { q: query, limit });
  const data = {
    skill: SKILL_IDS.find,
    query,
    total: page.total,
    agents: page.agents.map((a) => agentBrief(origin, a)),
  };
  if (page.agents.length === 0) return { text: A2A_MESSAGES.noMatches(query), data };
  const searched = page.corrected ? ` (searched for “${page.corrected}”)` : '';
  const some = page.anyTerm ? ', matching some of the words' : '';
  const best = page.total > page.agents.length ? `; the best ${page.agents.length}` : '';
  const lines = page.agents.map(
    (a, i) =>
      `${i + 1}. ${a.name} (agent ${a.id}): ${price(a)}, ${rating(a)}. ${a.description} ${agentPage(origin, a)}`,
  );
  return {
    text: [
      `${plural(page.total, 'agent')} ${page.total === 1 ? 'matches' : 'match'} “${query}”${searched}${some}${best}:`,
      ...lines,
    ].join('\n'),
    data: page.corrected ? { ...data, correctedQuery: page.corrected } : data,
  };
}

function described(origin: string, a: Agent, intro?: string): Answer {
  const lines = [
    ...(intro ? [intro] : []),
    `${a.name} (agent ${a.id})`,
    a.description,
    ...(a.longDescription && a.longDescription !== a.description ? [a.longDescription] : []),
    ...(a.features.length ? [`Features: ${a.features.join(', ')}`] : []),
    `Price: ${price(a)}`,
    `Rating: ${rating(a)}`,
    ...(agentBrief(origin, a).category ? [`Category: ${agentBrief(origin, a).category}`] : []),
    ...(a.creatorUsername ? [`Made by: ${a.creatorUsername}`] : []),
    `Page: ${agentPage(origin, a)}`,
  ];
  return { text: lines.join('\n'), data: { skill: SKILL_IDS.describe, agents: [detail(origin, a)] } };
}

const normalName = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();

async function describeByName(env: Bindings, origin: string, name: string): Promise<Answer> {
  // The catalogue's search ranks name matches first; an agent of exactly that name wins over them.
  const page = await listCatalog(env, { q: name, limit: FIND_LIMIT_MAX });
  const exact = page.agents.find((a) => normalName(a.name) === normalName(name));
  const agent = exact ?? page.agents[0];
  if (!agent) return { text: A2A_MESSAGES.noSuchName(name), data: { skill: SKILL_IDS.describe, name, agents: [] } };
  return described(origin, agent, exact ? undefined : A2A_MESSAGES.closest(name));
}

/** Runs what was asked against the catalogue anyone may see (hidden agents stay hidden). */
export async function answer(env: Bindings, origin: string, ask: Ask): Promise<Answer> {
  switch (ask.skill) {
    case null:
      return { text: ask.problem, data: { skill: null, problem: ask.problem, skills: Object.values(SKILL_IDS) } };
    case SKILL_IDS.find:
      return find(env, origin, ask.query, ask.limit);
    case SKILL_IDS.describe: {
      if ('name' in ask) return describeByName(env, origin, ask.name);
      const agent = await getCatalogAgent(env, ask.agentId);
      return agent
        ? described(origin, agent)
        : {
            text: A2A_MESSAGES.noSuchId(ask.agentId),
            data: { skill: SKILL_IDS.describe, agentId: ask.agentId, agents: [] },
          };
    }
  }
}
